/** An SMS's words: its DLT template in the reader's language with each variable filled, as registered. A variable is
 * at most 30 characters (a DLT rule) and never carries a line break; a code variable (a decision, a grievance's
 * progress) is filled with its word in the language. */
import {
  SMS_TEMPLATES,
  SMS_VARIABLE_WORDS,
  formattersFor,
  type Language,
  type NotificationParams,
  type SmsTemplateCode,
} from '@portal/contract';

const MAX_VARIABLE = 30;

function fill(name: string, value: NotificationParams[string] | undefined, language: Language): string {
  if (value === null || value === undefined) return '-';
  const words = SMS_VARIABLE_WORDS[name]?.[String(value)];
  if (words) return words[language];
  let text: string;
  const format = formattersFor(language);
  if (name === 'amount' && value !== '' && !Number.isNaN(Number(value))) text = format.number(Number(value));
  else if (typeof value === 'number') text = String(value);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) text = format.date(value);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) text = format.dateTime(value);
  else text = String(value);
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_VARIABLE);
}

export function renderSms(code: SmsTemplateCode, language: Language, params: NotificationParams): string {
  const template = SMS_TEMPLATES[code];
  const words = template.words[language] ?? template.words.en;
  return words.replace(/\{([a-z_]+)\}/g, (_, name: string) => fill(name, params[name], language));
}
