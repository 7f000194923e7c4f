/** The portal's lease deed of an allotment (decision 035): the parties (the corporation as lessor, the allottee as
 * lessee), the plot, the premium, the term and the covenants the allotment already has (its letter's terms and the
 * estate's rules of ESTATE_TERMS), in the allottee's language. The allottee signs it with Aadhaar eSign; the portal
 * verifies the signature before it becomes the allotment's lease deed. As compose.ts, nothing here touches the
 * database or the PDF. */
import { ESTATE_TERMS } from '@portal/contract';
import type { AllotmentRow } from '../../../repositories/allotments';
import type { ApplicantRow } from '../../applications/repositories/applicants';
import type { ApplicationRow } from '../../../repositories/applications';
import type { AssetRow } from '../../../repositories/assets';
import { addressLines, amountText, assetRows, locationOf } from './compose';
import type { Block, DocumentContent } from './content';
import { fill, type DocumentLanguage } from './texts';

export interface LeaseDeedRecords {
  allotment: AllotmentRow;
  application: ApplicationRow;
  /** The allottee: the allotment's holder. */
  applicant: ApplicantRow;
  asset: AssetRow;
  /** The plot's premium: an auction's winning bid, else the plot's valuation. */
  premium: number;
  corporation: { name: string; address: string };
  /** When the deed is drawn. */
  drawnOn: Date;
}

interface DeedWords {
  title: string;
  number: string;
  intro: string;
  parties: string;
  lessor: string;
  lessee: string;
  plot: string;
  premiumAndTerm: string;
  premium: string;
  term: string;
  termValue: string;
  allotmentNumber: string;
  applicationNumber: string;
  allotmentDate: string;
  covenants: string;
  /** The estate's rules, each a covenant of the lessee or the lessor. */
  rules: {
    dues: string;
    milestones: string;
    use: string;
    cancellation: string;
    end: string;
  };
  signing: string;
}

const WORDS: Record<'en' | 'hi' | 'te', DeedWords> = {
  en: {
    title: 'Lease Deed',
    number: 'Allotment No. {{number}}',
    intro:
      'This lease deed is made on {{date}} between {{corporation}} (the Lessor, "the Corporation") and {{lessee}} (the Lessee, "the Allottee"). The Corporation leases to the Allottee the plot described below on the premium, for the term and under the covenants set out in this deed.',
    parties: 'The parties',
    lessor: 'Lessor',
    lessee: 'Lessee',
    plot: 'The plot',
    premiumAndTerm: 'Premium and term',
    premium: 'Premium',
    term: 'Term of the lease',
    termValue: '{{years}} years from the day possession of the plot is handed over',
    allotmentNumber: 'Allotment number',
    applicationNumber: 'Application number',
    allotmentDate: 'Allotment date',
    covenants: 'Covenants',
    rules: {
      dues: 'The Allottee shall pay the premium, the yearly lease rent and the maintenance charges by the dates the Corporation bills them; dues paid late carry interest.',
      milestones:
        'The Allottee shall commence construction within {{construction}} months and start production within {{production}} months of possession. The Corporation may extend each of these by {{extension}} months at a time, at most {{extensions}} times, on payment of the fee.',
      use: "The Allottee shall use the plot only for the approved project, and shall not transfer, sublet or mortgage it without the Corporation's written permission.",
      cancellation:
        'If the Allottee surrenders the plot, or the Corporation cancels the allotment after a show-cause notice, ten per cent of the premium paid and the earnest money deposit are forfeited and the rest is refunded, less any unpaid dues.',
      end: 'At the end of the term the plot returns to the Corporation with whatever is built on it, unless the lease is renewed.',
    },
    signing:
      "The Allottee signs this deed with Aadhaar eSign. The Allottee's signature and the Corporation's digital signature are in this PDF file, and any PDF reader shows and checks them.",
  },
  hi: {
    title: 'पट्टा विलेख',
    number: 'आवंटन सं. {{number}}',
    intro:
      'यह पट्टा विलेख दिनांक {{date}} को {{corporation}} (पट्टादाता, "निगम") और {{lessee}} (पट्टेदार, "आवंटिती") के बीच निष्पादित किया जाता है। निगम नीचे वर्णित भूखंड इस विलेख में दिए गए प्रीमियम, अवधि और प्रसंविदाओं पर आवंटिती को पट्टे पर देता है।',
    parties: 'पक्षकार',
    lessor: 'पट्टादाता',
    lessee: 'पट्टेदार',
    plot: 'भूखंड',
    premiumAndTerm: 'प्रीमियम और अवधि',
    premium: 'प्रीमियम',
    term: 'पट्टे की अवधि',
    termValue: 'भूखंड का कब्ज़ा सौंपे जाने की तिथि से {{years}} वर्ष',
    allotmentNumber: 'आवंटन संख्या',
    applicationNumber: 'आवेदन संख्या',
    allotmentDate: 'आवंटन की तिथि',
    covenants: 'प्रसंविदाएँ',
    rules: {
      dues: 'आवंटिती प्रीमियम, वार्षिक पट्टा किराया और रखरखाव शुल्क निगम द्वारा बिल की गई तिथियों तक चुकाएगा; देर से चुकाए गए बकाये पर ब्याज लगेगा।',
      milestones:
        'आवंटिती कब्ज़े से {{construction}} महीनों के भीतर निर्माण आरंभ करेगा और {{production}} महीनों के भीतर उत्पादन शुरू करेगा। निगम शुल्क के भुगतान पर इनमें से प्रत्येक को एक बार में {{extension}} महीने, अधिकतम {{extensions}} बार, बढ़ा सकता है।',
      use: 'आवंटिती भूखंड का उपयोग केवल स्वीकृत परियोजना के लिए करेगा, और निगम की लिखित अनुमति के बिना उसे हस्तांतरित, उप-पट्टे पर या बंधक नहीं रखेगा।',
      cancellation:
        'यदि आवंटिती भूखंड अभ्यर्पित करता है, या निगम कारण बताओ नोटिस के बाद आवंटन रद्द करता है, तो चुकाए गए प्रीमियम का दस प्रतिशत और बयाना राशि ज़ब्त की जाएगी और शेष राशि, बकाया घटाकर, लौटा दी जाएगी।',
      end: 'अवधि समाप्त होने पर, यदि पट्टे का नवीनीकरण न हो, तो भूखंड उस पर बने निर्माण सहित निगम को वापस मिल जाएगा।',
    },
    signing:
      'आवंटिती इस विलेख पर आधार ई-साइन से हस्ताक्षर करता है। आवंटिती के हस्ताक्षर और निगम के डिजिटल हस्ताक्षर इसी PDF फ़ाइल में हैं, और कोई भी PDF रीडर उन्हें दिखाता और जाँचता है।',
  },
  te: {
    title: 'లీజు దస్తావేజు',
    number: 'కేటాయింపు సం. {{number}}',
    intro:
      'ఈ లీజు దస్తావేజు {{date}} న {{corporation}} (లీజుదారు, "కార్పొరేషన్") మరియు {{lessee}} (లీజు గ్రహీత, "కేటాయింపుదారు") మధ్య కుదుర్చుకోబడింది. దిగువ వివరించిన ప్లాటును ఈ దస్తావేజులో పేర్కొన్న ప్రీమియం, కాలవ్యవధి మరియు ఒప్పందాలపై కార్పొరేషన్ కేటాయింపుదారుకు లీజుకు ఇస్తుంది.',
    parties: 'పక్షాలు',
    lessor: 'లీజుదారు',
    lessee: 'లీజు గ్రహీత',
    plot: 'ప్లాటు',
    premiumAndTerm: 'ప్రీమియం మరియు కాలవ్యవధి',
    premium: 'ప్రీమియం',
    term: 'లీజు కాలవ్యవధి',
    termValue: 'ప్లాటు స్వాధీనం అప్పగించిన రోజు నుండి {{years}} సంవత్సరాలు',
    allotmentNumber: 'కేటాయింపు సంఖ్య',
    applicationNumber: 'దరఖాస్తు సంఖ్య',
    allotmentDate: 'కేటాయింపు తేదీ',
    covenants: 'ఒప్పందాలు',
    rules: {
      dues: 'కార్పొరేషన్ బిల్లు చేసిన తేదీలలోగా కేటాయింపుదారు ప్రీమియం, వార్షిక లీజు అద్దె మరియు నిర్వహణ ఛార్జీలను చెల్లించాలి; ఆలస్యంగా చెల్లించిన బకాయిలపై వడ్డీ వర్తిస్తుంది.',
      milestones:
        'కేటాయింపుదారు స్వాధీనం నుండి {{construction}} నెలల్లోగా నిర్మాణం ప్రారంభించాలి మరియు {{production}} నెలల్లోగా ఉత్పత్తి మొదలుపెట్టాలి. రుసుము చెల్లించిన మీదట కార్పొరేషన్ వీటిలో ప్రతిదాన్ని ఒకసారికి {{extension}} నెలల చొప్పున, గరిష్ఠంగా {{extensions}} సార్లు పొడిగించవచ్చు.',
      use: 'కేటాయింపుదారు ప్లాటును ఆమోదించిన ప్రాజెక్టుకు మాత్రమే ఉపయోగించాలి, మరియు కార్పొరేషన్ లిఖిత అనుమతి లేకుండా దానిని బదిలీ చేయకూడదు, ఉప-లీజుకు ఇవ్వకూడదు లేదా తనఖా పెట్టకూడదు.',
      cancellation:
        'కేటాయింపుదారు ప్లాటును వదులుకుంటే, లేదా షోకాజ్ నోటీసు తర్వాత కార్పొరేషన్ కేటాయింపును రద్దు చేస్తే, చెల్లించిన ప్రీమియంలో పది శాతం మరియు ధరావతు జప్తు చేయబడతాయి; మిగిలినది, చెల్లించని బకాయిలు మినహాయించి, తిరిగి చెల్లించబడుతుంది.',
      end: 'కాలవ్యవధి ముగిసినప్పుడు, లీజు పునరుద్ధరించబడకపోతే, ప్లాటు దానిపై నిర్మించిన వాటితో సహా కార్పొరేషన్‌కు తిరిగి చెందుతుంది.',
    },
    signing:
      'కేటాయింపుదారు ఈ దస్తావేజుపై ఆధార్ ఇ-సైన్‌తో సంతకం చేస్తారు. కేటాయింపుదారు సంతకం మరియు కార్పొరేషన్ డిజిటల్ సంతకం ఈ PDF ఫైల్‌లోనే ఉన్నాయి, ఏ PDF రీడర్ అయినా వాటిని చూపి తనిఖీ చేస్తుంది.',
  },
};

export function composeLeaseDeed(language: DocumentLanguage, records: LeaseDeedRecords): DocumentContent {
  const { allotment, application, applicant, asset, premium, corporation, drawnOn } = records;
  const { texts } = language;
  const words = WORDS[language.code];
  const lessee = [applicant.organizationName, ...addressLines(language, applicant)].join(', ');
  const validity = allotment.expiryDate ? [texts.allotment.terms.validity] : [];
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.number, { number: allotment.allotmentNumber }),
      right: fill(texts.common.date, { date: language.format.date(drawnOn) }),
    },
    {
      type: 'paragraph',
      text: fill(words.intro, {
        date: language.format.date(drawnOn),
        corporation: corporation.name,
        lessee: applicant.organizationName,
      }),
    },
    { type: 'heading', text: words.parties },
    {
      type: 'facts',
      rows: [
        [words.lessor, `${corporation.name}, ${corporation.address}`],
        [words.lessee, lessee],
        [texts.labels.pan, applicant.panNumber],
      ],
    },
    { type: 'heading', text: words.plot },
    { type: 'facts', rows: assetRows(language, asset) },
    { type: 'heading', text: words.premiumAndTerm },
    {
      type: 'facts',
      rows: [
        [words.premium, amountText(language, premium)],
        [words.term, fill(words.termValue, { years: language.format.number(ESTATE_TERMS.leaseYears) })],
        [words.allotmentNumber, allotment.allotmentNumber],
        [words.applicationNumber, application.applicationNumber],
        [words.allotmentDate, language.format.date(allotment.allotmentDate)],
      ],
    },
    { type: 'heading', text: words.covenants },
    {
      type: 'numbered',
      items: [
        ...[...validity, texts.allotment.terms.leaseDeed, texts.allotment.terms.conversion].map((term) =>
          fill(term, { date: language.format.date(allotment.expiryDate) }),
        ),
        words.rules.dues,
        fill(words.rules.milestones, {
          construction: language.format.number(ESTATE_TERMS.milestoneMonths.commence_construction),
          production: language.format.number(ESTATE_TERMS.milestoneMonths.start_production),
          extension: language.format.number(ESTATE_TERMS.extensionMonths),
          extensions: language.format.number(ESTATE_TERMS.maxExtensionsPerMilestone),
        }),
        words.rules.use,
        words.rules.cancellation,
        texts.allotment.terms.cancellation,
        words.rules.end,
      ],
    },
    { type: 'paragraph', text: words.signing },
    {
      type: 'signoff',
      lines: [fill(texts.common.forCorporation, { corporation: corporation.name }), texts.common.authorisedSignatory],
    },
  ];
  return {
    kind: 'lease_deed',
    subjectId: allotment.id,
    applicationId: application.id,
    documentNumber: allotment.allotmentNumber,
    holderName: applicant.organizationName,
    assetCode: asset.assetCode,
    facts: {
      allotment_number: allotment.allotmentNumber,
      application_number: application.applicationNumber,
      allotment_date: allotment.allotmentDate,
      asset_type: asset.type,
      location: locationOf(asset),
      area: asset.totalArea,
      area_unit: asset.unit,
    },
    language: language.code,
    title: words.title,
    blocks,
  };
}
