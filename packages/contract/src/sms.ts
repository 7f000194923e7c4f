/**
 * SMS (decision 037): the DLT templates the portal sends, each registered with the operators under its template id,
 * with its words per language and its variables; which notifications send which; the rules of one-time codes; and
 * the schemas of mobile verification, sign-in by code, SMS preferences and the admins' SMS outbox.
 *
 * A template's words carry named variables (`{application_number}`); the text registered on the DLT platform is the
 * same words with each variable written `{#var#}` (dltText). The server fills the variables; nothing else is sent.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './languages';
import { enumList, listQueryFor, type ListDefinition } from './listing';
import type { NotificationCode } from './notifications';

export const SMS_TEMPLATE_CODES = [
  'one_time_code',
  'code_locked',
  'application_submitted',
  'query_raised',
  'fee_demanded',
  'payment_received',
  'decision_made',
  'auction_opened',
  'auction_outbid',
  'dues_reminder',
  'grievance_progress',
] as const;
export type SmsTemplateCode = (typeof SMS_TEMPLATE_CODES)[number];

export interface SmsTemplate {
  /** The template id the DLT platform gave the registered text (19 digits). */
  dltTemplateId: string;
  /** Essential messages (codes, money, a lock) always go; the others a user may turn off. */
  essential: boolean;
  /** The variables, in the order the DLT text has them. */
  variables: readonly string[];
  words: Record<Language, string>;
}

/** Every SMS the portal sends. Each variable is at most 30 characters (a DLT rule); the server cuts a longer one. */
export const SMS_TEMPLATES: Record<SmsTemplateCode, SmsTemplate> = {
  one_time_code: {
    dltTemplateId: '1107170000000000001',
    essential: true,
    variables: ['code', 'minutes'],
    words: {
      en: '{code} is your one-time code for the industrial portal. It is valid for {minutes} minutes. Do not share it with anyone.',
      hi: '{code} औद्योगिक पोर्टल के लिए आपका वन-टाइम कोड है। यह {minutes} मिनट तक मान्य है। इसे किसी के साथ साझा न करें।',
      te: '{code} పారిశ్రామిక పోర్టల్ కోసం మీ వన్-టైమ్ కోడ్. ఇది {minutes} నిమిషాల పాటు చెల్లుతుంది. దీన్ని ఎవరితోనూ పంచుకోవద్దు.',
    },
  },
  code_locked: {
    dltTemplateId: '1107170000000000002',
    essential: true,
    variables: ['hours'],
    words: {
      en: 'Too many wrong codes were entered for your mobile on the industrial portal. Sign-in by code is locked for {hours} hours.',
      hi: 'औद्योगिक पोर्टल पर आपके मोबाइल के लिए बहुत अधिक गलत कोड डाले गए। कोड से साइन-इन {hours} घंटे के लिए बंद है।',
      te: 'పారిశ్రామిక పోర్టల్‌లో మీ మొబైల్ కోసం చాలా తప్పు కోడ్‌లు నమోదయ్యాయి. కోడ్‌తో సైన్-ఇన్ {hours} గంటల పాటు నిలిపివేయబడింది.',
    },
  },
  application_submitted: {
    dltTemplateId: '1107170000000000003',
    essential: false,
    variables: ['application_number'],
    words: {
      en: 'Your application {application_number} was received by the industrial portal.',
      hi: 'आपका आवेदन {application_number} औद्योगिक पोर्टल को प्राप्त हुआ।',
      te: 'మీ దరఖాస్తు {application_number} పారిశ్రామిక పోర్టల్‌కు అందింది.',
    },
  },
  query_raised: {
    dltTemplateId: '1107170000000000004',
    essential: false,
    variables: ['application_number', 'respond_by'],
    words: {
      en: 'A query was raised on your application {application_number}. Please reply by {respond_by} on the industrial portal.',
      hi: 'आपके आवेदन {application_number} पर एक प्रश्न उठाया गया है। कृपया {respond_by} तक औद्योगिक पोर्टल पर उत्तर दें।',
      te: 'మీ దరఖాస్తు {application_number} పై ఒక ప్రశ్న అడిగారు. దయచేసి {respond_by} లోగా పారిశ్రామిక పోర్టల్‌లో జవాబు ఇవ్వండి.',
    },
  },
  fee_demanded: {
    dltTemplateId: '1107170000000000005',
    essential: true,
    variables: ['amount', 'invoice_number', 'due_date'],
    words: {
      en: 'A fee of Rs {amount} is due on invoice {invoice_number} by {due_date}. Pay it on the industrial portal.',
      hi: 'चालान {invoice_number} पर रु {amount} का शुल्क {due_date} तक देय है। इसे औद्योगिक पोर्टल पर चुकाएं।',
      te: 'ఇన్వాయిస్ {invoice_number} పై రూ {amount} రుసుము {due_date} లోగా చెల్లించాలి. పారిశ్రామిక పోర్టల్‌లో చెల్లించండి.',
    },
  },
  payment_received: {
    dltTemplateId: '1107170000000000006',
    essential: true,
    variables: ['amount', 'invoice_number'],
    words: {
      en: 'Payment of Rs {amount} for invoice {invoice_number} was received by the industrial portal. Thank you.',
      hi: 'चालान {invoice_number} के लिए रु {amount} का भुगतान औद्योगिक पोर्टल को प्राप्त हुआ। धन्यवाद।',
      te: 'ఇన్వాయిస్ {invoice_number} కోసం రూ {amount} చెల్లింపు పారిశ్రామిక పోర్టల్‌కు అందింది. ధన్యవాదాలు.',
    },
  },
  decision_made: {
    dltTemplateId: '1107170000000000007',
    essential: false,
    variables: ['application_number', 'decision'],
    words: {
      en: 'A decision was recorded on your application {application_number}: {decision}. See the industrial portal.',
      hi: 'आपके आवेदन {application_number} पर निर्णय दर्ज हुआ: {decision}। औद्योगिक पोर्टल देखें।',
      te: 'మీ దరఖాస్తు {application_number} పై నిర్ణయం నమోదైంది: {decision}. పారిశ్రామిక పోర్టల్ చూడండి.',
    },
  },
  auction_opened: {
    dltTemplateId: '1107170000000000008',
    essential: false,
    variables: ['scheme_number', 'ends_at'],
    words: {
      en: 'Bidding is open in the e-auction of scheme {scheme_number} until {ends_at} on the industrial portal.',
      hi: 'योजना {scheme_number} की ई-नीलामी में बोली {ends_at} तक औद्योगिक पोर्टल पर खुली है।',
      te: 'పథకం {scheme_number} ఈ-వేలంలో బిడ్డింగ్ {ends_at} వరకు పారిశ్రామిక పోర్టల్‌లో తెరిచి ఉంది.',
    },
  },
  auction_outbid: {
    dltTemplateId: '1107170000000000009',
    essential: false,
    variables: ['asset_code', 'amount'],
    words: {
      en: 'You were outbid for plot {asset_code} in the e-auction. The highest bid is now Rs {amount}.',
      hi: 'ई-नीलामी में प्लॉट {asset_code} के लिए आपसे ऊंची बोली लगी है। अब सबसे ऊंची बोली रु {amount} है।',
      te: 'ఈ-వేలంలో ప్లాట్ {asset_code} కోసం మీ కంటే ఎక్కువ బిడ్ వచ్చింది. ఇప్పుడు అత్యధిక బిడ్ రూ {amount}.',
    },
  },
  dues_reminder: {
    dltTemplateId: '1107170000000000010',
    essential: true,
    variables: ['invoice_number', 'amount', 'due_date'],
    words: {
      en: 'Reminder: invoice {invoice_number} of Rs {amount} is due on {due_date}. Pay it on the industrial portal.',
      hi: 'अनुस्मारक: रु {amount} का चालान {invoice_number} {due_date} को देय है। इसे औद्योगिक पोर्टल पर चुकाएं।',
      te: 'గుర్తు: రూ {amount} ఇన్వాయిస్ {invoice_number} గడువు {due_date}. పారిశ్రామిక పోర్టల్‌లో చెల్లించండి.',
    },
  },
  grievance_progress: {
    dltTemplateId: '1107170000000000011',
    essential: false,
    variables: ['grievance_number', 'progress'],
    words: {
      en: 'Your grievance {grievance_number}: {progress}. See the industrial portal.',
      hi: 'आपकी शिकायत {grievance_number}: {progress}। औद्योगिक पोर्टल देखें।',
      te: 'మీ ఫిర్యాదు {grievance_number}: {progress}. పారిశ్రామిక పోర్టల్ చూడండి.',
    },
  },
};

/** The words a variable that is a code is filled with, per language (a decision, a grievance's progress). */
export const SMS_VARIABLE_WORDS: Record<string, Record<string, Record<Language, string>>> = {
  decision: {
    approved: { en: 'approved', hi: 'स्वीकृत', te: 'ఆమోదించబడింది' },
    rejected: { en: 'rejected', hi: 'अस्वीकृत', te: 'తిరస్కరించబడింది' },
    committee_note: { en: 'committee note', hi: 'समिति की टिप्पणी', te: 'కమిటీ గమనిక' },
  },
  progress: {
    grievance_received: { en: 'received', hi: 'प्राप्त हुई', te: 'అందింది' },
    grievance_replied: { en: 'officer replied', hi: 'अधिकारी ने उत्तर दिया', te: 'అధికారి జవాబిచ్చారు' },
    grievance_detail_asked: { en: 'detail asked', hi: 'विवरण मांगा गया', te: 'వివరాలు అడిగారు' },
    grievance_resolved: { en: 'resolved', hi: 'हल हुई', te: 'పరిష్కరించబడింది' },
  },
};

/** The text registered on the DLT platform: the English words with each variable as `{#var#}`. */
export function dltText(code: SmsTemplateCode, language: Language = 'en'): string {
  return SMS_TEMPLATES[code].words[language].replace(/\{[a-z_]+\}/g, '{#var#}');
}

/** The SMS a notification also sends (to a verified mobile, unless the user turned an optional one off). */
export const SMS_OF_NOTIFICATION: Partial<Record<NotificationCode, SmsTemplateCode>> = {
  application_submitted: 'application_submitted',
  query_raised: 'query_raised',
  invoice_generated: 'fee_demanded',
  decision_made: 'decision_made',
  invoice_due_soon: 'dues_reminder',
  invoice_overdue: 'dues_reminder',
  grievance_received: 'grievance_progress',
  grievance_replied: 'grievance_progress',
  grievance_detail_asked: 'grievance_progress',
  grievance_resolved: 'grievance_progress',
};

/** The templates a user may turn off. */
export const OPTIONAL_SMS_TEMPLATES = SMS_TEMPLATE_CODES.filter((code) => !SMS_TEMPLATES[code].essential);

/** One-time codes (product decisions section 16). */
export const ONE_TIME_CODE = {
  digits: 6,
  validMinutes: 5,
  triesPerCode: 3,
  perNumberPerHour: 5,
  perAddressPerHour: 20,
  wrongBeforeLock: 10,
  lockHours: 24,
} as const;

export const ONE_TIME_CODE_PURPOSES = ['sign_in', 'verify_mobile'] as const;
export type OneTimeCodePurpose = (typeof ONE_TIME_CODE_PURPOSES)[number];

/** An Indian mobile number as the portal keeps it: 91 and the ten digits (6 to 9 first), or null when it is not one.
 * Spaces, dashes, a leading +91, 91 or 0 are accepted. */
export function normalizeIndianMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '').replace(/^\+/, '');
  const ten = /^(?:91|0)?([6-9]\d{9})$/.exec(digits)?.[1];
  return ten ? `91${ten}` : null;
}

/** A kept number as people read it: +91 98765 43210. */
export function formatMobile(mobile: string): string {
  const ten = mobile.slice(-10);
  return `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`;
}

const mobileField = z
  .string()
  .max(20, 'Enter a 10-digit Indian mobile number')
  .refine((value) => normalizeIndianMobile(value) !== null, 'Enter a 10-digit Indian mobile number')
  .transform((value) => normalizeIndianMobile(value)!);
const codeField = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');

export const mobileRequestSchema = z.object({ mobile: mobileField });
export type MobileRequest = z.input<typeof mobileRequestSchema>;
export const mobileCodeRequestSchema = z.object({ mobile: mobileField, code: codeField });
export type MobileCodeRequest = z.input<typeof mobileCodeRequestSchema>;

/** The answer to "send me a code", whatever the number: it never tells whether the number is registered. */
export const CODE_SENT_ANSWER = {
  status: 'code_sent_if_registered',
  expires_minutes: ONE_TIME_CODE.validMinutes,
} as const;
export const codeSentResponseSchema = z.object({
  status: z.literal('code_sent_if_registered'),
  expires_minutes: z.number().int(),
});

/** The signed-in user's mobile and SMS choices. */
export const mobileSettingsSchema = z.object({
  mobile: z.string().nullable(),
  mobile_verified_at: z.string().nullable(),
  /** The optional templates the user turned off. */
  sms_opted_out: z.array(z.enum(SMS_TEMPLATE_CODES)),
});
export type MobileSettings = z.infer<typeof mobileSettingsSchema>;
export const smsPreferencesRequestSchema = z.object({
  sms_opted_out: z
    .array(z.enum(SMS_TEMPLATE_CODES))
    .max(SMS_TEMPLATE_CODES.length)
    .refine((codes) => codes.every((code) => !SMS_TEMPLATES[code].essential), 'Codes and money messages always go'),
});
export type SmsPreferencesRequest = z.infer<typeof smsPreferencesRequestSchema>;

/** An SMS's life: waiting or being sent; accepted by the provider; delivered or not by its delivery report; or given
 * up (the provider refused it, or it could not be reached for the last attempt). */
export const SMS_STATUSES = ['pending', 'sending', 'submitted', 'delivered', 'undelivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export const SMS_OUTBOX_LIST = {
  sort: ['created_at'],
  defaultSort: '-created_at',
  searches: 'the mobile number',
  filters: {
    status: enumList(SMS_STATUSES),
    template: z.enum(SMS_TEMPLATE_CODES).optional(),
  },
} as const satisfies ListDefinition<'created_at', z.ZodRawShape>;
export const smsOutboxListQuerySchema = /* @__PURE__ */ listQueryFor(SMS_OUTBOX_LIST);
export type SmsOutboxListQuery = z.output<typeof smsOutboxListQuerySchema>;

/** An SMS as the admins' outbox shows it: the number masked, no words (a code is never shown). */
export const smsMessageSchema = z.object({
  id: z.uuid(),
  to_mobile: z.string(),
  template: z.enum(SMS_TEMPLATE_CODES),
  language: z.enum(LANGUAGES),
  status: z.enum(SMS_STATUSES),
  segments: z.number().int(),
  unicode: z.boolean(),
  attempts: z.number().int(),
  provider_message_id: z.string().nullable(),
  last_error: z.string().nullable(),
  delivery_cause: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

/** The SMS outbox's figures: waiting, failed, and segments sent per day (the cost) for the last 14 days. */
export const SMS_PROVIDERS = ['sandbox', 'gupshup'] as const;
export const smsSummarySchema = z.object({
  /** Which provider the portal sends through: the sandbox (TEST MODE) or Gupshup Enterprise. */
  provider: z.enum(SMS_PROVIDERS),
  /** The sandbox provider's pages (TEST MODE: the messages per number), or null with a real provider. */
  sandbox_url: z.string().nullable(),
  pending: z.number().int(),
  failed: z.number().int(),
  segments_by_day: z.array(z.object({ day: z.string(), messages: z.number().int(), segments: z.number().int() })),
});
export type SmsSummary = z.infer<typeof smsSummarySchema>;

/** Masks a number for a screen: +91 98xxx xx210. */
export function maskMobile(mobile: string): string {
  const ten = mobile.slice(-10);
  return `+91 ${ten.slice(0, 2)}xxx xx${ten.slice(7)}`;
}
