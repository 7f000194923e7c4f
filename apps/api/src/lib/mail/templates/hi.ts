/** The Hindi mail of every MAIL_TEMPLATES entry: the same parameters as the English (en.ts), worded in Hindi, with
 * the contract's hi-IN formatters for amounts and dates. */
import {
  ROUTES,
  formattersFor,
  type ApplicationStatus,
  type DocumentType,
  type NotificationParams,
  type ServiceRequestType,
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
  withdrawn: 'वापस लिया गया',
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
  lease_rent: 'पट्टा किराया',
  maintenance_charge: 'रखरखाव शुल्क',
  participation_fee: 'नीलामी भागीदारी शुल्क',
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

/** शिकायतें (निर्णय 038): उनकी श्रेणियाँ और वे स्तर जिन तक शिकायत बढ़ाई जाती है। */
const GRIEVANCE_CATEGORY_NAMES: Record<string, string> = {
  billing: 'बिलिंग',
  delay: 'किसी मामले में देरी',
  officer_conduct: 'किसी अधिकारी का आचरण',
  park_infrastructure: 'पार्क की सड़कें, पानी या बिजली',
  other: 'अन्य विषय',
};
const grievanceCategory = (value: Value) => GRIEVANCE_CATEGORY_NAMES[str(value)] ?? str(value);
const GRIEVANCE_LEVELS: Record<string, string> = { ho: 'मुख्यालय', admin: 'प्रशासकों' };
const openGrievance = (p: NotificationParams) => ({ label: 'शिकायत खोलें', href: str(p.link) || null });

const openApplication = (p: NotificationParams, label = 'आवेदन खोलें') => ({
  label,
  href: str(p.link) || null,
});

/** The service request types (the contract's SERVICE_REQUEST_TYPES), in the web catalogue's Hindi words. */
const SERVICE_TYPE_NAMES: Record<ServiceRequestType, string> = {
  change_name: 'नाम परिवर्तन',
  change_constitution: 'संगठन के स्वरूप में परिवर्तन',
  transfer: 'हस्तांतरण',
  mortgage_noc: 'बंधक हेतु अनापत्ति प्रमाणपत्र',
  subletting: 'उप-पट्टा',
  withdrawal: 'वापसी',
  activity_change: 'गतिविधि में परिवर्तन',
  eot: 'समय-विस्तार',
};
const serviceType = (type: Value) => SERVICE_TYPE_NAMES[type as ServiceRequestType] ?? '';
const milestoneName = (milestone: Value) => MILESTONE_NAMES[str(milestone)] ?? 'लक्ष्य';

/** An allotment's mail opens the notification's link, else My plots; an officer's, else the allotment register. */
const openPlots = (p: NotificationParams, label = 'मेरे भूखंड खोलें') => ({
  label,
  href: str(p.link) || ROUTES.myPlots.path,
});
const openRegister = (p: NotificationParams, label = 'आवंटन रजिस्टर खोलें') => ({
  label,
  href: str(p.link) || ROUTES.allotments.path,
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

  query_reply_due: (p) => ({
    subject: `अनुस्मारक: आवेदन ${str(p.application_number)} पर प्रश्न का उत्तर ${day(p.respond_by)} तक दें`,
    paragraphs: [
      Number(p.days_left) <= 0
        ? `आवेदन ${str(p.application_number)} पर प्रश्न का उत्तर आज, ${day(p.respond_by)} तक देना है।`
        : Number(p.days_left) === 1
          ? `आवेदन ${str(p.application_number)} पर प्रश्न का उत्तर कल, ${day(p.respond_by)} तक देना है।`
          : `आवेदन ${str(p.application_number)} पर प्रश्न का उत्तर ${day(p.respond_by)} तक, ${str(p.days_left)} दिनों में देना है।`,
      'तब तक उत्तर न मिलने पर प्रश्न व्यपगत हो जाएगा: फिर इसका उत्तर नहीं दिया जा सकेगा, और अधिकारी आवेदन अस्वीकार कर सकते हैं।',
    ],
    action: openApplication(p, 'प्रश्न का उत्तर दें'),
  }),

  query_extended: (p) => ({
    subject: `आवेदन ${str(p.application_number)} पर प्रश्न का उत्तर देने के लिए और समय`,
    paragraphs: [
      `अधिकारी ने आवेदन ${str(p.application_number)} पर प्रश्न की उत्तर-तिथि बढ़ाकर ${day(p.respond_by)} कर दी है (पहले ${day(p.original_respond_by)} थी)।`,
      'अब आप फिर से इसका उत्तर दे सकते हैं। तिथि केवल एक बार बढ़ाई जाती है।',
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

  application_withdrawn: (p) => ({
    subject: `आवेदन ${str(p.application_number)} वापस लिया गया`,
    paragraphs: [
      `आपने आवेदन ${str(p.application_number)} वापस ले लिया है। इस पर आगे कोई कार्रवाई नहीं होगी।`,
      ...quoted('आपका कारण', p.reason),
      'यदि आपने बयाना जमा राशि (EMD) का भुगतान किया है, तो वित्त टीम द्वारा आपकी प्रोफ़ाइल के बैंक खाते के सत्यापन के बाद वह उसी खाते में लौटा दी जाएगी।',
    ],
    action: openApplication(p),
  }),
  refund_approved: (p) => ({
    subject: `धनवापसी ${str(p.refund_number)} स्वीकृत`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} पर ${money(p.amount)} की धनवापसी (${str(p.refund_number)}) स्वीकृत हो गई है।`,
      'यह आपके सत्यापित बैंक खाते में भेजी जाएगी; भुगतान होने पर आपको बैंक संदर्भ (UTR) बताया जाएगा।',
    ],
    action: openApplication(p),
  }),
  interest_waived: (p) => ({
    subject: `चालान ${str(p.invoice_number)} पर ब्याज माफ़`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} के चालान ${str(p.invoice_number)} पर ${money(p.amount)} का ब्याज माफ़ कर दिया गया है (${str(p.adjustment_number)})।`,
      'इस चालान पर अब और ब्याज नहीं लगेगा; इसकी राशि अभी भी देय है।',
    ],
    action: openApplication(p),
  }),
  refund_paid: (p) => ({
    subject: `धनवापसी ${str(p.refund_number)} का भुगतान हुआ`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} पर ${money(p.amount)} की धनवापसी (${str(p.refund_number)}) ${day(p.paid_on)} को आपके बैंक खाते में भेज दी गई है।`,
      `बैंक संदर्भ (UTR): ${str(p.utr)}`,
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
  transfer_offered: (p) => ({
    subject: `आवंटन ${str(p.allotment_number)} का हस्तांतरण आपको प्रस्तावित`,
    paragraphs: [
      `${str(p.holder_name) || 'आवंटन के धारक'} ने सेवा अनुरोध ${str(p.request_number)} द्वारा आवंटन ${str(p.allotment_number)} (परिसंपत्ति ${str(p.asset_code)}) आपके नाम हस्तांतरित करने का प्रस्ताव दिया है।`,
      'भूखंड लेने के लिए पोर्टल में "मेरे भूखंड" पर जाकर हस्तांतरण स्वीकार करें। आपकी स्वीकृति के बाद ही निगम हस्तांतरण पर विचार करता है।',
    ],
    action: openPlots(p, 'हस्तांतरण देखें'),
  }),

  service_order_issued: (p) => ({
    subject: `सेवा अनुरोध ${str(p.request_number)} पर आदेश जारी`,
    paragraphs: [
      `आवंटन ${str(p.allotment_number)} पर आपका सेवा अनुरोध ${str(p.request_number)}${serviceType(p.request_type) ? ` (${serviceType(p.request_type)})` : ''} लागू हो गया है, और उसका आदेश जारी कर दिया गया है।`,
      'आप आदेश पोर्टल से डाउनलोड कर सकते हैं।',
    ],
    action: openPlots(p),
  }),

  allotment_transferred: (p) => ({
    subject: `आवंटन ${str(p.allotment_number)} हस्तांतरित`,
    paragraphs: [
      `आवंटन ${str(p.allotment_number)} (परिसंपत्ति ${str(p.asset_code)}) का हस्तांतरण लागू हो गया है, और भूखंड अब नए धारक के नाम है।`,
    ],
    action: openPlots(p),
  }),

  show_cause_issued: (p) => ({
    subject: `आवंटन ${str(p.allotment_number)} पर कारण बताओ नोटिस ${str(p.notice_number)}`,
    paragraphs: [
      `निगम ने आपके आवंटन ${str(p.allotment_number)} पर कारण बताओ नोटिस ${str(p.notice_number)} जारी किया है।`,
      `कृपया ${day(p.reply_by)} तक इसका उत्तर दें। नोटिस पर निर्णय होने तक इस आवंटन पर केवल उत्तर या समर्पण ही किया जा सकता है।`,
    ],
    action: openPlots(p, 'नोटिस का उत्तर दें'),
  }),

  show_cause_decided: (p) =>
    p.outcome === 'cancelled'
      ? {
          subject: `आवंटन ${str(p.allotment_number)} रद्द`,
          paragraphs: [
            `कारण बताओ नोटिस ${str(p.notice_number)} पर निर्णय हो गया है: आपका आवंटन ${str(p.allotment_number)} रद्द कर दिया गया है, और उसका भूखंड निगम को लौट जाता है।`,
            'आप आदेश पोर्टल से डाउनलोड कर सकते हैं।',
          ],
          action: openPlots(p),
        }
      : {
          subject: `कारण बताओ नोटिस ${str(p.notice_number)} समाप्त`,
          paragraphs: [
            `आपके आवंटन ${str(p.allotment_number)} पर कारण बताओ नोटिस ${str(p.notice_number)} समाप्त कर दिया गया है। आवंटन पहले की तरह जारी रहेगा।`,
          ],
          action: openPlots(p),
        },

  milestone_due_soon: (p) => ({
    subject: `अनुस्मारक: आवंटन ${str(p.allotment_number)} पर ${milestoneName(p.milestone)} की नियत तिथि ${day(p.due_on)}`,
    paragraphs: [
      `आपके आवंटन ${str(p.allotment_number)} पर ${milestoneName(p.milestone)} की नियत तिथि ${day(p.due_on)} है${str(p.days_left) ? ` (${str(p.days_left)} दिन शेष)` : ''}।`,
      'यदि आपको अधिक समय चाहिए, तो उस तिथि से पहले "मेरे भूखंड" से समय-विस्तार माँगें।',
    ],
    action: openPlots(p),
  }),

  show_cause_replied: (p) => ({
    subject: `कारण बताओ नोटिस ${str(p.notice_number)} का उत्तर मिला`,
    paragraphs: [
      `आवंटन ${str(p.allotment_number)} के धारक ने कारण बताओ नोटिस ${str(p.notice_number)} का उत्तर दे दिया है। अब नोटिस पर निर्णय लंबित है: आवंटन रद्द करें या नोटिस समाप्त करें।`,
    ],
    action: openRegister(p),
  }),

  milestone_missed: (p) => ({
    subject: `आवंटन ${str(p.allotment_number)} पर लक्ष्य की तिथि निकल गई`,
    paragraphs: [
      `आवंटन ${str(p.allotment_number)} के धारक${str(p.holder_name) ? ` ${str(p.holder_name)}` : ''} ने लक्ष्य पूरा नहीं किया: ${milestoneName(p.milestone)} की नियत तिथि ${day(p.due_on)} थी।`,
      'आप रजिस्टर से कारण बताओ नोटिस जारी कर सकते हैं।',
    ],
    action: openRegister(p),
  }),

  beacon_round_refused: (p) => ({
    subject: `योजना ${str(p.scheme_number)}: बीकन का राउंड ${str(p.round)} अस्वीकार किया गया`,
    paragraphs: [
      `योजना ${str(p.scheme_number)} का ड्रॉ रैंडमनेस बीकन ${str(p.beacon_id)} के राउंड ${str(p.round)} की प्रतीक्षा में है। बीकन ने उस राउंड के साथ ऐसा हस्ताक्षर भेजा जो बीकन की सार्वजनिक कुंजी से सत्यापित नहीं होता, इसलिए पोर्टल ने उसे अस्वीकार कर दिया और उसका कभी उपयोग नहीं करेगा: ड्रॉ नहीं हुआ है।`,
      'पोर्टल हर मिनट बीकन से फिर पूछता है। यदि बीकन गलत राउंड भेजता रहे, तो किसी अन्य तरीके से ड्रॉ करने से पहले पोर्टल की बीकन सेटिंग (उसका पता और निर्धारित चेन) जाँचें।',
    ],
    action: { label: 'योजना खोलें', href: str(p.link) || null },
  }),

  appeal_filed: (p) => ({
    subject: `आवेदन ${str(p.application_number)} पर अपील ${str(p.appeal_number)} दायर`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} के आवेदक ने "${stageName(p.stage_status)}" के विरुद्ध मुख्यालय में अपील की है (${p.ground === 'rejected' ? 'अस्वीकृति' : 'मामला अपनी सेवा समय-सीमा से आगे है'})।`,
      `अपील पर आदेश ${day(p.due_on)} तक देना है।`,
    ],
    action: openApplication(p, 'अपील खोलें'),
  }),

  appeal_decided: (p) => ({
    subject: `आपकी अपील ${str(p.appeal_number)} ${p.outcome === 'allowed' ? 'स्वीकार की गई' : 'खारिज की गई'}`,
    paragraphs: [
      p.outcome === 'allowed'
        ? `मुख्यालय ने आवेदन ${str(p.application_number)} पर आपकी अपील ${str(p.appeal_number)} स्वीकार कर ली है।${p.directed_due_on ? ` अधिकारियों को ${day(p.directed_due_on)} तक कार्रवाई करने का निर्देश दिया गया है।` : ' आपका आवेदन फिर से जाँच में जाता है।'}`
        : `मुख्यालय ने आवेदन ${str(p.application_number)} पर आपकी अपील ${str(p.appeal_number)} खारिज कर दी है।`,
      'आप पोर्टल में आवेदन पर आदेश पढ़ सकते हैं।',
    ],
    action: openApplication(p),
  }),

  appeal_directed: (p) => ({
    subject: `अपील ${str(p.appeal_number)}: आवेदन ${str(p.application_number)} पर ${day(p.due_date)} तक निर्णय`,
    paragraphs: [
      `मुख्यालय ने आवेदन ${str(p.application_number)} ("${stageName(p.status)}") पर अपील ${str(p.appeal_number)} स्वीकार की है और निर्देश दिया है कि इस पर ${day(p.due_date)} तक निर्णय लिया जाए।`,
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

  query_lapsed: (p) => ({
    subject: `आवेदन ${str(p.application_number)} पर प्रश्न व्यपगत हो गया`,
    paragraphs: [
      `आवेदक ने आवेदन ${str(p.application_number)} पर प्रश्न का उत्तर ${day(p.respond_by)} तक नहीं दिया, इसलिए प्रश्न व्यपगत हो गया है।`,
      'अब आप कारण सहित आवेदन अस्वीकार कर सकते हैं, या उत्तर-तिथि एक बार बढ़ा सकते हैं।',
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

  case_escalated: (p) => ({
    subject: `आवेदन ${str(p.application_number)} ${p.escalated_to === 'admin' ? 'प्रशासकों' : 'मुख्यालय'} को भेजा गया (एस्केलेट)`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} ("${stageName(p.status)}") की देय तिथि ${day(p.due_date)} थी, और अपनी समय-सीमा जितना समय और बीत जाने पर भी यह लंबित है। अब यह ${p.escalated_to === 'admin' ? 'प्रशासकों' : 'मुख्यालय'} को एस्केलेट किया गया है।`,
    ],
    action: openApplication(p),
  }),

  deemed_approved: (p) => ({
    subject: `आवेदन ${str(p.application_number)}: मानित स्वीकृति`,
    paragraphs: [
      `आवेदन ${str(p.application_number)} के "${stageName(p.from)}" चरण पर देय तिथि (${day(p.due_on)}) के बाद 15 कार्य दिवसों में कोई निर्णय नहीं हुआ, इसलिए इसे स्वीकृत माना गया है: आवेदन अब "${stageName(p.to)}" चरण में है।`,
      'इसका पत्र आवेदन के साथ जारी किया गया है; उसका सत्यापन कोड पोर्टल पर जाँचा जा सकता है।',
    ],
    action: openApplication(p),
  }),

  scheme_result: (p) => ({
    subject:
      p.outcome === 'won'
        ? `योजना ${str(p.scheme_number)}: भूखंड आपका है (आवेदन ${str(p.application_number)})`
        : `योजना ${str(p.scheme_number)}: आवेदन ${str(p.application_number)} का परिणाम`,
    paragraphs: [
      p.outcome === 'won'
        ? `आवेदन ${str(p.application_number)} ने योजना ${str(p.scheme_number)} में अपना भूखंड जीता है। प्रीमियम का बीजक आवेदन के साथ है: उसके भुगतान के बाद अनंतिम आवंटन पत्र जारी होगा।`
        : p.outcome === 'not_qualified'
          ? `आवेदन ${str(p.application_number)} योजना ${str(p.scheme_number)} में पात्र नहीं हुआ: अंतिम तिथि तक वह जमा राशि के भुगतान सहित स्वीकृत नहीं था। चुकाई गई बयाना राशि (EMD) लौटाई जाएगी।`
          : p.outcome === 'defaulted'
            ? `योजना ${str(p.scheme_number)} में आवेदन ${str(p.application_number)} का प्रीमियम समय पर नहीं चुकाया गया: बयाना राशि (EMD) जब्त हो गई है और भूखंड अगले बोलीदाता को दिया जाएगा।`
            : `योजना ${str(p.scheme_number)} में भूखंड किसी अन्य आवेदन को मिला${p.rank ? ` (आपका स्थान ${str(p.rank)} था)` : ''}। चुकाई गई बयाना राशि (EMD) लौटाई जाएगी।`,
      'योजना का सार्वजनिक परिणाम, उसे जाँचने की पूरी जानकारी सहित, पोर्टल पर है।',
    ],
    action: openApplication(p, 'आवेदन खोलें'),
  }),

  gateway_mismatch: (p) => ({
    subject: `जाँच हेतु गेटवे भुगतान: ऑर्डर ${str(p.gateway_order_id)}`,
    paragraphs: [
      `भुगतान गेटवे ऑर्डर ${str(p.gateway_order_id)} (आवेदन ${str(p.application_number)} का चालान ${str(p.invoice_number)}, ${money(p.amount)}) पर एक भुगतान बताता है जिसे पोर्टल ने भुगतान के रूप में दर्ज नहीं किया: ${
        p.mismatch_code === 'amount_mismatch'
          ? 'भुगतान की गई राशि ऑर्डर से भिन्न है।'
          : p.mismatch_code === 'already_paid'
            ? 'चालान का भुगतान पहले ही किसी अन्य भुगतान से हो चुका था।'
            : 'गेटवे और पोर्टल इस पर सहमत नहीं हैं।'
      }`,
      'गेटवे से इसकी जाँच करें और यदि राशि ली गई है तो भुगतानकर्ता को वापस करें।',
    ],
    action: openApplication(p),
  }),

  grievance_received: (p) => ({
    subject: `शिकायत ${str(p.grievance_number)} प्राप्त हुई`,
    paragraphs: [
      `${grievanceCategory(p.category)} के बारे में आपकी शिकायत ${str(p.grievance_number)} प्राप्त हुई और संबंधित अधिकारी को भेज दी गई है।`,
      `हम ${day(p.due_on)} तक उत्तर देने का वचन देते हैं। आप पोर्टल में इसे देख सकते हैं, फ़ाइलें जोड़ सकते हैं और अधिकारी को उत्तर दे सकते हैं।`,
    ],
    action: openGrievance(p),
  }),

  grievance_replied: (p) => ({
    subject: `आपकी शिकायत ${str(p.grievance_number)} पर उत्तर`,
    paragraphs: [`अधिकारी ने आपकी शिकायत ${str(p.grievance_number)} पर उत्तर दिया है। पोर्टल में उत्तर पढ़ें।`],
    action: openGrievance(p),
  }),

  grievance_detail_asked: (p) => ({
    subject: `आपकी शिकायत ${str(p.grievance_number)} के लिए और जानकारी चाहिए`,
    paragraphs: [
      `अधिकारी ने आपकी शिकायत ${str(p.grievance_number)} पर और जानकारी माँगी है। पोर्टल में उत्तर दें ताकि कार्रवाई आगे बढ़े; आपके उत्तर तक इसकी नियत तिथि रुकी रहती है।`,
    ],
    action: openGrievance(p),
  }),

  grievance_resolved: (p) => ({
    subject: `आपकी शिकायत ${str(p.grievance_number)} का समाधान किया गया`,
    paragraphs: [
      `अधिकारी ने आपकी शिकायत ${str(p.grievance_number)} का समाधान किया है। पोर्टल में समाधान पढ़ें और उसे रेटिंग दें।`,
      'यदि आप समाधान से संतुष्ट नहीं हैं, तो आप 15 दिनों के भीतर इसे एक बार फिर से खोल सकते हैं।',
    ],
    action: openGrievance(p),
  }),

  grievance_assigned: (p) => ({
    subject: `शिकायत ${str(p.grievance_number)} आपकी प्रतीक्षा में है`,
    paragraphs: [
      p.reason === 'reopened'
        ? `शिकायतकर्ता ने शिकायत ${str(p.grievance_number)} (${grievanceCategory(p.category)}) फिर से खोली है।`
        : p.reason === 'answered'
          ? `शिकायतकर्ता ने शिकायत ${str(p.grievance_number)} (${grievanceCategory(p.category)}) पर उत्तर दिया है।`
          : `${grievanceCategory(p.category)} के बारे में शिकायत ${str(p.grievance_number)} दर्ज हुई और आपको भेजी गई है।`,
      `इसकी नियत तिथि ${day(p.due_on)} है।`,
    ],
    action: openGrievance(p),
  }),

  grievance_escalated: (p) => ({
    subject: `शिकायत ${str(p.grievance_number)} ऊपर भेजी गई`,
    paragraphs: [
      `शिकायत ${str(p.grievance_number)} (${grievanceCategory(p.category)}) की नियत तिथि ${day(p.due_on)} थी और यह अभी भी खुली है: इसे ${GRIEVANCE_LEVELS[str(p.escalated_to)] ?? 'ऊपरी स्तर'} को भेजा गया है।`,
    ],
    action: openGrievance(p),
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
  sign_in_code_locked: (p) => ({
    subject: 'आपके मोबाइल के लिए कोड से साइन-इन बंद है',
    paragraphs: [
      `आपके खाते के मोबाइल नंबर के लिए बहुत अधिक गलत वन-टाइम कोड डाले गए, इसलिए कोड से साइन-इन ${str(p.hours)} घंटे के लिए बंद है।`,
      'यदि यह आप नहीं थे, तो कोई आपके खाते में आने का प्रयास कर रहा हो सकता है: अपने पासवर्ड से साइन इन करें और उसे बदलें।',
    ],
    action: { label: 'अपना खाता खोलें', href: '/account' },
  }),
};
