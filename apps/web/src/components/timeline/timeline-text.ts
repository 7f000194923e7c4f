/** A timeline entry in words, for every screen that shows one (an application's timeline, a plot's history): its
 * catalogue code rendered through the application timeline's words (`applications:timeline.<code>.title` and
 * `.details`) with its parameters (amounts in rupees, dates, document, invoice and service request types, statuses,
 * constitutions and stages in the reader's words); a row from before the codes (`legacy`), or a code the catalogue
 * does not know, shows the text the server stored. */
import { useTranslation } from 'react-i18next';
import {
  closingReasonOf,
  formatDate,
  formatNumber,
  formatRupees,
  isMoneyField,
  stageFromParams,
  type TimelineEvent,
  type TimelineParams,
} from '@portal/contract';
import { stageWords } from '../ui/stage-text';

const DATE_PARAMS = new Set([
  'due_date',
  'respond_by',
  'original_respond_by',
  'possession_date',
  'meeting_date',
  'due_on',
  'met_on',
  'ended_on',
  'reply_by',
  'directed_due_on',
]);
const HOLDER_DETAILS = new Set(['name', 'constitution', 'activity']);

/** The key variant (i18next context) a code's title and details read, chosen by its parameters, and the count its
 * details' plural forms follow. */
const CONTEXTS: Record<string, (params: TimelineParams) => { title?: string; details?: string; count?: number }> = {
  // A move by a scheme's rule says which rule and which scheme (closingReasonOf, the same reason the card gives).
  status_changed: (p) => {
    const reason = closingReasonOf(p)?.code;
    if (reason?.startsWith('scheme_')) return { details: reason };
    return { details: p.stage ? 'stage' : undefined };
  },
  document_uploaded: (p) => ({ title: p.replaced ? 'replaced' : undefined }),
  document_rejected: (p) => ({ details: p.reason ? 'reason' : undefined }),
  application_withdrawn: (p) => ({ details: p.reason ? 'reason' : undefined }),
  allotment_created: (p) => ({ details: p.allotment_type === 'final' ? 'final' : 'provisional' }),
  lease_deed_uploaded: (p) =>
    p.esigned_by
      ? { title: 'esigned', details: p.revised ? 'esigned_revised' : 'esigned' }
      : { details: p.revised ? 'revised' : undefined },
  lease_deed_approved: (p) => ({ details: p.remarks ? 'remarks' : undefined }),
  lease_deed_returned: (p) => {
    const verdict = p.verdict === 'rejected' ? 'rejected' : 'needs_revision';
    return { title: verdict, details: p.remarks ? `${verdict}_remarks` : verdict };
  },
  // A transfer the transferee let lapse says why in words; the stored remarks are the server's English.
  service_request_updated: (p) => ({
    details: p.reason === 'transfer_lapsed' ? 'transfer_lapsed' : p.remarks ? 'remarks' : undefined,
  }),
  holder_details_changed: (p) => ({
    title: HOLDER_DETAILS.has(String(p.changed)) ? String(p.changed) : undefined,
    details: p.previous ? undefined : 'none',
  }),
  subletting_permitted: (p) => ({ count: Number(p.months) }),
  case_escalated: (p) => ({
    title: p.escalated_to === 'ho' || p.escalated_to === 'admin' ? p.escalated_to : undefined,
  }),
  appeal_filed: (p) => ({ details: p.ground === 'late' || p.ground === 'rejected' ? p.ground : undefined }),
  appeal_decided: (p) => ({
    title: p.outcome === 'allowed' || p.outcome === 'dismissed' ? p.outcome : undefined,
    details: p.outcome !== 'allowed' ? undefined : p.directed_due_on ? 'directed' : 'reopened',
  }),
  show_cause_decided: (p) => {
    const outcome = p.outcome === 'cancelled' ? 'cancelled' : 'dropped';
    return { title: outcome, details: outcome === 'cancelled' ? outcome : undefined };
  },
};

const spaced = (text: string) => text.replace(/_/g, ' ');

export function useTimelineText(): (event: TimelineEvent) => { title: string; details: string } {
  const { t, i18n } = useTranslation('applications');
  const { t: ui } = useTranslation('ui');
  const label = (group: string, value: string) => t(`${group}.${value}`, { defaultValue: spaced(value) });

  const display = (params: TimelineParams): Record<string, string> => {
    const shown: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      const text = value === null ? '' : String(value);
      if (isMoneyField(name)) shown[name] = formatRupees(Number(value));
      else if (DATE_PARAMS.has(name)) shown[name] = formatDate(text);
      else if (name === 'document_type') shown[name] = label('documentTypes', text);
      else if (name === 'invoice_type') shown[name] = label('invoiceTypes', text);
      else if (name === 'from' || name === 'to' || name === 'stage_status') shown[name] = label('statuses', text);
      else if (name === 'method') shown[name] = label('paymentMethods', text);
      else if (name === 'milestone') shown[name] = label('milestones', text);
      else if (name === 'committee_type') shown[name] = text.toUpperCase();
      // An area sublet, in the plot's unit when the entry records it.
      else if (name === 'sublet_area' && typeof params.unit === 'string')
        shown[name] = `${formatNumber(Number(value))} ${label('units', params.unit)}`;
      else if (name === 'request_type') shown[name] = label('serviceRequestTypes', text);
      // Only a service request's timeline entry carries a status by that name.
      else if (name === 'status') shown[name] = label('serviceRequestStatuses', text);
      // A change of constitution names the firm's legal forms, before and after, in words.
      else if ((name === 'previous' || name === 'value') && params.changed === 'constitution' && text)
        shown[name] = label('constitutions', text);
      // A stage the portal set is in the reader's words; an officer's own stays as typed.
      else if (name === 'stage') shown[name] = stageWords(ui, stageFromParams(params), text);
      else shown[name] = text;
    }
    return shown;
  };

  return (event) => {
    const code = event.event_code;
    if (!code || code === 'legacy' || !i18n.exists(`timeline.${code}.title`, { ns: 'applications' })) {
      return { title: event.action, details: event.details };
    }
    const params = display(event.params ?? {});
    const context = CONTEXTS[code]?.(event.params ?? {}) ?? {};
    return {
      title: t(`timeline.${code}.title`, { ...params, context: context.title }),
      details: t(`timeline.${code}.details`, {
        ...params,
        context: context.details,
        ...(context.count !== undefined && Number.isFinite(context.count) ? { count: context.count } : {}),
        defaultValue: '',
      }),
    };
  };
}
