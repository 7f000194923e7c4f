/** A notification in words: its code's sentence from the catalogue (`notifications.<code>`) with its parameters,
 * amounts through the rupee formatter and dates through the date formatter, and under it the officer's or applicant's
 * own words when it carries them (`notes.<code>`). A sentence whose parameter the server did not send falls back to the
 * code's plain sentence (`plain.<code>`) rather than show a gap. */
import type { TFunction } from 'i18next';
import { stageWords } from '../../../components/ui/stage-text';
import {
  formatDate,
  formatDateTime,
  formatRupees,
  isMoneyField,
  stageFromParams,
  type Notification,
  type NotificationCode,
  type NotificationParams,
} from '@portal/contract';

type ParamValue = NotificationParams[string];

/** Days whose names do not say so by their ending. */
const DAY_PARAMS: ReadonlySet<string> = new Set(['respond_by', 'reply_by', 'original_respond_by']);

/** The parameter whose value picks a variant of a code's sentence (an i18next context: `decision_made_approved`). */
const VARIANT_OF: Partial<Record<NotificationCode, string>> = {
  decision_made: 'decision',
  service_request_decided: 'status',
  lease_deed_returned: 'verdict',
  allotment_letter_issued: 'allotment_type',
  milestone_extended: 'milestone',
  milestone_due_soon: 'milestone',
  milestone_missed: 'milestone',
  service_order_issued: 'request_type',
  show_cause_decided: 'outcome',
  appeal_filed: 'ground',
  appeal_decided: 'outcome',
  scheme_result: 'outcome',
  gateway_mismatch: 'mismatch_code',
  case_escalated: 'escalated_to',
  grievance_assigned: 'reason',
  grievance_escalated: 'escalated_to',
};

/** The parameter that counts something in the sentence (its plural forms: `application_submitted_one`). */
const COUNT_OF: Partial<Record<NotificationCode, string>> = {
  application_submitted: 'invoice_count',
  query_reply_due: 'days_left',
};

/** The parameter holding a person's own words (a reason, a query, remarks), shown under the sentence when sent. */
const NOTE_OF: Partial<Record<NotificationCode, string>> = {
  document_rejected: 'reason',
  query_raised: 'message',
  query_answered: 'message',
  decision_made: 'stage',
  lease_deed_approved: 'remarks',
  lease_deed_returned: 'remarks',
  service_request_decided: 'remarks',
  application_withdrawn: 'reason',
  outbox_failure: 'error',
};

/** Parameters are formatted by their name: money as the contract names it (isMoneyField), `*_date`, `*_on`, `date` (and
 * `respond_by`, `reply_by`) a day, and `*_at` an instant. Anything else is shown as sent. */
export function formatParam(name: string, value: ParamValue): ParamValue {
  if (value === null || typeof value === 'boolean') return value;
  if (isMoneyField(name)) return formatRupees(value);
  if (typeof value !== 'string') return value;
  if (name === 'date' || name.endsWith('_date') || name.endsWith('_on') || DAY_PARAMS.has(name))
    return formatDate(value);
  if (name.endsWith('_at')) return formatDateTime(value);
  return value;
}

/** The parameters as the sentence shows them; a null one is left out, as if not sent. */
export function formatParams(params: NotificationParams): Record<string, ParamValue> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== null)
      .map(([name, value]) => [name, formatParam(name, value)]),
  );
}

/** The sentence of a notification; `t` is the notifications namespace's. */
export function notificationText(t: TFunction<'notifications'>, notification: Pick<Notification, 'code' | 'params'>) {
  const { code, params } = notification;
  const variantParam = VARIANT_OF[code];
  const variant = variantParam ? params[variantParam] : undefined;
  const countParam = COUNT_OF[code];
  const count = countParam ? params[countParam] : undefined;
  const choice = {
    ...(typeof variant === 'string' ? { context: variant } : {}),
    ...(typeof count === 'number' ? { count } : {}),
  };
  let missing = false;
  const text = t(`notifications.${code}`, {
    ...formatParams(params),
    ...choice,
    missingInterpolationHandler: () => {
      missing = true;
      return '';
    },
  });
  return missing ? t(`plain.${code}`, choice) : text;
}

/** The person's words the notification carries (`notes.<code>`: "Reason: ..."), or null when it carries none. */
export function notificationNote(t: TFunction<'notifications'>, notification: Pick<Notification, 'code' | 'params'>) {
  const param = NOTE_OF[notification.code];
  const stage = param === 'stage' ? stageFromParams(notification.params) : null;
  const value = stage
    ? stageWords((key, options) => t(key, { ...options, ns: 'ui' }), stage, '')
    : param
      ? notification.params[param]
      : undefined;
  return typeof value === 'string' && value.trim() ? t(`notes.${notification.code}`, { value: value.trim() }) : null;
}

/** The notification's link when it is a path of this app (never another site's address). */
export function safeLink(link: string | null): string | null {
  return link && /^\/(?![/\\])/.test(link) ? link : null;
}
