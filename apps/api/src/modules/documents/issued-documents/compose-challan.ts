/** The words of a NEFT/RTGS challan (decision 016), in the reader's language: the challan number as THE reference to
 * quote in the transfer's remarks, the corporation's account to pay into, the amount in figures and words, the day it
 * is valid until, and the invoice it pays. A pay-in slip, not an issued document: it is drawn when asked for, not
 * kept, and carries no verification code (the bank statement is its proof). As compose.ts, nothing here touches the
 * database or the PDF. */
import type { ChallanView } from '../../money/repositories/challans';
import { roundRupees, type CollectionAccount } from '@portal/contract';
import { amountText } from './compose';
import type { Block } from './content';
import type { RenderInput } from './render-pdf';
import { fill, type DocumentLanguage } from './texts';

interface ChallanTexts {
  title: string;
  number: string;
  intro: string;
  quote: string;
  payTo: string;
  beneficiary: string;
  accountNumber: string;
  ifsc: string;
  bank: string;
  branch: string;
  remarks: string;
  payment: string;
  invoice: string;
  invoiceType: string;
  application: string;
  principal: string;
  interest: string;
  interestNote: string;
  total: string;
  validUntil: string;
  steps: string[];
  status: Record<ChallanView['status'], string>;
  statusLabel: string;
}

const TEXTS: Record<'en' | 'hi' | 'te', ChallanTexts> = {
  en: {
    title: 'Challan for Payment by NEFT/RTGS',
    number: 'Challan No. {{number}}',
    intro:
      'Pay the amount below by NEFT or RTGS into the account of the Corporation. The payment is matched to your ' +
      'invoice by the challan number, so it must be quoted in the remarks of the transfer.',
    quote: 'Quote this reference in the remarks: {{number}}',
    payTo: 'Pay to',
    beneficiary: 'Beneficiary name',
    accountNumber: 'Account number',
    ifsc: 'IFSC',
    bank: 'Bank',
    branch: 'Branch',
    remarks: 'Remarks / reference to quote',
    payment: 'Payment',
    invoice: 'Invoice number',
    invoiceType: 'For',
    application: 'Application number',
    principal: 'Invoice amount',
    interest: 'Interest on arrears',
    interestNote: 'Interest on the overdue amount is counted up to the valid-until date of this challan.',
    total: 'Amount to pay',
    validUntil: 'Valid until',
    steps: [
      'Transfer exactly the amount to pay, in one transfer; a different amount is not matched automatically.',
      'Quote the challan number in the remarks (or narration) of the NEFT/RTGS transfer.',
      'Pay on or before the valid-until date; after it, ask for a new challan in the portal.',
      'The invoice is marked paid when the bank statement showing your transfer is imported, usually within two working days.',
    ],
    status: { open: 'Open', paid: 'Paid', cancelled: 'Cancelled (replaced by a newer challan)' },
    statusLabel: 'Status',
  },
  hi: {
    title: 'NEFT/RTGS द्वारा भुगतान हेतु चालान',
    number: 'चालान सं. {{number}}',
    intro:
      'नीचे दी गई राशि NEFT या RTGS द्वारा निगम के खाते में जमा करें। भुगतान का मिलान चालान संख्या से आपके बीजक से किया ' +
      'जाता है, इसलिए अंतरण की टिप्पणी में इसे अवश्य लिखें।',
    quote: 'टिप्पणी में यह संदर्भ लिखें: {{number}}',
    payTo: 'किसे भुगतान करें',
    beneficiary: 'लाभार्थी का नाम',
    accountNumber: 'खाता संख्या',
    ifsc: 'IFSC',
    bank: 'बैंक',
    branch: 'शाखा',
    remarks: 'टिप्पणी / लिखा जाने वाला संदर्भ',
    payment: 'भुगतान',
    invoice: 'बीजक संख्या',
    invoiceType: 'किस हेतु',
    application: 'आवेदन संख्या',
    principal: 'बीजक राशि',
    interest: 'बकाया पर ब्याज',
    interestNote: 'अतिदेय राशि पर ब्याज इस चालान की वैधता तिथि तक गिना गया है।',
    total: 'देय राशि',
    validUntil: 'वैध तिथि तक',
    steps: [
      'ठीक देय राशि एक ही अंतरण में भेजें; भिन्न राशि का स्वतः मिलान नहीं होता।',
      'NEFT/RTGS अंतरण की टिप्पणी (विवरण) में चालान संख्या लिखें।',
      'वैधता तिथि तक भुगतान करें; उसके बाद पोर्टल में नया चालान लें।',
      'आपके अंतरण वाला बैंक विवरण आयात होने पर बीजक भुगतान किया हुआ दिखेगा, सामान्यतः दो कार्य दिवसों में।',
    ],
    status: { open: 'खुला', paid: 'भुगतान हो गया', cancelled: 'रद्द (नए चालान से प्रतिस्थापित)' },
    statusLabel: 'स्थिति',
  },
  te: {
    title: 'NEFT/RTGS ద్వారా చెల్లింపు చలాన్',
    number: 'చలాన్ సం. {{number}}',
    intro:
      'కింది మొత్తాన్ని NEFT లేదా RTGS ద్వారా కార్పొరేషన్ ఖాతాలో చెల్లించండి. చెల్లింపును చలాన్ సంఖ్యతో మీ ఇన్వాయిస్‌కు ' +
      'సరిపోల్చుతాము, కాబట్టి బదిలీ వ్యాఖ్యలో దానిని తప్పక పేర్కొనండి.',
    quote: 'వ్యాఖ్యలో ఈ సూచనను పేర్కొనండి: {{number}}',
    payTo: 'ఎవరికి చెల్లించాలి',
    beneficiary: 'లబ్ధిదారు పేరు',
    accountNumber: 'ఖాతా సంఖ్య',
    ifsc: 'IFSC',
    bank: 'బ్యాంకు',
    branch: 'శాఖ',
    remarks: 'వ్యాఖ్య / పేర్కొనవలసిన సూచన',
    payment: 'చెల్లింపు',
    invoice: 'ఇన్వాయిస్ సంఖ్య',
    invoiceType: 'దేనికి',
    application: 'దరఖాస్తు సంఖ్య',
    principal: 'ఇన్వాయిస్ మొత్తం',
    interest: 'బకాయిపై వడ్డీ',
    interestNote: 'గడువు మీరిన మొత్తంపై వడ్డీ ఈ చలాన్ చెల్లుబాటు తేదీ వరకు లెక్కించబడింది.',
    total: 'చెల్లించవలసిన మొత్తం',
    validUntil: 'చెల్లుబాటు తేదీ',
    steps: [
      'చెల్లించవలసిన మొత్తాన్ని సరిగ్గా ఒకే బదిలీలో పంపండి; వేరే మొత్తం స్వయంచాలకంగా సరిపోలదు.',
      'NEFT/RTGS బదిలీ వ్యాఖ్యలో (వివరణలో) చలాన్ సంఖ్యను పేర్కొనండి.',
      'చెల్లుబాటు తేదీలోగా చెల్లించండి; ఆ తర్వాత పోర్టల్‌లో కొత్త చలాన్ తీసుకోండి.',
      'మీ బదిలీ ఉన్న బ్యాంకు స్టేట్‌మెంట్ దిగుమతి అయిన తర్వాత ఇన్వాయిస్ చెల్లించినట్లు చూపబడుతుంది, సాధారణంగా రెండు పని దినాల్లో.',
    ],
    status: { open: 'తెరిచి ఉంది', paid: 'చెల్లించబడింది', cancelled: 'రద్దు (కొత్త చలాన్‌తో మార్చబడింది)' },
    statusLabel: 'స్థితి',
  },
};

export function composeChallan(
  language: DocumentLanguage,
  challan: ChallanView,
  account: CollectionAccount,
): RenderInput['content'] {
  const words = TEXTS[language.code as keyof typeof TEXTS] ?? TEXTS.en;
  const { texts } = language;
  const principal = roundRupees(challan.amount - challan.interest);
  const blocks: Block[] = [
    {
      type: 'meta',
      left: fill(words.number, { number: challan.challanNumber }),
      right: fill(texts.common.date, { date: language.format.date(challan.createdAt) }),
    },
    { type: 'paragraph', text: words.intro },
    { type: 'paragraph', bold: true, text: fill(words.quote, { number: challan.challanNumber }) },
    { type: 'heading', text: words.payTo },
    {
      type: 'facts',
      rows: [
        [words.beneficiary, account.beneficiary_name],
        [words.accountNumber, account.account_number],
        [words.ifsc, account.ifsc],
        [words.bank, account.bank_name],
        [words.branch, account.branch],
        [words.remarks, challan.challanNumber],
      ],
    },
    { type: 'heading', text: words.payment },
    {
      type: 'facts',
      rows: [
        [words.invoice, challan.invoiceNumber],
        [words.invoiceType, texts.invoiceTypes[challan.invoiceType]],
        [words.application, challan.applicationNumber],
        ...(challan.interest > 0
          ? ([
              [words.principal, language.format.rupees(principal)],
              [words.interest, language.format.rupees(challan.interest)],
            ] as const)
          : []),
        [words.total, amountText(language, challan.amount)],
        [words.validUntil, language.format.date(challan.validUntil)],
        [words.statusLabel, words.status[challan.status]],
      ],
    },
    ...(challan.interest > 0 ? [{ type: 'paragraph', text: words.interestNote } as const] : []),
    { type: 'numbered', items: words.steps },
    { type: 'paragraph', text: texts.common.computerGenerated },
  ];
  return { title: words.title, documentNumber: challan.challanNumber, blocks };
}
