/** The words of the statement of account and of the no-dues certificate (decision 016), in the reader's language.
 * The statement is drawn each time it is asked for (its figures change with every entry) and carries no
 * verification code; the no-dues certificate is an issued document, kept with its code and QR. As compose.ts,
 * nothing here touches the database or the PDF. */
import type { LedgerEntryType, StatementAccount } from '@portal/contract';
import type { ApplicantRow } from '../../applications/repositories/applicants';
import type { AssetRow } from '../../../repositories/assets';
import type { AllotmentRow } from '../../../repositories/allotments';
import type { LedgerLine, LedgerSummary } from '../../money/repositories/ledger-entries';
import { addressLines, amountText, locationOf } from './compose';
import type { Block, DocumentContent } from './content';
import type { RenderInput } from './render-pdf';
import { fill, type DocumentLanguage } from './texts';

interface LedgerTexts {
  statement: {
    title: string;
    account: string;
    holder: string;
    application: string;
    allotment: string;
    asset: string;
    period: string;
    periodRange: string;
    fromStart: string;
    today: string;
    opening: string;
    totalDebit: string;
    totalCredit: string;
    closing: string;
    owed: string;
    inCredit: string;
    settled: string;
    entries: string;
    noEntries: string;
    columns: { date: string; particulars: string; reference: string; debit: string; credit: string; balance: string };
    entryTypes: Record<LedgerEntryType, string>;
    explain: string;
  };
  noDues: {
    title: string;
    number: string;
    certify: string;
    allotment: string;
    application: string;
    asset: string;
    location: string;
    asOn: string;
    balance: string;
    totalInvoiced: string;
    totalPaid: string;
    scope: string;
  };
}

const TEXTS: Record<'en' | 'hi' | 'te', LedgerTexts> = {
  en: {
    statement: {
      title: 'Statement of Account',
      account: 'Account of application No. {{number}}',
      holder: 'Holder',
      application: 'Application number',
      allotment: 'Allotment number',
      asset: 'Asset',
      period: 'Period',
      periodRange: '{{from}} to {{to}}',
      fromStart: 'the first entry',
      today: 'today',
      opening: 'Opening balance',
      totalDebit: 'Total debits',
      totalCredit: 'Total credits',
      closing: 'Closing balance',
      owed: '{{amount}} payable to the Corporation',
      inCredit: '{{amount}} in credit',
      settled: '{{amount}}, nothing payable',
      entries: 'Entries',
      noEntries: 'No entries in this period.',
      columns: {
        date: 'Date',
        particulars: 'Particulars',
        reference: 'Reference',
        debit: 'Debit (₹)',
        credit: 'Credit (₹)',
        balance: 'Balance (₹)',
      },
      entryTypes: {
        invoice: 'Invoice raised',
        payment: 'Payment received',
        interest: 'Interest on arrears',
        waiver: 'Interest waived',
        refund_due: 'Refund due',
        refund: 'Refund paid',
        adjustment: 'Adjustment',
        cancellation: 'Invoice cancelled',
      },
      explain:
        'Balance = debits - credits, in the order the entries were posted. A balance above zero is payable to the ' +
        'Corporation; below zero, the Corporation holds it to the credit of the account.',
    },
    noDues: {
      title: 'No-Dues Certificate',
      number: 'Certificate No. {{number}}',
      certify:
        'This is to certify that, as per the accounts of {{corporation}}, no dues are outstanding from {{holder}} on ' +
        'allotment No. {{allotment}} ({{asset}} at {{location}}) as on {{date}}: every invoice raised on the account ' +
        'has been paid and its balance is nil.',
      allotment: 'Allotment number',
      application: 'Application number',
      asset: 'Asset code',
      location: 'Location and zone',
      asOn: 'No dues as on',
      balance: 'Balance of the account',
      totalInvoiced: 'Total debited to the account',
      totalPaid: 'Total credited to the account',
      scope:
        'This certificate covers the dues raised up to its date. Dues that fall due after it (such as the yearly ' +
        'lease rent and maintenance charges) are not covered.',
    },
  },
  hi: {
    statement: {
      title: 'खाता विवरण',
      account: 'आवेदन सं. {{number}} का खाता',
      holder: 'धारक',
      application: 'आवेदन संख्या',
      allotment: 'आवंटन संख्या',
      asset: 'परिसंपत्ति',
      period: 'अवधि',
      periodRange: '{{from}} से {{to}} तक',
      fromStart: 'पहली प्रविष्टि',
      today: 'आज',
      opening: 'प्रारंभिक शेष',
      totalDebit: 'कुल नामे',
      totalCredit: 'कुल जमा',
      closing: 'अंतिम शेष',
      owed: '{{amount}} निगम को देय',
      inCredit: '{{amount}} खाते में जमा',
      settled: '{{amount}}, कुछ भी देय नहीं',
      entries: 'प्रविष्टियाँ',
      noEntries: 'इस अवधि में कोई प्रविष्टि नहीं है।',
      columns: {
        date: 'तिथि',
        particulars: 'विवरण',
        reference: 'संदर्भ',
        debit: 'नामे (₹)',
        credit: 'जमा (₹)',
        balance: 'शेष (₹)',
      },
      entryTypes: {
        invoice: 'बीजक जारी',
        payment: 'भुगतान प्राप्त',
        interest: 'बकाया पर ब्याज',
        waiver: 'ब्याज माफ़',
        refund_due: 'धनवापसी देय',
        refund: 'धनवापसी भुगतान',
        adjustment: 'समायोजन',
        cancellation: 'बीजक रद्द',
      },
      explain:
        'शेष = नामे - जमा, प्रविष्टियों के दर्ज होने के क्रम में। शून्य से अधिक शेष निगम को देय है; शून्य से कम होने पर ' +
        'वह राशि निगम के पास खाते के जमा में है।',
    },
    noDues: {
      title: 'अदेयता प्रमाणपत्र (नो-ड्यूज़)',
      number: 'प्रमाणपत्र सं. {{number}}',
      certify:
        'प्रमाणित किया जाता है कि {{corporation}} के लेखों के अनुसार {{date}} को {{holder}} पर आवंटन सं. {{allotment}} ' +
        '({{location}} स्थित {{asset}}) के संबंध में कोई बकाया नहीं है: खाते पर जारी प्रत्येक बीजक का भुगतान हो चुका है ' +
        'और उसका शेष शून्य है।',
      allotment: 'आवंटन संख्या',
      application: 'आवेदन संख्या',
      asset: 'परिसंपत्ति कोड',
      location: 'स्थान और क्षेत्र',
      asOn: 'इस तिथि को कोई बकाया नहीं',
      balance: 'खाते का शेष',
      totalInvoiced: 'खाते में कुल नामे',
      totalPaid: 'खाते में कुल जमा',
      scope:
        'यह प्रमाणपत्र इसकी तिथि तक जारी बकाया पर लागू है। इसके बाद देय होने वाले बकाया (जैसे वार्षिक पट्टा किराया और ' +
        'रखरखाव शुल्क) इसमें शामिल नहीं हैं।',
    },
  },
  te: {
    statement: {
      title: 'ఖాతా వివరణ పత్రం',
      account: 'దరఖాస్తు సం. {{number}} ఖాతా',
      holder: 'హక్కుదారు',
      application: 'దరఖాస్తు సంఖ్య',
      allotment: 'కేటాయింపు సంఖ్య',
      asset: 'ఆస్తి',
      period: 'కాలం',
      periodRange: '{{from}} నుండి {{to}} వరకు',
      fromStart: 'మొదటి నమోదు',
      today: 'ఈ రోజు',
      opening: 'ప్రారంభ నిల్వ',
      totalDebit: 'మొత్తం డెబిట్‌లు',
      totalCredit: 'మొత్తం క్రెడిట్‌లు',
      closing: 'ముగింపు నిల్వ',
      owed: '{{amount}} కార్పొరేషన్‌కు చెల్లించవలసినది',
      inCredit: '{{amount}} ఖాతాలో జమగా ఉంది',
      settled: '{{amount}}, చెల్లించవలసినది ఏమీ లేదు',
      entries: 'నమోదులు',
      noEntries: 'ఈ కాలంలో నమోదులు లేవు.',
      columns: {
        date: 'తేదీ',
        particulars: 'వివరాలు',
        reference: 'సూచన',
        debit: 'డెబిట్ (₹)',
        credit: 'క్రెడిట్ (₹)',
        balance: 'నిల్వ (₹)',
      },
      entryTypes: {
        invoice: 'ఇన్వాయిస్ జారీ',
        payment: 'చెల్లింపు అందింది',
        interest: 'బకాయిపై వడ్డీ',
        waiver: 'వడ్డీ మాఫీ',
        refund_due: 'వాపసు చెల్లించవలసి ఉంది',
        refund: 'వాపసు చెల్లించబడింది',
        adjustment: 'సర్దుబాటు',
        cancellation: 'ఇన్వాయిస్ రద్దు',
      },
      explain:
        'నిల్వ = డెబిట్‌లు - క్రెడిట్‌లు, నమోదులు చేసిన క్రమంలో. సున్నా కంటే ఎక్కువ నిల్వ కార్పొరేషన్‌కు చెల్లించవలసినది; ' +
        'సున్నా కంటే తక్కువ అయితే ఆ మొత్తం ఖాతా జమగా కార్పొరేషన్ వద్ద ఉంటుంది.',
    },
    noDues: {
      title: 'బకాయిలు లేవని ధ్రువీకరణ పత్రం (నో-డ్యూస్)',
      number: 'ధ్రువీకరణ పత్రం సం. {{number}}',
      certify:
        '{{corporation}} ఖాతాల ప్రకారం {{date}} నాటికి కేటాయింపు సం. {{allotment}} ({{location}} వద్ద {{asset}}) పై ' +
        '{{holder}} నుండి ఎలాంటి బకాయిలు లేవని ధ్రువీకరించడమైనది: ఖాతాపై జారీ చేసిన ప్రతి ఇన్వాయిస్ చెల్లించబడింది, ' +
        'దాని నిల్వ సున్నా.',
      allotment: 'కేటాయింపు సంఖ్య',
      application: 'దరఖాస్తు సంఖ్య',
      asset: 'ఆస్తి కోడ్',
      location: 'స్థలం మరియు జోన్',
      asOn: 'ఈ తేదీ నాటికి బకాయిలు లేవు',
      balance: 'ఖాతా నిల్వ',
      totalInvoiced: 'ఖాతాకు మొత్తం డెబిట్',
      totalPaid: 'ఖాతాకు మొత్తం క్రెడిట్',
      scope:
        'ఈ ధ్రువీకరణ పత్రం దాని తేదీ వరకు విధించిన బకాయిలకు వర్తిస్తుంది. ఆ తర్వాత చెల్లించవలసిన బకాయిలు (వార్షిక లీజు ' +
        'అద్దె, నిర్వహణ ఛార్జీలు వంటివి) ఇందులో చేరవు.',
    },
  },
};

function wordsOf(language: DocumentLanguage): LedgerTexts {
  return TEXTS[language.code as keyof typeof TEXTS] ?? TEXTS.en;
}

/** A balance in figures and words, and which way it stands. */
export function balanceText(language: DocumentLanguage, balance: number): string {
  const words = wordsOf(language).statement;
  const amount = amountText(language, Math.abs(balance));
  if (balance > 0) return fill(words.owed, { amount });
  if (balance < 0) return fill(words.inCredit, { amount });
  return fill(words.settled, { amount });
}

/** A column's amount: blank for zero, so a debit line shows no credit. */
const cell = (language: DocumentLanguage, value: number) =>
  value === 0 ? '' : language.format.rupees(value).replace(/^₹\s?/, '');

/** A signed balance in figures: "1,000.00", "-250.00" (in credit). */
const balanceCell = (language: DocumentLanguage, value: number) => {
  const figures = language.format.rupees(Math.abs(value)).replace(/^₹\s?/, '');
  return value < 0 ? `-${figures}` : figures;
};

export interface StatementRecords {
  account: StatementAccount;
  period: { from?: string; to?: string };
  summary: LedgerSummary;
  lines: LedgerLine[];
  drawnAt: Date;
}

export function composeStatement(language: DocumentLanguage, records: StatementRecords): RenderInput['content'] {
  const words = wordsOf(language).statement;
  const { account, period, summary, lines } = records;
  const { texts } = language;
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.account, { number: account.application_number }),
      right: fill(texts.common.date, { date: language.format.date(records.drawnAt) }),
    },
    {
      type: 'facts',
      rows: [
        [words.holder, account.holder_name],
        [words.application, account.application_number],
        ...(account.allotment_number ? ([[words.allotment, account.allotment_number]] as const) : []),
        ...(account.asset_code ? ([[words.asset, account.asset_code]] as const) : []),
        [
          words.period,
          fill(words.periodRange, {
            from: period.from ? language.format.date(period.from) : words.fromStart,
            to: period.to ? language.format.date(period.to) : words.today,
          }),
        ],
        [words.opening, balanceText(language, summary.opening)],
        [words.totalDebit, language.format.rupees(summary.totalDebit)],
        [words.totalCredit, language.format.rupees(summary.totalCredit)],
        [words.closing, balanceText(language, summary.closing)],
      ],
    },
    { type: 'heading', text: words.entries },
    lines.length === 0
      ? { type: 'paragraph', text: words.noEntries }
      : {
          type: 'table',
          columns: [
            { label: words.columns.date, width: 13 },
            { label: words.columns.particulars, width: 19 },
            { label: words.columns.reference, width: 20 },
            { label: words.columns.debit, width: 16, align: 'right' },
            { label: words.columns.credit, width: 16, align: 'right' },
            { label: words.columns.balance, width: 16, align: 'right' },
          ],
          rows: lines.map((line) => [
            language.format.date(line.postedAt),
            words.entryTypes[line.entryType],
            line.reference,
            cell(language, line.debit),
            cell(language, line.credit),
            balanceCell(language, line.balance),
          ]),
        },
    { type: 'facts', rows: [[words.closing, balanceText(language, summary.closing)]] },
    { type: 'paragraph', text: words.explain },
    { type: 'paragraph', text: texts.common.computerGenerated },
  ];
  return { title: words.title, documentNumber: account.allotment_number ?? account.application_number, blocks };
}

export interface NoDuesRecords {
  number: string;
  asOn: string;
  allotment: AllotmentRow;
  applicationNumber: string;
  holder: ApplicantRow | undefined;
  holderName: string;
  asset: AssetRow;
  totals: { debit: number; credit: number };
  corporation: string;
}

export function composeNoDuesCertificate(language: DocumentLanguage, records: NoDuesRecords): DocumentContent {
  const words = wordsOf(language).noDues;
  const { texts } = language;
  const { allotment, asset, holder } = records;
  const date = language.format.date(records.asOn);
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.number, { number: records.number }),
      right: fill(texts.common.date, { date }),
    },
    { type: 'lines', lines: [texts.common.to, records.holderName, ...(holder ? addressLines(language, holder) : [])] },
    {
      type: 'paragraph',
      text: fill(words.certify, {
        corporation: records.corporation,
        holder: records.holderName,
        allotment: allotment.allotmentNumber,
        asset: asset.assetCode,
        location: locationOf(asset),
        date,
      }),
    },
    {
      type: 'facts',
      rows: [
        [words.allotment, allotment.allotmentNumber],
        [words.application, records.applicationNumber],
        [words.asset, asset.assetCode],
        [words.location, locationOf(asset)],
        [words.totalInvoiced, language.format.rupees(records.totals.debit)],
        [words.totalPaid, language.format.rupees(records.totals.credit)],
        [words.balance, amountText(language, 0)],
        [words.asOn, date],
      ],
    },
    { type: 'paragraph', text: words.scope },
    {
      type: 'signoff',
      lines: [
        fill(texts.common.forCorporation, { corporation: records.corporation }),
        texts.common.authorisedSignatory,
      ],
    },
  ];
  return {
    kind: 'no_dues_certificate',
    subjectId: allotment.id,
    applicationId: allotment.applicationId,
    documentNumber: records.number,
    holderName: records.holderName,
    assetCode: asset.assetCode,
    facts: {
      allotment_number: allotment.allotmentNumber,
      application_number: records.applicationNumber,
      as_on: records.asOn,
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
