/** A scheme's result sheet (decision 018): the record a committee signs, with the commitment published when the
 * scheme opened, the seed revealed at the draw, the published qualified list in its order, and the result, in the
 * officer's language, with the verification code every issued document carries. Application numbers only: no names.
 * As compose.ts, nothing here touches the database or the PDF. */
import type { ApplicantCategory, SchemeMode, SchemeOutcome } from '@portal/contract';
import { isoDay } from '../../../core/dates';
import { beaconDrawSeed } from '../../schemes/rules/scheme-draw';
import type { Block, DocumentContent } from './content';
import { fill, type DocumentLanguage } from './texts';

export interface SchemeSheetRecords {
  scheme: {
    id: string;
    schemeNumber: string;
    title: string;
    mode: SchemeMode;
    opensAt: Date;
    closesAt: Date;
    commitment: string;
    revealedSeed: string | null;
    decidedAt: Date;
    /** A draw's beacon round (decision 034): the chain named at the opening and the round as the draw used it. */
    beaconChain?: { beacon_id: string; hash: string } | null;
    beaconRound?: number | null;
    beaconRandomness?: string | null;
    beaconSignature?: string | null;
    /** SHA-256 of the qualified list, published at the close. */
    qualifiedHash?: string | null;
  };
  decidedByName: string | null;
  qualified: { position: number; applicationNumber: string; plotCode: string; category: string }[];
  result: {
    applicationNumber: string;
    plotCode: string;
    outcome: SchemeOutcome;
    rank: number | null;
    amount: number | null;
  }[];
  /** Auctions: each lot's bids (amount and time), in order. */
  bids: { plotCode: string; amount: number; placedAt: Date }[];
  corporation: string;
  /** The public page's address, printed so a reader can recompute the result. */
  publicUrl: string;
}

interface SheetWords {
  title: string;
  number: string;
  intro: string;
  modes: Record<SchemeMode, string>;
  labels: {
    scheme: string;
    title: string;
    mode: string;
    window: string;
    decidedOn: string;
    decidedBy: string;
    portal: string;
  };
  commitment: string;
  seed: string;
  /** A draw's beacon round, its signature, the list's hash and the order's seed (decision 034). */
  beacon: string;
  beaconSignature: string;
  listHash: string;
  orderSeed: string;
  /** How the mode decided, in one paragraph. */
  rules: Record<SchemeMode, string>;
  qualified: string;
  noneQualified: string;
  columns: {
    position: string;
    application: string;
    plot: string;
    category: string;
    outcome: string;
    rank: string;
    amount: string;
    time: string;
  };
  outcomes: Record<SchemeOutcome, string>;
  /** The applicant categories as the web app names them. */
  categories: Record<ApplicantCategory, string>;
  result: string;
  bids: string;
  check: string;
  signatures: string[];
}

const WORDS: Record<'en' | 'hi' | 'te', SheetWords> = {
  en: {
    title: 'Scheme Result Sheet',
    number: 'Scheme No. {{number}}',
    intro: 'The result of scheme {{number}}, "{{title}}", as the portal decided it.',
    modes: { first_come: 'First come, by submission time', draw: 'Draw of lots', auction: 'E-auction' },
    labels: {
      scheme: 'Scheme number',
      title: 'Title',
      mode: 'Allotment mode',
      window: 'Applications taken',
      decidedOn: 'Decided on',
      decidedBy: 'Decided by',
      portal: 'Public record',
    },
    commitment: 'Commitment (SHA-256 of the seed, published when the scheme opened): {{value}}',
    seed: 'Seed revealed at the draw: {{value}}',
    beacon:
      'Beacon round {{round}} of {{beacon}} (chain {{chain}}), named when the scheme opened and made after it closed: randomness {{value}}',
    beaconSignature: "The round's signature: {{value}}",
    listHash: 'SHA-256 of the qualified list, published at the close: {{value}}',
    orderSeed: "The order's seed, SHA-256 of the seed, the round's randomness and the list's hash: {{value}}",
    rules: {
      first_come:
        'Each plot went to its qualified application submitted first: the order is the submission time the portal recorded, as the qualified list below shows.',
      draw: 'Each plot went by the drawn order of its qualified applications; a plot reserved for a category went to the general order only when no qualified application of that category asked for it.',
      auction:
        'Each plot went to its highest bid when bidding ended (H1). If H1 does not pay the bid less the EMD within 30 days, the EMD is forfeited and the plot is offered to the second highest bidder (H2) at their own bid.',
    },
    qualified: 'Qualified applications, in the published order',
    noneQualified: 'No application qualified.',
    columns: {
      position: 'No.',
      application: 'Application',
      plot: 'Plot',
      category: 'Category',
      outcome: 'Outcome',
      rank: 'Place',
      amount: 'Amount',
      time: 'Time',
    },
    outcomes: {
      not_qualified: 'Not qualified',
      won: 'Allotted',
      waitlisted: 'Waitlisted',
      lost: 'Not allotted',
      defaulted: 'Defaulted',
    },
    categories: {
      general: 'General',
      sc: 'SC',
      st: 'ST',
      bc: 'BC',
      women: 'Women',
      minority: 'Minority',
      mse: 'MSE',
    },
    result: 'Result',
    bids: 'Bids',
    check:
      "Anyone can recompute the result from the public record with the script in the portal's documentation: the seed's SHA-256 must equal the commitment, and the draw over the qualified list must give this result.",
    signatures: ['Member', 'Member', 'Chairperson'],
  },
  hi: {
    title: 'योजना परिणाम पत्रक',
    number: 'योजना सं. {{number}}',
    intro: 'योजना {{number}}, "{{title}}", का परिणाम, जैसा पोर्टल ने तय किया।',
    modes: { first_come: 'पहले आओ, जमा करने के समय से', draw: 'लॉटरी (ड्रॉ)', auction: 'ई-नीलामी' },
    labels: {
      scheme: 'योजना संख्या',
      title: 'शीर्षक',
      mode: 'आवंटन की विधि',
      window: 'आवेदन लिए गए',
      decidedOn: 'निर्णय की तिथि',
      decidedBy: 'निर्णयकर्ता',
      portal: 'सार्वजनिक अभिलेख',
    },
    commitment: 'प्रतिबद्धता (बीज का SHA-256, योजना खुलने पर प्रकाशित): {{value}}',
    seed: 'ड्रॉ पर प्रकट किया गया बीज: {{value}}',
    beacon:
      '{{beacon}} (चेन {{chain}}) का बीकन राउंड {{round}}, योजना खुलने पर निर्धारित और बंद होने के बाद बना: रैंडमनेस {{value}}',
    beaconSignature: 'राउंड का हस्ताक्षर: {{value}}',
    listHash: 'पात्र सूची का SHA-256, बंद होने पर प्रकाशित: {{value}}',
    orderSeed: 'क्रम का बीज, बीज, राउंड की रैंडमनेस और सूची के हैश का SHA-256: {{value}}',
    rules: {
      first_come:
        'हर भूखंड उसके सबसे पहले जमा हुए अर्हता प्राप्त आवेदन को गया: क्रम पोर्टल द्वारा दर्ज जमा करने का समय है, जैसा नीचे की अर्हता सूची दिखाती है।',
      draw: 'हर भूखंड उसके अर्हता प्राप्त आवेदनों के निकाले गए क्रम से गया; किसी श्रेणी के लिए आरक्षित भूखंड सामान्य क्रम में तभी गया जब उस श्रेणी के किसी अर्हता प्राप्त आवेदन ने उसे नहीं माँगा।',
      auction:
        'हर भूखंड बोली समाप्त होने पर सबसे ऊँची बोली (H1) को गया। यदि H1 30 दिनों में बोली में से EMD घटाकर भुगतान नहीं करता, तो EMD जब्त होती है और भूखंड दूसरी सबसे ऊँची बोली वाले (H2) को उसकी अपनी बोली पर दिया जाता है।',
    },
    qualified: 'पात्र आवेदन, प्रकाशित क्रम में',
    noneQualified: 'कोई आवेदन पात्र नहीं हुआ।',
    columns: {
      position: 'क्र.',
      application: 'आवेदन',
      plot: 'भूखंड',
      category: 'श्रेणी',
      outcome: 'परिणाम',
      rank: 'स्थान',
      amount: 'राशि',
      time: 'समय',
    },
    outcomes: {
      not_qualified: 'पात्र नहीं',
      won: 'आवंटित',
      waitlisted: 'प्रतीक्षा सूची में',
      lost: 'आवंटित नहीं',
      defaulted: 'चूक',
    },
    categories: {
      general: 'सामान्य',
      sc: 'अनुसूचित जाति',
      st: 'अनुसूचित जनजाति',
      bc: 'पिछड़ा वर्ग',
      women: 'महिला',
      minority: 'अल्पसंख्यक',
      mse: 'सूक्ष्म एवं लघु उद्यम',
    },
    result: 'परिणाम',
    bids: 'बोलियाँ',
    check:
      'कोई भी व्यक्ति पोर्टल के दस्तावेज़ में दी गई स्क्रिप्ट से सार्वजनिक अभिलेख के आधार पर परिणाम दोबारा निकाल सकता है: बीज का SHA-256 प्रतिबद्धता के बराबर होना चाहिए, और पात्र सूची पर ड्रॉ से यही परिणाम आना चाहिए।',
    signatures: ['सदस्य', 'सदस्य', 'अध्यक्ष'],
  },
  te: {
    title: 'పథకం ఫలిత పత్రం',
    number: 'పథకం సం. {{number}}',
    intro: 'పథకం {{number}}, "{{title}}", ఫలితం, పోర్టల్ నిర్ణయించినట్లు.',
    modes: { first_come: 'ముందు వచ్చినవారికి, సమర్పణ సమయం ప్రకారం', draw: 'లాటరీ (డ్రా)', auction: 'ఇ-వేలం' },
    labels: {
      scheme: 'పథకం సంఖ్య',
      title: 'శీర్షిక',
      mode: 'కేటాయింపు విధానం',
      window: 'దరఖాస్తులు స్వీకరించిన కాలం',
      decidedOn: 'నిర్ణయ తేదీ',
      decidedBy: 'నిర్ణయించినవారు',
      portal: 'బహిరంగ రికార్డు',
    },
    commitment: 'నిబద్ధత (బీజం యొక్క SHA-256, పథకం తెరిచినప్పుడు ప్రచురించబడింది): {{value}}',
    seed: 'డ్రాలో వెల్లడించిన బీజం: {{value}}',
    beacon: '{{beacon}} (చైన్ {{chain}}) బీకన్ రౌండ్ {{round}}, పథకం తెరిచినప్పుడు నిర్ణయించబడి మూసిన తర్వాత ఏర్పడింది: రాండమ్‌నెస్ {{value}}',
    beaconSignature: 'రౌండ్ సంతకం: {{value}}',
    listHash: 'అర్హుల జాబితా SHA-256, మూసినప్పుడు ప్రచురించబడింది: {{value}}',
    orderSeed: 'క్రమం బీజం, బీజం, రౌండ్ రాండమ్‌నెస్, జాబితా హ్యాష్‌ల SHA-256: {{value}}',
    rules: {
      first_come: 'ప్రతి ప్లాట్ మొదట సమర్పించిన అర్హత పొందిన దరఖాస్తుకు వెళ్లింది: క్రమం పోర్టల్ నమోదు చేసిన సమర్పణ సమయం, కింది అర్హత జాబితా చూపినట్లు.',
      draw: 'ప్రతి ప్లాట్ దాని అర్హత పొందిన దరఖాస్తుల లాటరీ క్రమం ప్రకారం వెళ్లింది; ఒక వర్గానికి రిజర్వ్ చేసిన ప్లాట్ ఆ వర్గం అర్హత పొందిన దరఖాస్తు ఏదీ అడగనప్పుడే సాధారణ క్రమానికి వెళ్లింది.',
      auction:
        'ప్రతి ప్లాట్ బిడ్డింగ్ ముగిసినప్పుడు అత్యధిక బిడ్ (H1) కు వెళ్లింది. H1 30 రోజులలో బిడ్ నుండి EMD తీసివేసి చెల్లించకపోతే, EMD జప్తు చేయబడుతుంది మరియు ప్లాట్ రెండవ అత్యధిక బిడ్డర్ (H2) కు వారి స్వంత బిడ్‌కు అందించబడుతుంది.',
    },
    qualified: 'అర్హత పొందిన దరఖాస్తులు, ప్రచురించిన క్రమంలో',
    noneQualified: 'ఏ దరఖాస్తూ అర్హత పొందలేదు.',
    columns: {
      position: 'సం.',
      application: 'దరఖాస్తు',
      plot: 'ప్లాట్',
      category: 'వర్గం',
      outcome: 'ఫలితం',
      rank: 'స్థానం',
      amount: 'మొత్తం',
      time: 'సమయం',
    },
    outcomes: {
      not_qualified: 'అర్హత లేదు',
      won: 'కేటాయించబడింది',
      waitlisted: 'వేచి ఉండే జాబితాలో',
      lost: 'కేటాయించబడలేదు',
      defaulted: 'చెల్లించలేదు',
    },
    categories: {
      general: 'సాధారణ',
      sc: 'ఎస్సీ',
      st: 'ఎస్టీ',
      bc: 'బీసీ',
      women: 'మహిళలు',
      minority: 'మైనారిటీ',
      mse: 'సూక్ష్మ, చిన్న పరిశ్రమలు',
    },
    result: 'ఫలితం',
    bids: 'బిడ్లు',
    check:
      'పోర్టల్ డాక్యుమెంటేషన్‌లోని స్క్రిప్ట్‌తో ఎవరైనా బహిరంగ రికార్డు నుండి ఫలితాన్ని మళ్లీ లెక్కించవచ్చు: బీజం యొక్క SHA-256 నిబద్ధతకు సమానం కావాలి, అర్హుల జాబితాపై డ్రా ఇదే ఫలితాన్ని ఇవ్వాలి.',
    signatures: ['సభ్యులు', 'సభ్యులు', 'అధ్యక్షులు'],
  },
};

/** A draw's beacon round, its signature, the list's hash and the order's seed: none for a draw made before the beacon
 * (decision 034). */
function beaconBlocks(words: SheetWords, scheme: SchemeSheetRecords['scheme']): Block[] {
  const { beaconChain: chain, beaconRound: round, beaconRandomness: randomness, qualifiedHash } = scheme;
  if (!chain || !round || !randomness || !scheme.beaconSignature || !qualifiedHash || !scheme.revealedSeed) return [];
  return [
    {
      type: 'paragraph',
      text: fill(words.beacon, { round, beacon: chain.beacon_id, chain: chain.hash, value: randomness }),
    },
    { type: 'paragraph', text: fill(words.beaconSignature, { value: scheme.beaconSignature }) },
    { type: 'paragraph', text: fill(words.listHash, { value: qualifiedHash }) },
    {
      type: 'paragraph',
      bold: true,
      text: fill(words.orderSeed, { value: beaconDrawSeed(scheme.revealedSeed, randomness, qualifiedHash) }),
    },
  ];
}

export function composeSchemeResultSheet(language: DocumentLanguage, records: SchemeSheetRecords): DocumentContent {
  const { scheme } = records;
  const { texts } = language;
  const words = WORDS[language.code as keyof typeof WORDS] ?? WORDS.en;
  const draw = scheme.mode === 'draw';
  const date = (value: Date) => language.format.date(value);
  const amount = (value: number | null) => (value === null ? '' : language.format.rupees(value));
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.number, { number: scheme.schemeNumber }),
      right: fill(texts.common.date, { date: date(scheme.decidedAt) }),
    },
    { type: 'paragraph', text: fill(words.intro, { number: scheme.schemeNumber, title: scheme.title }) },
    {
      type: 'facts',
      rows: [
        [words.labels.scheme, scheme.schemeNumber],
        [words.labels.title, scheme.title],
        [words.labels.mode, words.modes[scheme.mode]],
        [words.labels.window, `${date(scheme.opensAt)} - ${date(scheme.closesAt)}`],
        [words.labels.decidedOn, date(scheme.decidedAt)],
        [words.labels.decidedBy, records.decidedByName ?? texts.common.notAvailable],
        [words.labels.portal, records.publicUrl],
      ],
    },
    { type: 'paragraph', text: words.rules[scheme.mode] },
    { type: 'heading', text: words.qualified },
  ];
  // Only a draw commits to a seed and reveals it: first come and an auction have nothing of the kind to show.
  if (draw) {
    blocks.splice(
      4,
      0,
      { type: 'paragraph', text: fill(words.commitment, { value: scheme.commitment }) },
      { type: 'paragraph', bold: true, text: fill(words.seed, { value: scheme.revealedSeed ?? '' }) },
      ...beaconBlocks(words, scheme),
    );
  }
  if (records.qualified.length === 0) {
    blocks.push({ type: 'paragraph', text: words.noneQualified });
  } else {
    blocks.push({
      type: 'table',
      columns: [
        { label: words.columns.position, width: 0.12, align: 'right' },
        { label: words.columns.application, width: 0.36 },
        { label: words.columns.plot, width: 0.26 },
        { label: words.columns.category, width: 0.26 },
      ],
      rows: records.qualified.map((line) => [
        String(line.position),
        line.applicationNumber,
        line.plotCode,
        words.categories[line.category as ApplicantCategory] ?? line.category,
      ]),
    });
  }
  blocks.push({ type: 'heading', text: words.result });
  blocks.push({
    type: 'table',
    columns: [
      { label: words.columns.plot, width: 0.22 },
      { label: words.columns.application, width: 0.3 },
      { label: words.columns.outcome, width: 0.22 },
      { label: words.columns.rank, width: 0.1, align: 'right' },
      { label: words.columns.amount, width: 0.16, align: 'right' },
    ],
    rows: records.result.map((line) => [
      line.plotCode,
      line.applicationNumber,
      words.outcomes[line.outcome],
      line.rank === null ? '' : String(line.rank),
      amount(line.amount),
    ]),
  });
  if (records.bids.length > 0) {
    blocks.push({ type: 'heading', text: words.bids });
    blocks.push({
      type: 'table',
      columns: [
        { label: words.columns.plot, width: 0.3 },
        { label: words.columns.amount, width: 0.3, align: 'right' },
        { label: words.columns.time, width: 0.4 },
      ],
      rows: records.bids.map((bid) => [bid.plotCode, amount(bid.amount), language.format.dateTime(bid.placedAt)]),
    });
  }
  if (draw) blocks.push({ type: 'paragraph', text: words.check });
  blocks.push({ type: 'signatures', captions: words.signatures });
  blocks.push({
    type: 'signoff',
    lines: [fill(texts.common.forCorporation, { corporation: records.corporation }), texts.common.authorisedSignatory],
  });
  return {
    kind: 'scheme_result_sheet',
    subjectId: scheme.id,
    applicationId: null,
    documentNumber: scheme.schemeNumber,
    holderName: records.corporation,
    assetCode: null,
    facts: { as_on: isoDay(scheme.decidedAt) },
    language: language.code,
    title: words.title,
    blocks,
  };
}
