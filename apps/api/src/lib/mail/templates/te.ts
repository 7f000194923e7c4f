/** The Telugu mail of every MAIL_TEMPLATES entry: the same parameters as the English (en.ts), worded in Telugu, with
 * the contract's te-IN formatters for amounts and dates. */
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

const format = formattersFor('te');
const str = (value: Value): string => (value === null || value === undefined ? '' : String(value));
const words = (value: Value) => str(value).replace(/_/g, ' ');
const money = (value: Value) => format.rupees(Number(value));
const day = (value: Value) => format.date(str(value));
/** The implementation milestones (the contract's MILESTONE_KINDS). */
const MILESTONE_NAMES: Record<string, string> = {
  commence_construction: 'నిర్మాణ ప్రారంభం',
  start_production: 'ఉత్పత్తి ప్రారంభం',
};

/** The default stage names (DEFAULT_STAGE in the contract) in Telugu. */
const STAGE_NAMES: Record<ApplicationStatus, string> = {
  draft: 'ముసాయిదా',
  submitted: 'పరిశీలనకు సమర్పించబడింది',
  under_scrutiny: 'పరిశీలనలో',
  pending_committee: 'కమిటీ వద్ద పెండింగ్',
  approved: 'ఆమోదించబడింది',
  rejected: 'తిరస్కరించబడింది',
  pending_payment: 'చెల్లింపు పెండింగ్',
  payment_verified: 'చెల్లింపు ధృవీకరించబడింది',
  provisional_allotment: 'తాత్కాలిక కేటాయింపు',
  lease_submitted: 'లీజు దస్తావేజు సమర్పించబడింది',
  final_allotment: 'తుది కేటాయింపు',
  possession_given: 'స్వాధీనం ఇవ్వబడింది',
  under_implementation: 'అమలులో ఉంది',
  completed: 'పూర్తయింది',
  withdrawn: 'ఉపసంహరించబడింది',
};
const stageName = (status: Value) => STAGE_NAMES[status as ApplicationStatus] ?? words(status);
/** The other stages the portal sets (the contract's stage codes) in Telugu; a note is the officer's own words. */
const OTHER_STAGES: Record<Exclude<StageCode, 'status'>, string> = {
  committee_approved: 'కేటాయింపు పెండింగ్',
  committee_rejected: 'కమిటీ తిరస్కరించింది',
  committee_deferred: 'కమిటీ వాయిదా వేసింది',
  committee_conditional_approval: 'షరతులతో ఆమోదం',
  lease_deed_rejected: 'లీజు దస్తావేజు తిరస్కరించబడింది',
  lease_deed_needs_revision: 'లీజు దస్తావేజుకు సవరణ అవసరం',
};
const stageWords = stageWordsIn(STAGE_NAMES, OTHER_STAGES);

/** DOCUMENT_TYPE_NAMES in Telugu. */
const DOCUMENT_NAMES: Record<DocumentType, string> = {
  dpr: 'DPR',
  pan_card: 'PAN కార్డు',
  bank_proof: 'బ్యాంకు ఖాతా రుజువు',
  gst_certificate: 'GST ధృవీకరణ పత్రం',
  caste_certificate: 'కుల ధృవీకరణ పత్రం',
  other: 'ఇతర పత్రం',
};
const documentName = (type: Value) => DOCUMENT_NAMES[type as DocumentType] ?? words(type);
/** An officer's words (a reason, a remark, a query), quoted on a line of their own when there are any. */
const quoted = (label: string, value: Value): string[] => (str(value).trim() ? [`${label}: ${str(value).trim()}`] : []);

const INVOICE_NAMES: Record<string, string> = {
  processing_fee: 'ప్రాసెసింగ్ రుసుము (GST సహా)',
  emd: 'ధరావతు (EMD)',
  premium_instalment: 'మొదటి ప్రీమియం వాయిదా',
  service_fee: 'సేవా అభ్యర్థన రుసుము',
  lease_rent: 'లీజు అద్దె',
  maintenance_charge: 'నిర్వహణ ఛార్జీలు',
  participation_fee: 'వేలం పాల్గొనే రుసుము',
};
const invoiceName = (type: Value) => INVOICE_NAMES[str(type)] ?? words(type);

/** Who a case waits on, as it reads before "వద్ద". */
const ROLE_NAMES: Record<string, string> = {
  zonal_manager: 'జోనల్ మేనేజర్ల',
  ho: 'ప్రధాన కార్యాలయం',
  committee: 'కమిటీ',
  legal: 'న్యాయ విభాగం',
  admin: 'నిర్వాహకుల',
};
const roleName = (role: Value) => ROLE_NAMES[str(role)] ?? 'మీ బృందం';

/** ఫిర్యాదులు (నిర్ణయం 038): వాటి వర్గాలు మరియు ఫిర్యాదు పైకి పంపబడే స్థాయిలు. */
const GRIEVANCE_CATEGORY_NAMES: Record<string, string> = {
  billing: 'బిల్లింగ్',
  delay: 'ఒక కేసులో ఆలస్యం',
  officer_conduct: 'ఒక అధికారి ప్రవర్తన',
  park_infrastructure: 'పార్కు రోడ్లు, నీరు లేదా విద్యుత్',
  other: 'ఇతర విషయం',
};
const grievanceCategory = (value: Value) => GRIEVANCE_CATEGORY_NAMES[str(value)] ?? str(value);
const GRIEVANCE_LEVELS: Record<string, string> = { ho: 'ప్రధాన కార్యాలయానికి', admin: 'నిర్వాహకులకు' };
const openGrievance = (p: NotificationParams) => ({ label: 'ఫిర్యాదును తెరవండి', href: str(p.link) || null });

const openApplication = (p: NotificationParams, label = 'దరఖాస్తును తెరవండి') => ({
  label,
  href: str(p.link) || null,
});

/** The service request types (the contract's SERVICE_REQUEST_TYPES), in the web catalogue's Telugu words. */
const SERVICE_TYPE_NAMES: Record<ServiceRequestType, string> = {
  change_name: 'పేరు మార్పు',
  change_constitution: 'సంస్థ స్వరూపం మార్పు',
  transfer: 'బదిలీ',
  mortgage_noc: 'తనఖా నిరభ్యంతర ధృవపత్రం',
  subletting: 'ఉప-లీజు',
  withdrawal: 'ఉపసంహరణ',
  activity_change: 'కార్యకలాపం మార్పు',
  eot: 'గడువు పొడిగింపు',
};
const serviceType = (type: Value) => SERVICE_TYPE_NAMES[type as ServiceRequestType] ?? '';
const milestoneName = (milestone: Value) => MILESTONE_NAMES[str(milestone)] ?? 'లక్ష్యం';

/** An allotment's mail opens the notification's link, else My plots; an officer's, else the allotment register. */
const openPlots = (p: NotificationParams, label = 'నా ప్లాట్లు తెరవండి') => ({
  label,
  href: str(p.link) || ROUTES.myPlots.path,
});
const openRegister = (p: NotificationParams, label = 'కేటాయింపుల రిజిస్టర్ తెరవండి') => ({
  label,
  href: str(p.link) || ROUTES.allotments.path,
});

export const te: MailCatalogue = {
  frame: {
    greeting: (name) => (name ? `ప్రియమైన ${name} గారికి,` : 'నమస్కారం,'),
    footer: (portalUrl) => `ఈ సందేశాన్ని భూమి మరియు ఆస్తి కేటాయింపు పోర్టల్ (${portalUrl}) పంపింది. దయచేసి దీనికి ప్రత్యుత్తరం ఇవ్వకండి.`,
  },

  application_submitted: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} సమర్పించబడింది`,
    paragraphs: [
      `మీ దరఖాస్తు ${str(p.application_number)} పరిశీలన కోసం సమర్పించబడింది. దయచేసి ఈ సంఖ్యను మీ రికార్డుల కోసం భద్రపరచుకోండి.`,
      ...(Number(p.invoice_count) > 0
        ? [
            `${Number(p.invoice_count) === 1 ? 'దీనితో ఒక ఇన్వాయిస్ జారీ చేయబడింది' : `దీనితో ${Number(p.invoice_count)} ఇన్వాయిస్‌లు జారీ చేయబడ్డాయి`}: ${str(p.invoice_numbers)}, మొత్తం ${money(p.total_amount)}, గడువు తేదీ ${day(p.due_date)}. మీరు దరఖాస్తు పేజీ నుండి చెల్లించవచ్చు.`,
          ]
        : []),
    ],
    action: openApplication(p),
  }),

  document_rejected: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} లో పత్రం తిరస్కరించబడింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} కోసం మీరు అప్‌లోడ్ చేసిన ${documentName(p.document_type)} (${str(p.file_name)}) తిరస్కరించబడింది.`,
      ...quoted('కారణం', p.reason),
      'పరిశీలన కొనసాగేందుకు, దయచేసి దాని స్థానంలో కొత్త పత్రాన్ని అప్‌లోడ్ చేయండి.',
    ],
    action: openApplication(p, 'కొత్త పత్రాన్ని అప్‌లోడ్ చేయండి'),
  }),

  query_raised: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} పై ప్రశ్న`,
    paragraphs: [
      `ఒక అధికారి దరఖాస్తు ${str(p.application_number)} పై ప్రశ్న లేవనెత్తారు.`,
      ...quoted('ప్రశ్న', p.message),
      `దయచేసి ${day(p.respond_by)} లోగా సమాధానం ఇవ్వండి. మీ సమాధానం వచ్చే వరకు దరఖాస్తు ముందుకు సాగదు.`,
    ],
    action: openApplication(p, 'ప్రశ్నకు సమాధానం ఇవ్వండి'),
  }),

  query_reply_due: (p) => ({
    subject: `గుర్తు: దరఖాస్తు ${str(p.application_number)} పై ప్రశ్నకు ${day(p.respond_by)} లోగా సమాధానం ఇవ్వండి`,
    paragraphs: [
      Number(p.days_left) <= 0
        ? `దరఖాస్తు ${str(p.application_number)} పై ప్రశ్నకు ఈ రోజు, ${day(p.respond_by)} లోగా సమాధానం ఇవ్వాలి.`
        : Number(p.days_left) === 1
          ? `దరఖాస్తు ${str(p.application_number)} పై ప్రశ్నకు రేపు, ${day(p.respond_by)} లోగా సమాధానం ఇవ్వాలి.`
          : `దరఖాస్తు ${str(p.application_number)} పై ప్రశ్నకు ${day(p.respond_by)} లోగా, ${str(p.days_left)} రోజుల్లో సమాధానం ఇవ్వాలి.`,
      'అప్పటిలోగా సమాధానం ఇవ్వకపోతే ప్రశ్న గడువు ముగుస్తుంది: ఆ తర్వాత సమాధానం ఇవ్వలేరు, అధికారి దరఖాస్తును తిరస్కరించవచ్చు.',
    ],
    action: openApplication(p, 'ప్రశ్నకు సమాధానం ఇవ్వండి'),
  }),

  query_extended: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} పై ప్రశ్నకు సమాధానం ఇవ్వడానికి మరింత సమయం`,
    paragraphs: [
      `అధికారి దరఖాస్తు ${str(p.application_number)} పై ప్రశ్నకు సమాధాన గడువును ${day(p.respond_by)} వరకు పొడిగించారు (మునుపు ${day(p.original_respond_by)}).`,
      'ఇప్పుడు మీరు మళ్లీ సమాధానం ఇవ్వవచ్చు. గడువు ఒక్కసారి మాత్రమే పొడిగించబడుతుంది.',
    ],
    action: openApplication(p, 'ప్రశ్నకు సమాధానం ఇవ్వండి'),
  }),

  decision_made: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} పై నిర్ణయం`,
    paragraphs: [
      p.decision === 'approved'
        ? `దరఖాస్తు ${str(p.application_number)} ఆమోదించబడింది.`
        : p.decision === 'rejected'
          ? `దరఖాస్తు ${str(p.application_number)} తిరస్కరించబడింది.`
          : `కమిటీ దరఖాస్తు ${str(p.application_number)} పై నిర్ణయాన్ని నమోదు చేసింది.`,
      ...quoted('నిర్ణయం', stageWords(p)),
    ],
    action: openApplication(p),
  }),

  invoice_generated: (p) => ({
    subject: `ఇన్వాయిస్ ${str(p.invoice_number)} జారీ చేయబడింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} పై ${invoiceName(p.invoice_type)} ఇన్వాయిస్ ${str(p.invoice_number)}, ${money(p.amount)}, జారీ చేయబడింది. దీని గడువు తేదీ ${day(p.due_date)}.`,
    ],
    action: openApplication(p, 'ఇన్వాయిస్ చెల్లించండి'),
  }),

  invoice_due_soon: (p) => ({
    subject: `రిమైండర్: ఇన్వాయిస్ ${str(p.invoice_number)} గడువు తేదీ ${day(p.due_date)}`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} పై ${invoiceName(p.invoice_type)} ఇన్వాయిస్ ${str(p.invoice_number)}, ${money(p.amount)}, గడువు తేదీ ${day(p.due_date)}.`,
      'మీరు ఇప్పటికే చెల్లించి ఉంటే, దయచేసి ఈ రిమైండర్‌ను పట్టించుకోకండి.',
    ],
    action: openApplication(p, 'ఇన్వాయిస్ చెల్లించండి'),
  }),

  invoice_overdue: (p) => ({
    subject: `ఇన్వాయిస్ ${str(p.invoice_number)} గడువు దాటింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} పై ${invoiceName(p.invoice_type)} ఇన్వాయిస్ ${str(p.invoice_number)}, ${money(p.amount)}, గడువు తేదీ ${day(p.due_date)}, కానీ ఇంకా చెల్లించబడలేదు.`,
      'దయచేసి వీలైనంత త్వరగా చెల్లించండి: చెల్లించే వరకు దరఖాస్తు ముందుకు సాగదు.',
    ],
    action: openApplication(p, 'ఇన్వాయిస్ చెల్లించండి'),
  }),

  allotment_letter_issued: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} కోసం కేటాయింపు లేఖ జారీ చేయబడింది`,
    paragraphs: [
      `ఆస్తి ${str(p.asset_code)} మీకు కేటాయించబడింది (${p.allotment_type === 'final' ? 'తుది' : 'తాత్కాలిక'} కేటాయింపు ${str(p.allotment_number)}, దరఖాస్తు ${str(p.application_number)}).`,
      'మీ కేటాయింపు లేఖ దరఖాస్తు పేజీ నుండి డౌన్‌లోడ్ చేసుకోవడానికి సిద్ధంగా ఉంది.',
    ],
    action: openApplication(p, 'కేటాయింపు లేఖను డౌన్‌లోడ్ చేయండి'),
  }),

  lease_deed_approved: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} లీజు దస్తావేజు ఆమోదించబడింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} కోసం మీ లీజు దస్తావేజు ఆమోదించబడింది, ఇప్పుడు కేటాయింపు తుది కేటాయింపు అయింది.`,
      ...quoted('వ్యాఖ్యలు', p.remarks),
    ],
    action: openApplication(p),
  }),

  lease_deed_returned: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} లీజు దస్తావేజు తిరిగి పంపబడింది`,
    paragraphs: [
      p.verdict === 'rejected'
        ? `దరఖాస్తు ${str(p.application_number)} కోసం మీ లీజు దస్తావేజు తిరస్కరించబడింది.`
        : `దరఖాస్తు ${str(p.application_number)} కోసం మీ లీజు దస్తావేజు సవరణ కోసం తిరిగి పంపబడింది.`,
      ...quoted('వ్యాఖ్యలు', p.remarks),
      'దయచేసి సవరించిన లీజు దస్తావేజును అప్‌లోడ్ చేయండి.',
    ],
    action: openApplication(p, 'లీజు దస్తావేజును అప్‌లోడ్ చేయండి'),
  }),

  possession_recorded: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} కోసం స్వాధీనం నమోదు చేయబడింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} కోసం స్వాధీనం ${day(p.possession_date)} న ఇవ్వబడింది. మీ స్వాధీన ధృవీకరణ పత్రం సంఖ్య ${str(p.certificate_number)}.`,
    ],
    action: openApplication(p),
  }),

  service_request_decided: (p) => ({
    subject: `సేవా అభ్యర్థన ${str(p.request_number)} ${p.status === 'approved' ? 'ఆమోదించబడింది' : 'తిరస్కరించబడింది'}`,
    paragraphs: [
      `మీ సేవా అభ్యర్థన ${str(p.request_number)} ${p.status === 'approved' ? 'ఆమోదించబడింది' : 'తిరస్కరించబడింది'}.`,
      ...quoted('వ్యాఖ్యలు', p.remarks),
    ],
    action: { label: 'సేవా అభ్యర్థనను తెరవండి', href: str(p.link) || null },
  }),

  milestone_extended: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} పై గడువు పొడిగింపు మంజూరు`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} పై గడువు పొడిగింపు అమలులోకి వచ్చింది: ${MILESTONE_NAMES[str(p.milestone)] ?? 'లక్ష్యం'} కొత్త గడువు తేదీ ${day(p.due_on)}.`,
    ],
    action: openApplication(p),
  }),

  application_withdrawn: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} ఉపసంహరించబడింది`,
    paragraphs: [
      `మీరు దరఖాస్తు ${str(p.application_number)} ను ఉపసంహరించుకున్నారు. దీనిపై ఇకపై ఎలాంటి చర్య ఉండదు.`,
      ...quoted('మీ కారణం', p.reason),
      'మీరు ధరావతు (EMD) చెల్లించి ఉంటే, ఆర్థిక విభాగం మీ ప్రొఫైల్‌లోని బ్యాంక్ ఖాతాను ధృవీకరించిన తర్వాత అది ఆ ఖాతాకు తిరిగి చెల్లించబడుతుంది.',
    ],
    action: openApplication(p),
  }),
  refund_approved: (p) => ({
    subject: `వాపసు ${str(p.refund_number)} ఆమోదించబడింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} పై ${money(p.amount)} వాపసు (${str(p.refund_number)}) ఆమోదించబడింది.`,
      'ఇది మీ ధృవీకరించిన బ్యాంక్ ఖాతాకు చెల్లించబడుతుంది; చెల్లించినప్పుడు బ్యాంక్ రిఫరెన్స్ (UTR) మీకు తెలియజేస్తాం.',
    ],
    action: openApplication(p),
  }),
  interest_waived: (p) => ({
    subject: `ఇన్వాయిస్ ${str(p.invoice_number)} పై వడ్డీ మాఫీ`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} యొక్క ఇన్వాయిస్ ${str(p.invoice_number)} పై ${money(p.amount)} వడ్డీ మాఫీ చేయబడింది (${str(p.adjustment_number)}).`,
      'ఈ ఇన్వాయిస్‌పై ఇకపై వడ్డీ పడదు; దాని మొత్తం ఇంకా చెల్లించాల్సి ఉంది.',
    ],
    action: openApplication(p),
  }),
  refund_paid: (p) => ({
    subject: `వాపసు ${str(p.refund_number)} చెల్లించబడింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} పై ${money(p.amount)} వాపసు (${str(p.refund_number)}) ${day(p.paid_on)} న మీ బ్యాంక్ ఖాతాకు చెల్లించబడింది.`,
      `బ్యాంక్ రిఫరెన్స్ (UTR): ${str(p.utr)}`,
    ],
    action: openApplication(p),
  }),
  allotment_surrendered: (p) => ({
    subject: `కేటాయింపు ${str(p.allotment_number)} అప్పగించబడింది`,
    paragraphs: [
      `మీ కేటాయింపు ${str(p.allotment_number)} (దరఖాస్తు ${str(p.application_number)}) ${day(p.ended_on)} న అప్పగించబడింది, దాని స్థలం సంస్థకు తిరిగి వెళ్తుంది.`,
      `మీకు చెల్లించవలసిన వాపసు మొత్తం ${money(p.refund_due)}.`,
    ],
    action: openApplication(p),
  }),
  transfer_offered: (p) => ({
    subject: `కేటాయింపు ${str(p.allotment_number)} బదిలీ మీకు ప్రతిపాదించబడింది`,
    paragraphs: [
      `${str(p.holder_name) || 'కేటాయింపు కలిగినవారు'} సేవా అభ్యర్థన ${str(p.request_number)} ద్వారా కేటాయింపు ${str(p.allotment_number)} (ఆస్తి ${str(p.asset_code)}) ను మీ పేరుకు బదిలీ చేయాలని ప్రతిపాదించారు.`,
      'ప్లాట్‌ను తీసుకోవడానికి, పోర్టల్‌లో "నా ప్లాట్లు" వద్ద బదిలీని అంగీకరించండి. మీరు అంగీకరించిన తర్వాతే సంస్థ బదిలీని పరిశీలిస్తుంది.',
    ],
    action: openPlots(p, 'బదిలీని చూడండి'),
  }),

  service_order_issued: (p) => ({
    subject: `సేవా అభ్యర్థన ${str(p.request_number)} పై ఉత్తర్వు జారీ చేయబడింది`,
    paragraphs: [
      `కేటాయింపు ${str(p.allotment_number)} పై మీ సేవా అభ్యర్థన ${str(p.request_number)}${serviceType(p.request_type) ? ` (${serviceType(p.request_type)})` : ''} అమలులోకి వచ్చింది, దాని ఉత్తర్వు జారీ చేయబడింది.`,
      'మీరు ఉత్తర్వును పోర్టల్ నుండి డౌన్‌లోడ్ చేసుకోవచ్చు.',
    ],
    action: openPlots(p),
  }),

  allotment_transferred: (p) => ({
    subject: `కేటాయింపు ${str(p.allotment_number)} బదిలీ చేయబడింది`,
    paragraphs: [
      `కేటాయింపు ${str(p.allotment_number)} (ఆస్తి ${str(p.asset_code)}) బదిలీ అమలులోకి వచ్చింది, ప్లాట్ ఇప్పుడు కొత్తగా కలిగినవారి పేరు మీద ఉంది.`,
    ],
    action: openPlots(p),
  }),

  show_cause_issued: (p) => ({
    subject: `కేటాయింపు ${str(p.allotment_number)} పై షోకాజ్ నోటీసు ${str(p.notice_number)}`,
    paragraphs: [
      `సంస్థ మీ కేటాయింపు ${str(p.allotment_number)} పై షోకాజ్ నోటీసు ${str(p.notice_number)} జారీ చేసింది.`,
      `దయచేసి ${day(p.reply_by)} లోగా దీనికి సమాధానం ఇవ్వండి. నోటీసుపై నిర్ణయం వచ్చే వరకు, ఈ కేటాయింపుపై సమాధానం లేదా అప్పగింత మాత్రమే చేయవచ్చు.`,
    ],
    action: openPlots(p, 'నోటీసుకు సమాధానం ఇవ్వండి'),
  }),

  show_cause_decided: (p) =>
    p.outcome === 'cancelled'
      ? {
          subject: `కేటాయింపు ${str(p.allotment_number)} రద్దు చేయబడింది`,
          paragraphs: [
            `షోకాజ్ నోటీసు ${str(p.notice_number)} పై నిర్ణయం వెలువడింది: మీ కేటాయింపు ${str(p.allotment_number)} రద్దు చేయబడింది, దాని ప్లాట్ సంస్థకు తిరిగి వెళ్తుంది.`,
            'మీరు ఉత్తర్వును పోర్టల్ నుండి డౌన్‌లోడ్ చేసుకోవచ్చు.',
          ],
          action: openPlots(p),
        }
      : {
          subject: `షోకాజ్ నోటీసు ${str(p.notice_number)} ఉపసంహరించబడింది`,
          paragraphs: [
            `మీ కేటాయింపు ${str(p.allotment_number)} పై షోకాజ్ నోటీసు ${str(p.notice_number)} ఉపసంహరించబడింది. కేటాయింపు యథావిధిగా కొనసాగుతుంది.`,
          ],
          action: openPlots(p),
        },

  milestone_due_soon: (p) => ({
    subject: `రిమైండర్: కేటాయింపు ${str(p.allotment_number)} పై ${milestoneName(p.milestone)} గడువు ${day(p.due_on)}`,
    paragraphs: [
      `మీ కేటాయింపు ${str(p.allotment_number)} పై ${milestoneName(p.milestone)} గడువు తేదీ ${day(p.due_on)}${str(p.days_left) ? ` (ఇంకా ${str(p.days_left)} రోజులు)` : ''}.`,
      'మీకు మరింత సమయం కావాలంటే, ఆ తేదీలోగా "నా ప్లాట్లు" నుండి గడువు పొడిగింపు అడగండి.',
    ],
    action: openPlots(p),
  }),

  show_cause_replied: (p) => ({
    subject: `షోకాజ్ నోటీసు ${str(p.notice_number)} కు సమాధానం వచ్చింది`,
    paragraphs: [
      `కేటాయింపు ${str(p.allotment_number)} కలిగినవారు షోకాజ్ నోటీసు ${str(p.notice_number)} కు సమాధానం ఇచ్చారు. ఇప్పుడు నోటీసుపై నిర్ణయం పెండింగ్‌లో ఉంది: కేటాయింపును రద్దు చేయాలా, లేదా నోటీసును ఉపసంహరించాలా.`,
    ],
    action: openRegister(p),
  }),

  milestone_missed: (p) => ({
    subject: `కేటాయింపు ${str(p.allotment_number)} పై లక్ష్య గడువు దాటింది`,
    paragraphs: [
      `కేటాయింపు ${str(p.allotment_number)} కలిగినవారు${str(p.holder_name) ? ` ${str(p.holder_name)}` : ''} లక్ష్యాన్ని చేరుకోలేదు: ${milestoneName(p.milestone)} గడువు తేదీ ${day(p.due_on)}.`,
      'మీరు రిజిస్టర్ నుండి షోకాజ్ నోటీసు జారీ చేయవచ్చు.',
    ],
    action: openRegister(p),
  }),

  beacon_round_refused: (p) => ({
    subject: `పథకం ${str(p.scheme_number)}: బీకన్ రౌండ్ ${str(p.round)} తిరస్కరించబడింది`,
    paragraphs: [
      `పథకం ${str(p.scheme_number)} డ్రా రాండమ్‌నెస్ బీకన్ ${str(p.beacon_id)} యొక్క రౌండ్ ${str(p.round)} కోసం వేచి ఉంది. ఆ రౌండ్‌తో బీకన్ పంపిన సంతకం బీకన్ పబ్లిక్ కీతో ధృవీకరించబడలేదు, కాబట్టి పోర్టల్ దానిని తిరస్కరించింది, ఎప్పటికీ ఉపయోగించదు: డ్రా జరగలేదు.`,
      'పోర్టల్ ప్రతి నిమిషం బీకన్‌ను మళ్లీ అడుగుతుంది. బీకన్ తప్పుడు రౌండ్ పంపుతూనే ఉంటే, వేరే మార్గంలో డ్రా చేయడానికి ముందు పోర్టల్ బీకన్ సెట్టింగ్‌లను (దాని చిరునామా, నిర్ధారించిన చైన్) తనిఖీ చేయండి.',
    ],
    action: { label: 'పథకాన్ని తెరవండి', href: str(p.link) || null },
  }),

  appeal_filed: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} పై అప్పీల్ ${str(p.appeal_number)} దాఖలైంది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} యొక్క దరఖాస్తుదారు "${stageName(p.stage_status)}" పై ప్రధాన కార్యాలయానికి అప్పీల్ చేశారు (${p.ground === 'rejected' ? 'తిరస్కరణ' : 'కేసు తన సేవా గడువు దాటింది'}).`,
      `అప్పీల్ పై ఉత్తర్వు ${day(p.due_on)} లోగా ఇవ్వాలి.`,
    ],
    action: openApplication(p, 'అప్పీల్‌ను తెరవండి'),
  }),

  appeal_decided: (p) => ({
    subject: `మీ అప్పీల్ ${str(p.appeal_number)} ${p.outcome === 'allowed' ? 'అనుమతించబడింది' : 'కొట్టివేయబడింది'}`,
    paragraphs: [
      p.outcome === 'allowed'
        ? `దరఖాస్తు ${str(p.application_number)} పై మీ అప్పీల్ ${str(p.appeal_number)} ను ప్రధాన కార్యాలయం అనుమతించింది.${p.directed_due_on ? ` అధికారులు ${day(p.directed_due_on)} లోగా చర్య తీసుకోవాలని ఆదేశించబడింది.` : ' మీ దరఖాస్తు మళ్లీ పరిశీలనకు వెళ్తుంది.'}`
        : `దరఖాస్తు ${str(p.application_number)} పై మీ అప్పీల్ ${str(p.appeal_number)} ను ప్రధాన కార్యాలయం కొట్టివేసింది.`,
      'పోర్టల్‌లో దరఖాస్తుపై ఉత్తర్వును చదవవచ్చు.',
    ],
    action: openApplication(p),
  }),

  appeal_directed: (p) => ({
    subject: `అప్పీల్ ${str(p.appeal_number)}: దరఖాస్తు ${str(p.application_number)} పై ${day(p.due_date)} లోగా నిర్ణయం`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} ("${stageName(p.status)}") పై అప్పీల్ ${str(p.appeal_number)} ను ప్రధాన కార్యాలయం అనుమతించి, ${day(p.due_date)} లోగా నిర్ణయం తీసుకోవాలని ఆదేశించింది.`,
    ],
    action: openApplication(p),
  }),

  case_reached_role: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} ${roleName(p.role)} వద్ద పెండింగ్‌లో ఉంది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} ఇప్పుడు "${stageName(p.status)}" దశలో ఉంది, ${roleName(p.role)} వద్ద పెండింగ్‌లో ఉంది.`,
      ...(p.due_date ? [`దీని సేవా లక్ష్య తేదీ ${day(p.due_date)}.`] : []),
    ],
    action: openApplication(p),
  }),

  case_assigned: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} మీకు అప్పగించబడింది`,
    paragraphs: [
      `${str(p.assigned_by) || 'ఒక అధికారి'} దరఖాస్తు ${str(p.application_number)} ("${stageName(p.status)}") ను మీకు అప్పగించారు.`,
    ],
    action: openApplication(p),
  }),

  query_answered: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} పై ప్రశ్నకు సమాధానం వచ్చింది`,
    paragraphs: [
      `దరఖాస్తుదారు దరఖాస్తు ${str(p.application_number)} పై అడిగిన ప్రశ్నకు సమాధానం ఇచ్చారు.`,
      ...quoted('సమాధానం', p.message),
    ],
    action: openApplication(p),
  }),

  query_lapsed: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} పై ప్రశ్న గడువు ముగిసింది`,
    paragraphs: [
      `దరఖాస్తుదారు దరఖాస్తు ${str(p.application_number)} పై ప్రశ్నకు ${day(p.respond_by)} లోగా సమాధానం ఇవ్వలేదు, కాబట్టి ప్రశ్న గడువు ముగిసింది.`,
      'ఇప్పుడు మీరు కారణంతో దరఖాస్తును తిరస్కరించవచ్చు, లేదా సమాధాన గడువును ఒక్కసారి పొడిగించవచ్చు.',
    ],
    action: openApplication(p),
  }),

  case_overdue: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} గడువు దాటింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} ("${stageName(p.status)}") గడువు తేదీ ${day(p.due_date)}, కానీ ఇది ఇంకా మీ బృందం వద్ద పెండింగ్‌లో ఉంది.`,
    ],
    action: openApplication(p),
  }),

  case_escalated: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)} ${p.escalated_to === 'admin' ? 'నిర్వాహకులకు' : 'ప్రధాన కార్యాలయానికి'} ఎస్కలేట్ చేయబడింది`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} ("${stageName(p.status)}") గడువు తేదీ ${day(p.due_date)}; దాని స్వంత గడువు అంత సమయం మళ్లీ గడిచినా ఇది ఇంకా పెండింగ్‌లో ఉంది. ఇప్పుడు ఇది ${p.escalated_to === 'admin' ? 'నిర్వాహకులకు' : 'ప్రధాన కార్యాలయానికి'} ఎస్కలేట్ చేయబడింది.`,
    ],
    action: openApplication(p),
  }),

  deemed_approved: (p) => ({
    subject: `దరఖాస్తు ${str(p.application_number)}: భావిత ఆమోదం`,
    paragraphs: [
      `దరఖాస్తు ${str(p.application_number)} యొక్క "${stageName(p.from)}" దశపై గడువు తేదీ (${day(p.due_on)}) తర్వాత 15 పని దినాల్లో ఏ నిర్ణయం తీసుకోలేదు, కాబట్టి ఇది ఆమోదించబడినట్లు భావించబడింది: దరఖాస్తు ఇప్పుడు "${stageName(p.to)}" దశలో ఉంది.`,
      'ఈ విషయం చెప్పే లేఖ దరఖాస్తుతో జారీ చేయబడింది; దాని ధృవీకరణ కోడ్‌ను పోర్టల్‌లో తనిఖీ చేయవచ్చు.',
    ],
    action: openApplication(p),
  }),

  scheme_result: (p) => ({
    subject:
      p.outcome === 'won'
        ? `పథకం ${str(p.scheme_number)}: ప్లాట్ మీదే (దరఖాస్తు ${str(p.application_number)})`
        : `పథకం ${str(p.scheme_number)}: దరఖాస్తు ${str(p.application_number)} ఫలితం`,
    paragraphs: [
      p.outcome === 'won'
        ? `దరఖాస్తు ${str(p.application_number)} పథకం ${str(p.scheme_number)} లో తన ప్లాట్‌ను గెలుచుకుంది. ప్రీమియం ఇన్‌వాయిస్ దరఖాస్తుతో ఉంది: అది చెల్లించిన తర్వాత తాత్కాలిక కేటాయింపు లేఖ జారీ అవుతుంది.`
        : p.outcome === 'not_qualified'
          ? `దరఖాస్తు ${str(p.application_number)} పథకం ${str(p.scheme_number)} లో అర్హత పొందలేదు: ముగింపు తేదీ నాటికి డిపాజిట్లు చెల్లించి ఆమోదం పొందలేదు. చెల్లించిన ధరావతు (EMD) తిరిగి ఇవ్వబడుతుంది.`
          : p.outcome === 'defaulted'
            ? `పథకం ${str(p.scheme_number)} లో దరఖాస్తు ${str(p.application_number)} ప్రీమియం సమయానికి చెల్లించబడలేదు: ధరావతు (EMD) జప్తు అయింది, ప్లాట్ తదుపరి బిడ్డర్‌కు ఇవ్వబడుతుంది.`
            : `పథకం ${str(p.scheme_number)} లో ప్లాట్ మరొక దరఖాస్తుకు దక్కింది${p.rank ? ` (మీ స్థానం ${str(p.rank)})` : ''}. చెల్లించిన ధరావతు (EMD) తిరిగి ఇవ్వబడుతుంది.`,
      'పథకం యొక్క బహిరంగ ఫలితం, దాన్ని తనిఖీ చేయడానికి కావలసిన సమాచారంతో, పోర్టల్‌లో ఉంది.',
    ],
    action: openApplication(p, 'దరఖాస్తును తెరవండి'),
  }),

  gateway_mismatch: (p) => ({
    subject: `తనిఖీ చేయవలసిన గేట్‌వే చెల్లింపు: ఆర్డర్ ${str(p.gateway_order_id)}`,
    paragraphs: [
      `చెల్లింపు గేట్‌వే ఆర్డర్ ${str(p.gateway_order_id)} (దరఖాస్తు ${str(p.application_number)} యొక్క ఇన్వాయిస్ ${str(p.invoice_number)}, ${money(p.amount)}) పై ఒక చెల్లింపును తెలుపుతోంది, దానిని పోర్టల్ చెల్లించినట్లు నమోదు చేయలేదు: ${
        p.mismatch_code === 'amount_mismatch'
          ? 'చెల్లించిన మొత్తం ఆర్డర్‌కు భిన్నంగా ఉంది.'
          : p.mismatch_code === 'already_paid'
            ? 'ఇన్వాయిస్ ఇప్పటికే మరొక చెల్లింపుతో చెల్లించబడింది.'
            : 'గేట్‌వే మరియు పోర్టల్ దీనిపై ఏకీభవించడం లేదు.'
      }`,
      'గేట్‌వేతో దీనిని తనిఖీ చేసి, డబ్బు తీసుకున్నట్లయితే చెల్లింపుదారునికి వాపసు చేయండి.',
    ],
    action: openApplication(p),
  }),

  grievance_received: (p) => ({
    subject: `ఫిర్యాదు ${str(p.grievance_number)} అందింది`,
    paragraphs: [
      `${grievanceCategory(p.category)} గురించి మీ ఫిర్యాదు ${str(p.grievance_number)} అందింది మరియు దానిని చూసే అధికారికి పంపబడింది.`,
      `${day(p.due_on)} లోగా సమాధానం ఇస్తామని హామీ ఇస్తున్నాము. పోర్టల్‌లో దీనిని అనుసరించవచ్చు, ఫైళ్లు జోడించవచ్చు మరియు అధికారికి సమాధానం ఇవ్వవచ్చు.`,
    ],
    action: openGrievance(p),
  }),

  grievance_replied: (p) => ({
    subject: `మీ ఫిర్యాదు ${str(p.grievance_number)} పై సమాధానం`,
    paragraphs: [`అధికారి మీ ఫిర్యాదు ${str(p.grievance_number)} పై సమాధానం ఇచ్చారు. పోర్టల్‌లో సమాధానం చదవండి.`],
    action: openGrievance(p),
  }),

  grievance_detail_asked: (p) => ({
    subject: `మీ ఫిర్యాదు ${str(p.grievance_number)} కు మరిన్ని వివరాలు కావాలి`,
    paragraphs: [
      `అధికారి మీ ఫిర్యాదు ${str(p.grievance_number)} పై మరిన్ని వివరాలు అడిగారు. ఇది ముందుకు సాగేలా పోర్టల్‌లో సమాధానం ఇవ్వండి; మీ సమాధానం వరకు దీని గడువు తేదీ ఆగి ఉంటుంది.`,
    ],
    action: openGrievance(p),
  }),

  grievance_resolved: (p) => ({
    subject: `మీ ఫిర్యాదు ${str(p.grievance_number)} పరిష్కరించబడింది`,
    paragraphs: [
      `అధికారి మీ ఫిర్యాదు ${str(p.grievance_number)} ను పరిష్కరించారు. పోర్టల్‌లో పరిష్కారాన్ని చదివి దానికి రేటింగ్ ఇవ్వండి.`,
      'పరిష్కారం మీకు సంతృప్తి కలిగించకపోతే, 15 రోజులలోపు దీనిని ఒకసారి మళ్లీ తెరవవచ్చు.',
    ],
    action: openGrievance(p),
  }),

  grievance_assigned: (p) => ({
    subject: `ఫిర్యాదు ${str(p.grievance_number)} మీ కోసం వేచి ఉంది`,
    paragraphs: [
      p.reason === 'reopened'
        ? `ఫిర్యాదుదారు ఫిర్యాదు ${str(p.grievance_number)} (${grievanceCategory(p.category)}) ను మళ్లీ తెరిచారు.`
        : p.reason === 'answered'
          ? `ఫిర్యాదుదారు ఫిర్యాదు ${str(p.grievance_number)} (${grievanceCategory(p.category)}) పై సమాధానం ఇచ్చారు.`
          : `${grievanceCategory(p.category)} గురించి ఫిర్యాదు ${str(p.grievance_number)} నమోదై మీకు పంపబడింది.`,
      `దీని గడువు తేదీ ${day(p.due_on)}.`,
    ],
    action: openGrievance(p),
  }),

  grievance_escalated: (p) => ({
    subject: `ఫిర్యాదు ${str(p.grievance_number)} పైకి పంపబడింది`,
    paragraphs: [
      `ఫిర్యాదు ${str(p.grievance_number)} (${grievanceCategory(p.category)}) గడువు ${day(p.due_on)} మరియు ఇది ఇంకా తెరిచి ఉంది: ఇది ${GRIEVANCE_LEVELS[str(p.escalated_to)] ?? 'పై స్థాయికి'} పంపబడింది.`,
    ],
    action: openGrievance(p),
  }),

  outbox_failure: (p) => ({
    subject: `${str(p.to_email)} కు ఈమెయిల్ పంపడం సాధ్యం కాలేదు`,
    paragraphs: [
      `${str(p.attempts)} ప్రయత్నాల తర్వాత పోర్టల్ ${str(p.to_email)} కు ఈమెయిల్ (${words(p.template)}) పంపడం ఆపివేసింది.`,
      ...quoted('చివరి లోపం', p.error),
      'కారణాన్ని సరిచేసిన తర్వాత, దాన్ని మళ్లీ పంపడానికి అవుట్‌బాక్స్‌ను తెరవండి.',
    ],
    action: { label: 'అవుట్‌బాక్స్ తెరవండి', href: str(p.link) || null },
  }),

  password_reset: (p) => ({
    subject: 'మీ పాస్‌వర్డ్‌ను రీసెట్ చేయండి',
    paragraphs: [
      `ఎవరో (మీరేనని ఆశిస్తున్నాము) మీ ఖాతా పాస్‌వర్డ్‌ను రీసెట్ చేయమని కోరారు. కొత్త పాస్‌వర్డ్‌ను ఎంచుకోవడానికి, దయచేసి ${str(p.expires_minutes)} నిమిషాల్లోగా కింది లింక్‌ను తెరవండి.`,
      'మీరు దీన్ని కోరకపోతే, ఈ ఈమెయిల్‌ను పట్టించుకోకండి: మీ పాస్‌వర్డ్ మారదు.',
    ],
    action: { label: 'కొత్త పాస్‌వర్డ్ ఎంచుకోండి', href: str(p.reset_url) || null },
  }),
  sign_in_code_locked: (p) => ({
    subject: 'మీ మొబైల్‌కు కోడ్‌తో సైన్-ఇన్ నిలిపివేయబడింది',
    paragraphs: [
      `మీ ఖాతాలోని మొబైల్ నంబర్ కోసం చాలా తప్పు వన్-టైమ్ కోడ్‌లు నమోదయ్యాయి, కాబట్టి కోడ్‌తో సైన్-ఇన్ ${str(p.hours)} గంటల పాటు నిలిపివేయబడింది.`,
      'ఇది మీరు కాకపోతే, ఎవరో మీ ఖాతాలోకి ప్రవేశించడానికి ప్రయత్నిస్తూ ఉండవచ్చు: మీ పాస్‌వర్డ్‌తో సైన్ ఇన్ చేసి దాన్ని మార్చండి.',
    ],
    action: { label: 'మీ ఖాతాను తెరవండి', href: '/account' },
  }),
};
