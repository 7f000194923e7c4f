/**
 * The timeline's catalogue: every entry stores one of these codes and its parameters (numbers, amounts, dates,
 * names). The web app renders the code through its language catalogues (`timeline.<code>.title` and `.details`,
 * with the parameters); the English text below is what the server also keeps in `action` and `details`, the fields
 * the spec's timeline shows, and the fallback for rows written before codes existed (`legacy`).
 */
import { DOCUMENT_TYPE_NAMES, type DocumentType } from '../documents/documents';
import type { ApplicationStatus } from '../enums';
import { formatDate, formatRupees } from '../format';
import { DEFAULT_STAGE } from '../applications/stages';

export type TimelineParamValue = string | number | boolean | null;
export type TimelineParams = Record<string, TimelineParamValue>;

interface CodeRule {
  /** Never shown to the applicant. */
  internal?: boolean;
  english: (p: TimelineParams) => { action: string; details: string };
}

const text = (value: TimelineParamValue | undefined): string =>
  value === null || value === undefined ? '' : String(value);
const withNote = (base: string, note: TimelineParamValue | undefined) => (note ? `${base}: ${String(note)}` : base);
const stage = (status: TimelineParamValue | undefined) =>
  DEFAULT_STAGE[status as ApplicationStatus] ?? text(status).replace(/_/g, ' ');
const documentName = (type: TimelineParamValue | undefined) =>
  DOCUMENT_TYPE_NAMES[type as DocumentType] ?? text(type).replace(/_/g, ' ');
const invoiceNames: Record<string, string> = {
  processing_fee: 'Processing fee (with GST)',
  emd: 'Earnest money deposit',
  premium_instalment: 'First premium instalment',
  service_fee: 'Service request fee',
};

/** A plot's unit of area after an area, as the English reads it ("400 sq m"); nothing when none was recorded. */
const areaUnit = (unit: TimelineParamValue | undefined): string => {
  const words: Record<string, string> = { sqm: 'sq m', sqft: 'sq ft', acres: 'acres' };
  return unit ? ` ${words[String(unit)] ?? String(unit)}` : '';
};

const milestoneNames: Record<string, string> = {
  commence_construction: 'Construction to commence',
  start_production: 'Production to start',
};

export const TIMELINE_CODES = {
  legacy: { english: () => ({ action: '', details: '' }) },
  application_created: {
    english: (p) => ({
      action: 'Application created',
      details: `Application ${text(p.application_number)} created as a draft for asset ${text(p.asset_code)}`,
    }),
  },
  application_submitted: {
    english: () => ({
      action: 'Application submitted',
      details: 'Submitted for scrutiny; processing fee and EMD invoices generated',
    }),
  },
  /** params: event, from, to, stage */
  status_changed: {
    english: (p) => ({
      action: `Status changed to ${stage(p.to)}`,
      details: `Moved from ${stage(p.from)} to ${stage(p.to)}.${p.stage ? ` Stage: ${text(p.stage)}` : ''}`,
    }),
  },
  /** The portal moved the application on when its last invoice was paid; params as status_changed. */
  payment_verified: {
    english: () => ({
      action: 'Payment verified',
      details: 'All invoices are paid; the application moves to payment verified',
    }),
  },
  /** A deferred or conditional committee decision; params: stage */
  committee_note: { english: (p) => ({ action: 'Committee decision recorded', details: text(p.stage) }) },
  /** params: assignee_name */
  application_assigned: {
    internal: true,
    english: (p) => ({
      action: 'Application assigned',
      details: `Assigned to ${text(p.assignee_name) || 'an officer'}`,
    }),
  },
  /** params: invoice_number, invoice_type, amount, due_date */
  invoice_generated: {
    english: (p) => ({
      action: 'Invoice generated',
      details: `${text(p.invoice_number)}: ${invoiceNames[text(p.invoice_type)] ?? text(p.invoice_type)} of ${formatRupees(Number(p.amount))}, due ${formatDate(text(p.due_date))}`,
    }),
  },
  /** params: document_type, file_name, replaced */
  document_uploaded: {
    english: (p) => ({
      action: p.replaced ? 'Document replaced' : 'Document uploaded',
      details: `${documentName(p.document_type)}: ${text(p.file_name)}`,
    }),
  },
  /** params: document_type, file_name */
  document_verified: {
    english: (p) => ({
      action: 'Document verified',
      details: `${documentName(p.document_type)}: ${text(p.file_name)}`,
    }),
  },
  /** params: document_type, file_name, reason */
  document_rejected: {
    english: (p) => ({
      action: 'Document rejected',
      details: `${documentName(p.document_type)}: ${text(p.file_name)}${p.reason ? `. Reason: ${text(p.reason)}` : ''}`,
    }),
  },
  /** params: receipt_number, invoice_number, amount, method, reference */
  payment_received: {
    english: (p) => ({
      action: 'Payment received',
      details: `${text(p.receipt_number)} for invoice ${text(p.invoice_number)}: ${formatRupees(Number(p.amount))} (${text(p.method)}, reference ${text(p.reference)})`,
    }),
  },
  /** params: allotment_number, allotment_type, asset_code */
  allotment_created: {
    english: (p) => ({
      action: 'Allotment created',
      details: `${text(p.allotment_type) === 'final' ? 'Final' : 'Provisional'} allotment ${text(p.allotment_number)} of asset ${text(p.asset_code)}; allotment letter generated`,
    }),
  },
  /** params: file_name, revised; esigned_by (the name on the certificate) when the portal's deed was eSigned */
  lease_deed_uploaded: {
    english: (p) =>
      p.esigned_by
        ? {
            action: 'Lease deed eSigned',
            details: `${p.revised ? 'Revised lease deed' : 'Lease deed'} eSigned by ${text(p.esigned_by)} with Aadhaar eSign and sent for verification`,
          }
        : {
            action: 'Lease deed uploaded',
            details: `${p.revised ? 'Revised lease deed' : 'Lease deed'} ${text(p.file_name)} uploaded for verification`,
          },
  },
  /** params: remarks */
  lease_deed_approved: {
    english: (p) => ({
      action: 'Lease deed approved',
      details: `${withNote('Lease deed approved', p.remarks)}; allotment is now final`,
    }),
  },
  /** params: verdict (rejected | needs_revision), remarks */
  lease_deed_returned: {
    english: (p) => ({
      action: p.verdict === 'rejected' ? 'Lease deed rejected' : 'Lease deed needs revision',
      details: withNote(
        p.verdict === 'rejected' ? 'Lease deed rejected' : 'Lease deed returned for revision',
        p.remarks,
      ),
    }),
  },
  /** params: possession_date, certificate_number */
  possession_recorded: {
    english: (p) => ({
      action: 'Possession recorded',
      details: `Possession given on ${formatDate(text(p.possession_date))}; certificate ${text(p.certificate_number)} issued`,
    }),
  },
  /** params: meeting_number, meeting_date, committee_type */
  meeting_created: {
    english: (p) => ({
      action: 'Meeting created',
      details: `${text(p.committee_type).toUpperCase()} meeting ${text(p.meeting_number)} on ${formatDate(text(p.meeting_date))}`,
    }),
  },
  /** params: meeting_number, meeting_date, committee_type */
  meeting_scheduled: {
    english: (p) => ({
      action: 'Placed on meeting agenda',
      details: `${text(p.committee_type).toUpperCase()} meeting ${text(p.meeting_number)} on ${formatDate(text(p.meeting_date))}`,
    }),
  },
  /** params: message, respond_by */
  query_raised: {
    english: (p) => ({
      action: 'Query raised',
      details: `${text(p.message)} (reply by ${formatDate(text(p.respond_by))})`,
    }),
  },
  /** params: message */
  query_answered: { english: (p) => ({ action: 'Query answered', details: text(p.message) }) },
  query_closed: { english: () => ({ action: 'Query closed', details: '' }) },
  /** The reply-by date passed with no answer (SYSTEM, the day after it); params: respond_by */
  query_lapsed: {
    english: (p) => ({
      action: 'Query lapsed',
      details: `No answer by ${formatDate(text(p.respond_by))}`,
    }),
  },
  /** An officer extended a lapsed query's reply-by date (once); params: respond_by, original_respond_by */
  query_extended: {
    english: (p) => ({
      action: 'Reply-by date extended',
      details: `Now reply by ${formatDate(text(p.respond_by))} (was ${formatDate(text(p.original_respond_by))})`,
    }),
  },
  /** params: request_number, request_type */
  service_request_raised: {
    english: (p) => ({
      action: 'Service request raised',
      details: `${text(p.request_number)}: ${text(p.request_type).replace(/_/g, ' ')}`,
    }),
  },
  /** The applicant gave the particulars a request asked for (decision 021); params: request_number, request_type */
  service_request_particulars_given: {
    english: (p) => ({
      action: 'Service request particulars given',
      details: `${text(p.request_number)}: ${text(p.request_type).replace(/_/g, ' ')}`,
    }),
  },
  /** params: request_number, status, remarks */
  service_request_updated: {
    english: (p) => ({
      action: `Service request ${text(p.status).replace(/_/g, ' ')}`,
      details: withNote(text(p.request_number), p.remarks),
    }),
  },
  /** An extension of time took effect; params: milestone, due_on */
  milestone_extended: {
    english: (p) => ({
      action: 'Extension of time granted',
      details: `${milestoneNames[text(p.milestone)] ?? text(p.milestone)} now due on ${formatDate(text(p.due_on))}`,
    }),
  },
  /** A milestone was met; params: milestone, met_on */
  milestone_met: {
    english: (p) => ({
      action: 'Milestone met',
      details: `${milestoneNames[text(p.milestone)] ?? text(p.milestone)} on ${formatDate(text(p.met_on))}`,
    }),
  },
  /** The allotment was surrendered; params: allotment_number, asset_code, ended_on, refund_due */
  allotment_surrendered: {
    english: (p) => ({
      action: 'Allotment surrendered',
      details: `Allotment ${text(p.allotment_number)} surrendered on ${formatDate(text(p.ended_on))}; asset ${text(p.asset_code)} returns to the inventory; refund due ${formatRupees(Number(p.refund_due))}`,
    }),
  },
  /** The transferee accepted a transfer; params: request_number, transferee */
  transfer_accepted: {
    english: (p) => ({
      action: 'Transfer accepted by the transferee',
      details: `${text(p.request_number)}: ${text(p.transferee)}`,
    }),
  },
  /** A transfer took effect; params: request_number, allotment_number, transferor, transferee */
  allotment_transferred: {
    english: (p) => ({
      action: 'Allotment transferred',
      details: `Allotment ${text(p.allotment_number)} transferred from ${text(p.transferor)} to ${text(p.transferee)}`,
    }),
  },
  /** A change of name, constitution or activity took effect; params: request_number, changed, previous, value */
  holder_details_changed: {
    english: (p) => ({
      action: `Change of ${text(p.changed)} recorded`,
      details: `${text(p.previous) || 'none'} → ${text(p.value)}`,
    }),
  },
  /** A mortgage NOC was issued; params: request_number, lender, loan_amount */
  mortgage_noc_issued: {
    english: (p) => ({
      action: 'Mortgage NOC issued',
      details: `${text(p.lender)}, ${formatRupees(Number(p.loan_amount))}`,
    }),
  },
  /** Subletting was permitted; params: request_number, sub_lessee, sublet_area, months, unit (the plot's unit of
   * area; absent on entries written before it was recorded) */
  subletting_permitted: {
    english: (p) => ({
      action: 'Subletting permitted',
      details: `${text(p.sub_lessee)}: ${text(p.sublet_area)}${areaUnit(p.unit)} for ${text(p.months)} months`,
    }),
  },
  /** A show-cause notice was issued; params: notice_number, reply_by */
  show_cause_issued: {
    english: (p) => ({
      action: 'Show-cause notice issued',
      details: `${text(p.notice_number)}: reply by ${formatDate(text(p.reply_by))}`,
    }),
  },
  /** The holder replied to a show-cause notice; params: notice_number */
  show_cause_replied: {
    english: (p) => ({ action: 'Reply to show-cause notice received', details: text(p.notice_number) }),
  },
  /** A show-cause notice was decided; params: notice_number, outcome, allotment_number, asset_code, refund_due */
  show_cause_decided: {
    english: (p) => ({
      action: p.outcome === 'cancelled' ? 'Allotment cancelled' : 'Show-cause notice dropped',
      details:
        p.outcome === 'cancelled'
          ? `${text(p.notice_number)}: allotment ${text(p.allotment_number)} cancelled; asset ${text(p.asset_code)} returns to the inventory; refund due ${formatRupees(Number(p.refund_due))}`
          : text(p.notice_number),
    }),
  },
  /** The applicant withdrew the application before allotment; params: event, from, to, stage, reason */
  application_withdrawn: {
    english: (p) => ({
      action: 'Application withdrawn',
      details: withNote(`Withdrawn by the applicant from ${stage(p.from)}`, p.reason),
    }),
  },
  /** The applicant appealed to the head office; params: appeal_number, ground, stage_status, due_on */
  appeal_filed: {
    english: (p) => ({
      action: 'Appeal filed',
      details: `${text(p.appeal_number)} against ${stage(p.stage_status)} (${p.ground === 'rejected' ? 'the rejection' : 'past its service clock'}); order due by ${formatDate(text(p.due_on))}`,
    }),
  },
  /** The appellate officer heard the appeal; params: appeal_number */
  appeal_heard: {
    internal: true,
    english: (p) => ({ action: 'Appeal heard', details: text(p.appeal_number) }),
  },
  /** The appeal's order; params: appeal_number, outcome (dismissed | allowed), ground, stage_status, directed_due_on */
  appeal_decided: {
    english: (p) => ({
      action: p.outcome === 'allowed' ? 'Appeal allowed' : 'Appeal dismissed',
      details:
        p.outcome === 'allowed'
          ? p.directed_due_on
            ? `${text(p.appeal_number)}: ${stage(p.stage_status)} is now due by ${formatDate(text(p.directed_due_on))}`
            : `${text(p.appeal_number)}: the application returns to scrutiny`
          : text(p.appeal_number),
    }),
  },
  /** A stage past its due date by its own target again, escalated a level up (decision 017); params: from (the
   * status), waiting_on, escalated_to, due_on */
  case_escalated: {
    english: (p) => ({
      action: `Escalated to ${p.escalated_to === 'admin' ? 'the administrator' : 'the head office'}`,
      details: `${stage(p.from)} was due by ${formatDate(text(p.due_on))}`,
    }),
  },
  /** A deemable stage still waiting past its deemed point, moved on by the portal (decision 017); params: event,
   * from, to, stage, due_on, working_days */
  deemed_approved: {
    english: (p) => ({
      action: 'Deemed approved',
      details: `No decision on ${stage(p.from)} within ${text(p.working_days)} working days after ${formatDate(text(p.due_on))}: moved to ${stage(p.to)}`,
    }),
  },
  /** An officer's note for other officers; params: message */
  internal_note: { internal: true, english: (p) => ({ action: 'Internal note', details: text(p.message) }) },
} as const satisfies Record<string, CodeRule>;

export type TimelineCode = keyof typeof TIMELINE_CODES;
export const TIMELINE_CODE_NAMES = Object.keys(TIMELINE_CODES) as TimelineCode[];

export function isInternalTimelineCode(code: TimelineCode): boolean {
  return (TIMELINE_CODES[code] as CodeRule).internal === true;
}

/** The English `action` and `details` the server stores beside the code. */
export function timelineEnglish(code: TimelineCode, params: TimelineParams): { action: string; details: string } {
  return (TIMELINE_CODES[code] as CodeRule).english(params);
}
