/** The Hindi mail of every MAIL_TEMPLATES entry: the same parameters as the English (en.ts), worded in Hindi, with
 * the contract's hi-IN formatters for amounts and dates. */
import {
  formattersFor,
  type ApplicationStatus,
  type DocumentType,
  type NotificationParams,
  type StageCode,
} from '@portal/contract';
import { stageWordsIn } from './stage-words';
import type { MailCatalogue } from './types';

type Value = NotificationParams[string] | undefined;

const format = formattersFor('hi');
const str = (value: Value): string => (value === null || value === undefined ? '' : String(value));
const words = (value: Value) => str(value).replace(/_/g, ' ');
const money = (value: Value) => format.rupees(Number(value));
const day = (value: Value) => format.date(str(value));
/** The implementation milestones (the contract's MILESTONE_KINDS). */
const MILESTONE_NAMES: Record<string, string> = { commence_construction: 'निर्माण आरंभ', start_production: 'उत्पादन आरंभ' };

/** The default stage names (DEFAULT_STAGE in the contract) in Hindi. */
const STAGE_NAMES: Record<ApplicationStatus, string> = {
  draft: 'मसौदा',
  submitted: 'जाँच के लिए जमा',
  under_scrutiny: 'जाँच में',
  pending_committee: 'समिति के समक्ष लंबित',
  approved: 'स्वीकृत',
  rejected: 'अस्वीकृत',
  pending_payment: 'भुगतान लंबित',
  payment_verified: 'भुगतान सत्यापित',
  provisional_allotment: 'अनंतिम आवंटन',
  lease_submitted: 'पट्टा विलेख जमा',
  final_allotment: 'अंतिम आवंटन',
  possession_given: 'कब्ज़ा दिया गया',
  under_implementation: 'कार्यान्वयन में',
  completed: 'पूर्ण',
};
const stageName = (status: Value) => STAGE_NAMES[status as ApplicationStatus] ?? words(status);
/** The other stages the portal sets (the contract's stage codes) in Hindi; a note is the officer's own words. */
const OTHER_STAGES: Record<Exclude<StageCode, 'status'>, string> = {
  committee_approved: 'आवंटन लंबित',
  committee_rejected: 'समिति द्वारा अस्वीकृत',
  committee_deferred: 'समिति द्वारा स्थगित',
  committee_conditional_approval: 'सशर्त स्वीकृति',
  lease_deed_rejected: 'पट्टा विलेख अस्वीकृत',
  lease_deed_needs_revision: 'पट्टा विलेख में संशोधन आवश्यक',
};
const stageWords = stageWordsIn(STAGE_NAMES, OTHER_STAGES);

/** DOCUMENT_TYPE_NAMES in Hindi. */
const DOCUMENT_NAMES: Record<DocumentType, string> = {
  dpr: 'DPR',
  pan_card: 'PAN कार्ड',
  bank_proof: 'बैंक खाते का प्रमाण',
  gst_certificate: 'GST प्रमाणपत्र',
  caste_certificate: 'जाति प्रमाणपत्र',
  other: 'अन्य दस्तावेज़',
};
const documentName = (type: Value) => DOCUMENT_NAMES[type as DocumentType] ?? words(type);
/** An officer's words (a reason, a remark, a query), quoted on a line of their own when there are any. */
const quoted = (label: string, value: Value): string[] => (str(value).trim() ? [`${label}: ${str(value).trim()}`] : []);

const INVOICE_NAMES: Record<string, string> = {
  processing_fee: 'प्रसंस्करण शुल्क (GST सहित)',
  emd: 'बयाना जमा राशि (EMD)',
  premium_instalment: 'प्रीमियम की पहली किस्त',
  service_fee: 'सेवा अनुरोध शुल्क',
};
const invoiceName = (type: Value) => INVOICE_NAMES[str(type)] ?? words(type);

/** Who a case waits on, as it reads before "के पास". */
const ROLE_NAMES: Record<string, string> = {
  zonal_manager: 'आंचलिक प्रबंधकों',
  ho: 'मुख्यालय',
  committee: 'समिति',
  legal: 'विधि विभाग',
  admin: 'प्रशासकों',
};
const roleName = (role: Value) => ROLE_NAMES[str(role)] ?? 'आपकी टीम';

const openApplication = (p: NotificationParams, label = 'आवेदन खोलें') => ({
  label,
  href: str(p.link) || null,
});

export const hi: MailCatalogue = {
  frame: {
    greeting: (name) => (name ? `प्रिय ${name},` : 'नमस्कार,'),
    footer: (portalUrl) => `यह संदेश भूमि एवं परिसंपत्ति आवंटन पोर्टल (${portalUrl}) द्वारा भेजा गया है। कृपया इसका उत्तर न दें।`,
  },

  application_submitted: (p) => ({
    subject: `आवेदन ${str(p.application_number)} जमा किया गया`,
    paragraphs: [
      `आपका आवेदन ${str(p.application_number)} जाँच के लिए जमा कर दिया गया है। कृपया यह संख्या अपने रिकॉर्ड के लिए संभालकर रखें।`,
      ...(Number(p.invoice_count) > 0
        ? [
            `${Number(p.invoice_count) === 1 ? 'इसके साथ एक चालान जारी किया गया है' : `इसके साथ ${Number(p.invoice_count)} चालान जारी किए गए हैं`}: ${str(p.invoice_numbers)}, कुल ${money(p.total_amount)}, देय तिथि ${day(p.due_date)}। आप आवेदन के पृष्ठ से भुगतान कर सकते हैं।`,
          ]
        : []),
    ],
    action: openApplication(p),
  }),

  document_rejected: (p) => ({
    subject: `आवेदन ${str(p.application_number)} पर दस्तावेज़ अस्वीकृत`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} के लिए आपके द्वारा अपलोड किया गया ${documentName(p.document_type)} (${str(p.file_name)}) अस्वीकार कर दिया गया है।`,
      ...quoted('कारण', p.reason),
      'कृपया उसके स्थान पर नया दस्तावेज़ अपलोड करें, ताकि जाँच आगे बढ़ सके।',
    ],
    action: openApplication(p, 'नया दस्तावेज़ अपलोड करें'),
  }),

  query_raised: (p) => ({
    subject: `आवेदन ${str(p.application_number)} पर प्रश्न`,
    paragraphs: [
      `एक अधिकारी ने आवेदन ${str(p.application_number)} पर प्रश्न उठाया है।`,
      ...quoted('प्रश्न', p.message),
      `कृपया ${day(p.respond_by)} तक इसका उत्तर दें। आपका उत्तर मिलने तक आवेदन आगे नहीं बढ़ेगा।`,
    ],
    action: openApplication(p, 'प्रश्न का उत्तर दें'),
  }),

  decision_made: (p) => ({
    subject: `आवेदन ${str(p.application_number)} पर निर्णय`,
    paragraphs: [
      p.decision === 'approved'
        ? `आवेदन ${str(p.application_number)} स्वीकृत कर दिया गया है।`
        : p.decision === 'rejected'
          ? `आवेदन ${str(p.application_number)} अस्वीकार कर दिया गया है।`
          : `समिति ने आवेदन ${str(p.application_number)} पर निर्णय दर्ज किया है।`,
      ...quoted('निर्णय', stageWords(p)),
    ],
    action: openApplication(p),
  }),

  invoice_generated: (p) => ({
    subject: `चालान ${str(p.invoice_number)} जारी किया गया`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} पर ${invoiceName(p.invoice_type)} का चालान ${str(p.invoice_number)}, ${money(p.amount)}, जारी किया गया है। इसकी देय तिथि ${day(p.due_date)} है।`,
    ],
    action: openApplication(p, 'चालान का भुगतान करें'),
  }),

  invoice_due_soon: (p) => ({
    subject: `अनुस्मारक: चालान ${str(p.invoice_number)} की देय तिथि ${day(p.due_date)} है`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} पर ${invoiceName(p.invoice_type)} का चालान ${str(p.invoice_number)}, ${money(p.amount)}, ${day(p.due_date)} को देय है।`,
      'यदि आप इसका भुगतान कर चुके हैं, तो कृपया इस अनुस्मारक को अनदेखा करें।',
    ],
    action: openApplication(p, 'चालान का भुगतान करें'),
  }),

  invoice_overdue: (p) => ({
    subject: `चालान ${str(p.invoice_number)} अतिदेय है`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} पर ${invoiceName(p.invoice_type)} का चालान ${str(p.invoice_number)}, ${money(p.amount)}, ${day(p.due_date)} को देय था, और इसका भुगतान नहीं हुआ है।`,
      'कृपया जल्द से जल्द भुगतान करें: भुगतान होने तक आवेदन आगे नहीं बढ़ सकता।',
    ],
    action: openApplication(p, 'चालान का भुगतान करें'),
  }),

  allotment_letter_issued: (p) => ({
    subject: `आवेदन ${str(p.application_number)} के लिए आवंटन पत्र जारी किया गया`,
    paragraphs: [
      `परिसंपत्ति ${str(p.asset_code)} आपको आवंटित कर दी गई है (${p.allotment_type === 'final' ? 'अंतिम' : 'अनंतिम'} आवंटन ${str(p.allotment_number)}, आवेदन ${str(p.application_number)})।`,
      'आपका आवंटन पत्र आवेदन के पृष्ठ से डाउनलोड करने के लिए तैयार है।',
    ],
    action: openApplication(p, 'आवंटन पत्र डाउनलोड करें'),
  }),

  lease_deed_approved: (p) => ({
    subject: `आवेदन ${str(p.application_number)} का पट्टा विलेख स्वीकृत`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} के लिए आपका पट्टा विलेख स्वीकृत कर दिया गया है, और आवंटन अब अंतिम है।`,
      ...quoted('टिप्पणियाँ', p.remarks),
    ],
    action: openApplication(p),
  }),

  lease_deed_returned: (p) => ({
    subject: `आवेदन ${str(p.application_number)} का पट्टा विलेख लौटाया गया`,
    paragraphs: [
      p.verdict === 'rejected'
        ? `आवेदन ${str(p.application_number)} के लिए आपका पट्टा विलेख अस्वीकार कर दिया गया है।`
        : `आवेदन ${str(p.application_number)} के लिए आपका पट्टा विलेख संशोधन के लिए लौटाया गया है।`,
      ...quoted('टिप्पणियाँ', p.remarks),
      'कृपया संशोधित पट्टा विलेख अपलोड करें।',
    ],
    action: openApplication(p, 'पट्टा विलेख अपलोड करें'),
  }),

  possession_recorded: (p) => ({
    subject: `आवेदन ${str(p.application_number)} के लिए कब्ज़ा दर्ज किया गया`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} के लिए कब्ज़ा ${day(p.possession_date)} को दिया गया। आपके कब्ज़ा प्रमाणपत्र की संख्या ${str(p.certificate_number)} है।`,
    ],
    action: openApplication(p),
  }),

  service_request_decided: (p) => ({
    subject: `सेवा अनुरोध ${str(p.request_number)} ${p.status === 'approved' ? 'स्वीकृत' : 'अस्वीकृत'}`,
    paragraphs: [
      `आपका सेवा अनुरोध ${str(p.request_number)} ${p.status === 'approved' ? 'स्वीकृत' : 'अस्वीकार'} कर दिया गया है।`,
      ...quoted('टिप्पणियाँ', p.remarks),
    ],
    action: { label: 'सेवा अनुरोध खोलें', href: str(p.link) || null },
  }),

  milestone_extended: (p) => ({
    subject: `आवेदन ${str(p.application_number)} पर समय-विस्तार स्वीकृत`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} पर समय-विस्तार लागू हो गया है: ${MILESTONE_NAMES[str(p.milestone)] ?? 'लक्ष्य'} की नई नियत तिथि ${day(p.due_on)} है।`,
    ],
    action: openApplication(p),
  }),

  allotment_surrendered: (p) => ({
    subject: `आवंटन ${str(p.allotment_number)} समर्पित`,
    paragraphs: [
      `आपका आवंटन ${str(p.allotment_number)} (आवेदन ${str(p.application_number)}) ${day(p.ended_on)} को समर्पित किया गया, और उसका भूखंड निगम को लौट जाता है।`,
      `आपको देय वापसी राशि ${money(p.refund_due)} है।`,
    ],
    action: openApplication(p),
  }),

  case_reached_role: (p) => ({
    subject: `आवेदन ${str(p.application_number)} ${roleName(p.role)} के पास लंबित है`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} अब "${stageName(p.status)}" चरण में है और ${roleName(p.role)} के पास लंबित है।`,
      ...(p.due_date ? [`इसकी सेवा लक्ष्य तिथि ${day(p.due_date)} है।`] : []),
    ],
    action: openApplication(p),
  }),

  case_assigned: (p) => ({
    subject: `आवेदन ${str(p.application_number)} आपको सौंपा गया`,
    paragraphs: [
      `${str(p.assigned_by) || 'एक अधिकारी'} ने आवेदन ${str(p.application_number)} ("${stageName(p.status)}") आपको सौंपा है।`,
    ],
    action: openApplication(p),
  }),

  query_answered: (p) => ({
    subject: `आवेदन ${str(p.application_number)} पर प्रश्न का उत्तर मिला`,
    paragraphs: [
      `आवेदक ने आवेदन ${str(p.application_number)} पर उठाए गए प्रश्न का उत्तर दे दिया है।`,
      ...quoted('उत्तर', p.message),
    ],
    action: openApplication(p),
  }),

  case_overdue: (p) => ({
    subject: `आवेदन ${str(p.application_number)} अतिदेय है`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} ("${stageName(p.status)}") की देय तिथि ${day(p.due_date)} थी, और यह अब भी आपकी टीम के पास लंबित है।`,
    ],
    action: openApplication(p),
  }),

  outbox_failure: (p) => ({
    subject: `${str(p.to_email)} को ईमेल नहीं भेजा जा सका`,
    paragraphs: [
      `पोर्टल ने ${str(p.attempts)} प्रयासों के बाद ${str(p.to_email)} को ईमेल (${words(p.template)}) भेजना बंद कर दिया।`,
      ...quoted('अंतिम त्रुटि', p.error),
      'कारण ठीक हो जाने पर, इसे फिर से भेजने के लिए आउटबॉक्स खोलें।',
    ],
    action: { label: 'आउटबॉक्स खोलें', href: str(p.link) || null },
  }),

  password_reset: (p) => ({
    subject: 'अपना पासवर्ड रीसेट करें',
    paragraphs: [
      `किसी ने (आशा है आपने ही) आपके खाते का पासवर्ड रीसेट करने का अनुरोध किया है। नया पासवर्ड चुनने के लिए कृपया ${str(p.expires_minutes)} मिनट के भीतर नीचे दिया गया लिंक खोलें।`,
      'यदि आपने यह अनुरोध नहीं किया है, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड पहले जैसा ही रहेगा।',
    ],
    action: { label: 'नया पासवर्ड चुनें', href: str(p.reset_url) || null },
  }),
};
