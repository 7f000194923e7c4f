/** The English mail of every MAIL_TEMPLATES entry, worded from the message's parameters (codes, numbers, amounts,
 * dates) with the contract's en-IN formatters. */
import {
  ROUTES,
  DEFAULT_STAGE,
  DOCUMENT_TYPE_NAMES,
  formatDate,
  formatRupees,
  type ApplicationStatus,
  type DocumentType,
  type NotificationParams,
  type ServiceRequestType,
} from '@portal/contract';
import type { MailCatalogue } from './types';

type Value = NotificationParams[string] | undefined;

const str = (value: Value): string => (value === null || value === undefined ? '' : String(value));
const words = (value: Value) => str(value).replace(/_/g, ' ');
const money = (value: Value) => formatRupees(Number(value));
const day = (value: Value) => formatDate(str(value));
/** The implementation milestones (the contract's MILESTONE_KINDS). */
const MILESTONE_NAMES: Record<string, string> = {
  commence_construction: 'construction to commence',
  start_production: 'production to start',
};
const stageName = (status: Value) => DEFAULT_STAGE[status as ApplicationStatus] ?? words(status);
const documentName = (type: Value) => DOCUMENT_TYPE_NAMES[type as DocumentType] ?? words(type);
/** An officer's words (a reason, a remark, a query), quoted on a line of their own when there are any. */
const quoted = (label: string, value: Value): string[] => (str(value).trim() ? [`${label}: ${str(value).trim()}`] : []);

const INVOICE_NAMES: Record<string, string> = {
  processing_fee: 'processing fee (with GST)',
  emd: 'earnest money deposit',
  premium_instalment: 'first premium instalment',
  service_fee: 'service request fee',
  lease_rent: 'lease rent',
  maintenance_charge: 'maintenance charges',
  participation_fee: 'auction participation fee',
};
const invoiceName = (type: Value) => INVOICE_NAMES[str(type)] ?? words(type);

const ROLE_NAMES: Record<string, string> = {
  zonal_manager: 'the zonal managers',
  ho: 'head office',
  committee: 'the committee',
  legal: 'the legal team',
  admin: 'the administrators',
};

/** Grievances (decision 038): their categories and the levels a grievance escalates to. */
const GRIEVANCE_CATEGORY_NAMES: Record<string, string> = {
  billing: 'billing',
  delay: 'delay in a case',
  officer_conduct: "an officer's conduct",
  park_infrastructure: "the park's roads, water or power",
  other: 'another matter',
};
const grievanceCategory = (value: Value) => GRIEVANCE_CATEGORY_NAMES[str(value)] ?? words(value);
const GRIEVANCE_LEVELS: Record<string, string> = { ho: 'the head office', admin: 'the administrators' };
const openGrievance = (p: NotificationParams) => ({ label: 'Open the grievance', href: str(p.link) || null });

const openApplication = (p: NotificationParams, label = 'Open the application') => ({
  label,
  href: str(p.link) || null,
});

/** The service request types (the contract's SERVICE_REQUEST_TYPES), in the web catalogue's words. */
const SERVICE_TYPE_NAMES: Record<ServiceRequestType, string> = {
  change_name: 'change of name',
  change_constitution: 'change of constitution',
  transfer: 'transfer',
  mortgage_noc: 'mortgage NOC',
  subletting: 'subletting',
  withdrawal: 'withdrawal',
  activity_change: 'change of activity',
  eot: 'extension of time',
};
const serviceType = (type: Value) => SERVICE_TYPE_NAMES[type as ServiceRequestType] ?? words(type);
const milestoneName = (milestone: Value) => MILESTONE_NAMES[str(milestone)] ?? words(milestone);

/** An allotment's mail opens the notification's link, else My plots; an officer's, else the allotment register. */
const openPlots = (p: NotificationParams, label = 'Open My plots') => ({
  label,
  href: str(p.link) || ROUTES.myPlots.path,
});
const openRegister = (p: NotificationParams, label = 'Open the register') => ({
  label,
  href: str(p.link) || ROUTES.allotments.path,
});

export const en: MailCatalogue = {
  frame: {
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    footer: (portalUrl) =>
      `This message was sent by the land and asset allotment portal (${portalUrl}). Please do not reply to it.`,
  },

  application_submitted: (p) => ({
    subject: `Application ${str(p.application_number)} submitted`,
    paragraphs: [
      `Your application ${str(p.application_number)} has been submitted for scrutiny. Keep the number for your records.`,
      ...(Number(p.invoice_count) > 0
        ? [
            `${Number(p.invoice_count) === 1 ? 'One invoice was' : `${Number(p.invoice_count)} invoices were`} raised with it: ${str(p.invoice_numbers)}, ${money(p.total_amount)} in all, due by ${day(p.due_date)}. You can pay from the application's page.`,
          ]
        : []),
    ],
    action: openApplication(p),
  }),

  document_rejected: (p) => ({
    subject: `Document rejected on application ${str(p.application_number)}`,
    paragraphs: [
      `The ${documentName(p.document_type)} (${str(p.file_name)}) you uploaded for application ${str(p.application_number)} was rejected.`,
      ...quoted('Reason', p.reason),
      'Please upload a replacement so that scrutiny can go on.',
    ],
    action: openApplication(p, 'Upload a replacement'),
  }),

  query_raised: (p) => ({
    subject: `Query on application ${str(p.application_number)}`,
    paragraphs: [
      `An officer has raised a query on application ${str(p.application_number)}.`,
      ...quoted('Query', p.message),
      `Please answer it by ${day(p.respond_by)}. The application waits on your answer.`,
    ],
    action: openApplication(p, 'Answer the query'),
  }),

  query_reply_due: (p) => ({
    subject: `Reminder: answer the query on application ${str(p.application_number)} by ${day(p.respond_by)}`,
    paragraphs: [
      Number(p.days_left) <= 0
        ? `The query on application ${str(p.application_number)} is to be answered today, ${day(p.respond_by)}.`
        : Number(p.days_left) === 1
          ? `The query on application ${str(p.application_number)} is to be answered by tomorrow, ${day(p.respond_by)}.`
          : `The query on application ${str(p.application_number)} is to be answered by ${day(p.respond_by)}, in ${str(p.days_left)} days.`,
      'If it is not answered by then, it lapses: it can no longer be answered, and the officer may reject the application.',
    ],
    action: openApplication(p, 'Answer the query'),
  }),

  query_extended: (p) => ({
    subject: `More time to answer the query on application ${str(p.application_number)}`,
    paragraphs: [
      `The officer has extended the reply-by date of the query on application ${str(p.application_number)} to ${day(p.respond_by)} (it was ${day(p.original_respond_by)}).`,
      'You can answer it again now. The date is extended only once.',
    ],
    action: openApplication(p, 'Answer the query'),
  }),

  decision_made: (p) => ({
    subject: `Decision on application ${str(p.application_number)}`,
    paragraphs: [
      p.decision === 'approved'
        ? `Application ${str(p.application_number)} has been approved.`
        : p.decision === 'rejected'
          ? `Application ${str(p.application_number)} has been rejected.`
          : `The committee has recorded a decision on application ${str(p.application_number)}.`,
      ...quoted('Decision', p.stage),
    ],
    action: openApplication(p),
  }),

  invoice_generated: (p) => ({
    subject: `Invoice ${str(p.invoice_number)} raised`,
    paragraphs: [
      `Invoice ${str(p.invoice_number)}, the ${invoiceName(p.invoice_type)} of ${money(p.amount)}, has been raised on application ${str(p.application_number)}. It is due on ${day(p.due_date)}.`,
    ],
    action: openApplication(p, 'Pay the invoice'),
  }),

  invoice_due_soon: (p) => ({
    subject: `Reminder: invoice ${str(p.invoice_number)} is due on ${day(p.due_date)}`,
    paragraphs: [
      `Invoice ${str(p.invoice_number)}, the ${invoiceName(p.invoice_type)} of ${money(p.amount)} on application ${str(p.application_number)}, is due on ${day(p.due_date)}.`,
      'If you have already paid it, you can ignore this reminder.',
    ],
    action: openApplication(p, 'Pay the invoice'),
  }),

  invoice_overdue: (p) => ({
    subject: `Invoice ${str(p.invoice_number)} is overdue`,
    paragraphs: [
      `Invoice ${str(p.invoice_number)}, the ${invoiceName(p.invoice_type)} of ${money(p.amount)} on application ${str(p.application_number)}, was due on ${day(p.due_date)} and has not been paid.`,
      'Please pay it as soon as you can: the application cannot move on until it is paid.',
    ],
    action: openApplication(p, 'Pay the invoice'),
  }),

  allotment_letter_issued: (p) => ({
    subject: `Allotment letter issued for application ${str(p.application_number)}`,
    paragraphs: [
      `Asset ${str(p.asset_code)} has been allotted to you (${p.allotment_type === 'final' ? 'final' : 'provisional'} allotment ${str(p.allotment_number)}, application ${str(p.application_number)}).`,
      'Your allotment letter is ready to download from the application page.',
    ],
    action: openApplication(p, 'Download the allotment letter'),
  }),

  lease_deed_approved: (p) => ({
    subject: `Lease deed approved for application ${str(p.application_number)}`,
    paragraphs: [
      `Your lease deed for application ${str(p.application_number)} has been approved, and the allotment is now final.`,
      ...quoted('Remarks', p.remarks),
    ],
    action: openApplication(p),
  }),

  lease_deed_returned: (p) => ({
    subject: `Lease deed returned on application ${str(p.application_number)}`,
    paragraphs: [
      p.verdict === 'rejected'
        ? `Your lease deed for application ${str(p.application_number)} was rejected.`
        : `Your lease deed for application ${str(p.application_number)} was returned for revision.`,
      ...quoted('Remarks', p.remarks),
      'Please upload a revised lease deed.',
    ],
    action: openApplication(p, 'Upload the lease deed'),
  }),

  possession_recorded: (p) => ({
    subject: `Possession recorded for application ${str(p.application_number)}`,
    paragraphs: [
      `Possession for application ${str(p.application_number)} was given on ${day(p.possession_date)}. Your possession certificate is ${str(p.certificate_number)}.`,
    ],
    action: openApplication(p),
  }),

  service_request_decided: (p) => ({
    subject: `Service request ${str(p.request_number)} ${p.status === 'approved' ? 'approved' : 'rejected'}`,
    paragraphs: [
      `Your service request ${str(p.request_number)} has been ${p.status === 'approved' ? 'approved' : 'rejected'}.`,
      ...quoted('Remarks', p.remarks),
    ],
    action: { label: 'Open the service request', href: str(p.link) || null },
  }),

  milestone_extended: (p) => ({
    subject: `Extension of time granted on application ${str(p.application_number)}`,
    paragraphs: [
      `The extension of time on application ${str(p.application_number)} is in effect: ${MILESTONE_NAMES[str(p.milestone)] ?? words(p.milestone)} is now due by ${day(p.due_on)}.`,
    ],
    action: openApplication(p),
  }),

  application_withdrawn: (p) => ({
    subject: `Application ${str(p.application_number)} withdrawn`,
    paragraphs: [
      `You withdrew application ${str(p.application_number)}. Nothing more will be done on it.`,
      ...quoted('Your reason', p.reason),
      'If you paid the earnest money deposit, it will be refunded to the bank account on your profile once the finance team has verified it.',
    ],
    action: openApplication(p),
  }),
  refund_approved: (p) => ({
    subject: `Refund ${str(p.refund_number)} approved`,
    paragraphs: [
      `A refund of ${money(p.amount)} on application ${str(p.application_number)} (refund ${str(p.refund_number)}) is approved.`,
      'It will be paid to your verified bank account; you will be told the bank reference (UTR) when it is paid.',
    ],
    action: openApplication(p),
  }),
  interest_waived: (p) => ({
    subject: `Interest waived on invoice ${str(p.invoice_number)}`,
    paragraphs: [
      `The interest of ${money(p.amount)} on invoice ${str(p.invoice_number)} of application ${str(p.application_number)} is waived (${str(p.adjustment_number)}).`,
      'No more interest accrues on this invoice; its amount is still due.',
    ],
    action: openApplication(p),
  }),
  refund_paid: (p) => ({
    subject: `Refund ${str(p.refund_number)} paid`,
    paragraphs: [
      `A refund of ${money(p.amount)} on application ${str(p.application_number)} (refund ${str(p.refund_number)}) was paid to your bank account on ${day(p.paid_on)}.`,
      `Bank reference (UTR): ${str(p.utr)}`,
    ],
    action: openApplication(p),
  }),
  allotment_surrendered: (p) => ({
    subject: `Allotment ${str(p.allotment_number)} surrendered`,
    paragraphs: [
      `Your allotment ${str(p.allotment_number)} (application ${str(p.application_number)}) was surrendered on ${day(p.ended_on)}, and its plot returns to the corporation.`,
      `The refund due to you is ${money(p.refund_due)}.`,
    ],
    action: openApplication(p),
  }),
  transfer_offered: (p) => ({
    subject: `Transfer of allotment ${str(p.allotment_number)} offered to you`,
    paragraphs: [
      `${str(p.holder_name) || 'The holder'} offers to transfer allotment ${str(p.allotment_number)} (asset ${str(p.asset_code)}) to you, by service request ${str(p.request_number)}.`,
      'To take the plot, accept the transfer in the portal under My plots. The corporation considers the transfer only once you have accepted it.',
    ],
    action: openPlots(p, 'Review the transfer'),
  }),

  service_order_issued: (p) => ({
    subject: `Order issued on service request ${str(p.request_number)}`,
    paragraphs: [
      `Your service request ${str(p.request_number)}${serviceType(p.request_type) ? ` (${serviceType(p.request_type)})` : ''} on allotment ${str(p.allotment_number)} has taken effect, and its order is issued.`,
      'You can download the order from the portal.',
    ],
    action: openPlots(p),
  }),

  allotment_transferred: (p) => ({
    subject: `Allotment ${str(p.allotment_number)} transferred`,
    paragraphs: [
      `The transfer of allotment ${str(p.allotment_number)} (asset ${str(p.asset_code)}) has taken effect, and the plot now stands in the name of its new holder.`,
    ],
    action: openPlots(p),
  }),

  show_cause_issued: (p) => ({
    subject: `Show-cause notice ${str(p.notice_number)} on allotment ${str(p.allotment_number)}`,
    paragraphs: [
      `The corporation has issued show-cause notice ${str(p.notice_number)} on your allotment ${str(p.allotment_number)}.`,
      `Please reply to it by ${day(p.reply_by)}. Until the notice is decided, only a reply or a surrender can be made on the allotment.`,
    ],
    action: openPlots(p, 'Reply to the notice'),
  }),

  show_cause_decided: (p) =>
    p.outcome === 'cancelled'
      ? {
          subject: `Allotment ${str(p.allotment_number)} cancelled`,
          paragraphs: [
            `Show-cause notice ${str(p.notice_number)} has been decided: your allotment ${str(p.allotment_number)} is cancelled, and its plot returns to the corporation.`,
            'You can download the order from the portal.',
          ],
          action: openPlots(p),
        }
      : {
          subject: `Show-cause notice ${str(p.notice_number)} dropped`,
          paragraphs: [
            `Show-cause notice ${str(p.notice_number)} on your allotment ${str(p.allotment_number)} has been dropped. The allotment goes on as before.`,
          ],
          action: openPlots(p),
        },

  milestone_due_soon: (p) => ({
    subject: `Reminder: ${milestoneName(p.milestone)} by ${day(p.due_on)} on allotment ${str(p.allotment_number)}`,
    paragraphs: [
      `On your allotment ${str(p.allotment_number)}, ${milestoneName(p.milestone)} is due by ${day(p.due_on)}${str(p.days_left) ? `, in ${str(p.days_left)} days` : ''}.`,
      'If you need more time, ask for an extension of time from My plots before that date.',
    ],
    action: openPlots(p),
  }),

  show_cause_replied: (p) => ({
    subject: `Reply to show-cause notice ${str(p.notice_number)}`,
    paragraphs: [
      `The holder of allotment ${str(p.allotment_number)} has replied to show-cause notice ${str(p.notice_number)}. The notice now waits on a decision: cancel the allotment or drop the notice.`,
    ],
    action: openRegister(p),
  }),

  milestone_missed: (p) => ({
    subject: `Milestone missed on allotment ${str(p.allotment_number)}`,
    paragraphs: [
      `${str(p.holder_name) ? `${str(p.holder_name)}, the holder of allotment ${str(p.allotment_number)},` : `The holder of allotment ${str(p.allotment_number)}`} has missed a milestone: ${milestoneName(p.milestone)} was due by ${day(p.due_on)}.`,
      'You can issue a show-cause notice from the register.',
    ],
    action: openRegister(p),
  }),

  beacon_round_refused: (p) => ({
    subject: `Scheme ${str(p.scheme_number)}: the beacon's round ${str(p.round)} was refused`,
    paragraphs: [
      `The draw of scheme ${str(p.scheme_number)} waits for round ${str(p.round)} of the randomness beacon ${str(p.beacon_id)}. The beacon answered that round with a signature that does not verify with the beacon's public key, so the portal refused it and will never use it: the draw has not run.`,
      "The portal asks the beacon again every minute. If the beacon keeps answering a false round, check the portal's beacon settings (its address and the pinned chain) before anyone draws by another means.",
    ],
    action: { label: 'Open the scheme', href: str(p.link) || null },
  }),

  appeal_filed: (p) => ({
    subject: `Appeal ${str(p.appeal_number)} filed on application ${str(p.application_number)}`,
    paragraphs: [
      `The applicant of application ${str(p.application_number)} has appealed to the head office against "${stageName(p.stage_status)}" (${p.ground === 'rejected' ? 'the rejection' : 'the case is past its service target'}).`,
      `The appeal's order is due by ${day(p.due_on)}.`,
    ],
    action: openApplication(p, 'Open the appeal'),
  }),

  appeal_decided: (p) => ({
    subject: `Your appeal ${str(p.appeal_number)} was ${p.outcome === 'allowed' ? 'allowed' : 'dismissed'}`,
    paragraphs: [
      p.outcome === 'allowed'
        ? `The head office allowed your appeal ${str(p.appeal_number)} on application ${str(p.application_number)}.${p.directed_due_on ? ` The officers are directed to act by ${day(p.directed_due_on)}.` : ' Your application returns to scrutiny.'}`
        : `The head office dismissed your appeal ${str(p.appeal_number)} on application ${str(p.application_number)}.`,
      'You can read the order on the application in the portal.',
    ],
    action: openApplication(p),
  }),

  appeal_directed: (p) => ({
    subject: `Appeal ${str(p.appeal_number)}: application ${str(p.application_number)} is due by ${day(p.due_date)}`,
    paragraphs: [
      `The head office allowed appeal ${str(p.appeal_number)} on application ${str(p.application_number)} ("${stageName(p.status)}") and directs that it be decided by ${day(p.due_date)}.`,
    ],
    action: openApplication(p),
  }),

  case_reached_role: (p) => ({
    subject: `Application ${str(p.application_number)} is waiting on ${ROLE_NAMES[str(p.role)] ?? 'your team'}`,
    paragraphs: [
      `Application ${str(p.application_number)} is now at "${stageName(p.status)}" and waits on ${ROLE_NAMES[str(p.role)] ?? 'your team'}.`,
      ...(p.due_date ? [`Its service target is ${day(p.due_date)}.`] : []),
    ],
    action: openApplication(p),
  }),

  case_assigned: (p) => ({
    subject: `Application ${str(p.application_number)} assigned to you`,
    paragraphs: [
      `${str(p.assigned_by) || 'An officer'} assigned application ${str(p.application_number)} ("${stageName(p.status)}") to you.`,
    ],
    action: openApplication(p),
  }),

  query_answered: (p) => ({
    subject: `Query answered on application ${str(p.application_number)}`,
    paragraphs: [
      `The applicant has answered the query on application ${str(p.application_number)}.`,
      ...quoted('Answer', p.message),
    ],
    action: openApplication(p),
  }),

  query_lapsed: (p) => ({
    subject: `The query on application ${str(p.application_number)} has lapsed`,
    paragraphs: [
      `The applicant did not answer the query on application ${str(p.application_number)} by ${day(p.respond_by)}, so it has lapsed.`,
      'You may now reject the application with a reason, or extend the reply-by date once.',
    ],
    action: openApplication(p),
  }),

  case_overdue: (p) => ({
    subject: `Application ${str(p.application_number)} is overdue`,
    paragraphs: [
      `Application ${str(p.application_number)} ("${stageName(p.status)}") was due on ${day(p.due_date)} and is still waiting on your team.`,
    ],
    action: openApplication(p),
  }),

  case_escalated: (p) => ({
    subject: `Application ${str(p.application_number)} is escalated to ${p.escalated_to === 'admin' ? 'the administrators' : 'head office'}`,
    paragraphs: [
      `Application ${str(p.application_number)} ("${stageName(p.status)}") was due on ${day(p.due_date)} and is still waiting, past its due date by its own target again. It is now escalated to ${p.escalated_to === 'admin' ? 'the administrators' : 'head office'}.`,
    ],
    action: openApplication(p),
  }),

  deemed_approved: (p) => ({
    subject: `Application ${str(p.application_number)}: deemed approved`,
    paragraphs: [
      `No decision was made on "${stageName(p.from)}" of application ${str(p.application_number)} within 15 working days after its due date (${day(p.due_on)}), so it is deemed approved: the application has moved on to "${stageName(p.to)}".`,
      'A letter saying so is issued with the application; its verification code can be checked on the portal.',
    ],
    action: openApplication(p),
  }),

  scheme_result: (p) => ({
    subject:
      p.outcome === 'won'
        ? `Scheme ${str(p.scheme_number)}: the plot is yours (application ${str(p.application_number)})`
        : `Scheme ${str(p.scheme_number)}: the result for application ${str(p.application_number)}`,
    paragraphs: [
      p.outcome === 'won'
        ? `Application ${str(p.application_number)} won its plot in scheme ${str(p.scheme_number)}. The premium invoice is with the application: once it is paid, the provisional allotment letter is issued.`
        : p.outcome === 'not_qualified'
          ? `Application ${str(p.application_number)} did not qualify in scheme ${str(p.scheme_number)}: it was not approved with its deposits paid by the closing date. A paid EMD is refunded.`
          : p.outcome === 'defaulted'
            ? `The premium of application ${str(p.application_number)} in scheme ${str(p.scheme_number)} was not paid in time: the EMD is forfeited and the plot is offered to the next bidder.`
            : `In scheme ${str(p.scheme_number)} the plot went to another application${p.rank ? ` (yours was placed ${str(p.rank)})` : ''}. A paid EMD is refunded.`,
      'The public result of the scheme, with everything needed to check it, is on the portal.',
    ],
    action: openApplication(p),
  }),

  gateway_mismatch: (p) => ({
    subject: `Gateway payment to check: order ${str(p.gateway_order_id)}`,
    paragraphs: [
      `The payment gateway reports a payment on order ${str(p.gateway_order_id)} (invoice ${str(p.invoice_number)} of application ${str(p.application_number)}, ${money(p.amount)}) that the portal did not record as paid: ${
        p.mismatch_code === 'amount_mismatch'
          ? 'the amount paid differs from the order.'
          : p.mismatch_code === 'already_paid'
            ? 'the invoice had already been paid by another payment.'
            : 'the gateway and the portal disagree on it.'
      }`,
      'Check it with the gateway and refund the payer if the money was taken.',
    ],
    action: openApplication(p),
  }),

  grievance_received: (p) => ({
    subject: `Grievance ${str(p.grievance_number)} received`,
    paragraphs: [
      `Your grievance ${str(p.grievance_number)} about ${grievanceCategory(p.category)} was received and sent to the officer who deals with it.`,
      `We promise an answer by ${day(p.due_on)}. You can follow it, add files and answer the officer in the portal.`,
    ],
    action: openGrievance(p),
  }),

  grievance_replied: (p) => ({
    subject: `A reply on your grievance ${str(p.grievance_number)}`,
    paragraphs: [`The officer replied on your grievance ${str(p.grievance_number)}. Read the reply in the portal.`],
    action: openGrievance(p),
  }),

  grievance_detail_asked: (p) => ({
    subject: `Your grievance ${str(p.grievance_number)} needs more detail`,
    paragraphs: [
      `The officer asked for more detail on your grievance ${str(p.grievance_number)}. Answer in the portal so it can go on; its promised day waits for your answer.`,
    ],
    action: openGrievance(p),
  }),

  grievance_resolved: (p) => ({
    subject: `Your grievance ${str(p.grievance_number)} was resolved`,
    paragraphs: [
      `The officer resolved your grievance ${str(p.grievance_number)}. Read the resolution in the portal and rate it.`,
      'If it is not resolved to your satisfaction, you may reopen it once within 15 days.',
    ],
    action: openGrievance(p),
  }),

  grievance_assigned: (p) => ({
    subject: `Grievance ${str(p.grievance_number)} waits on you`,
    paragraphs: [
      p.reason === 'reopened'
        ? `The complainant reopened grievance ${str(p.grievance_number)} (${grievanceCategory(p.category)}).`
        : p.reason === 'answered'
          ? `The complainant answered on grievance ${str(p.grievance_number)} (${grievanceCategory(p.category)}).`
          : `A grievance ${str(p.grievance_number)} about ${grievanceCategory(p.category)} was raised and routed to you.`,
      `It is due by ${day(p.due_on)}.`,
    ],
    action: openGrievance(p),
  }),

  grievance_escalated: (p) => ({
    subject: `Grievance ${str(p.grievance_number)} is escalated`,
    paragraphs: [
      `Grievance ${str(p.grievance_number)} (${grievanceCategory(p.category)}) was due by ${day(p.due_on)} and is still open: it is escalated to ${GRIEVANCE_LEVELS[str(p.escalated_to)] ?? 'the level above'}.`,
    ],
    action: openGrievance(p),
  }),

  outbox_failure: (p) => ({
    subject: `A mail to ${str(p.to_email)} could not be sent`,
    paragraphs: [
      `The portal gave up sending a mail (${words(p.template)}) to ${str(p.to_email)} after ${str(p.attempts)} attempts.`,
      ...quoted('Last error', p.error),
      'Open the Outbox to send it again once the cause is fixed.',
    ],
    action: { label: 'Open the Outbox', href: str(p.link) || null },
  }),

  password_reset: (p) => ({
    subject: 'Reset your password',
    paragraphs: [
      `Someone (we hope you) asked to reset the password of your account. Open the link below within ${str(p.expires_minutes)} minutes to choose a new password.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', href: str(p.reset_url) || null },
  }),
  sign_in_code_locked: (p) => ({
    subject: 'Sign-in by code is locked for your mobile',
    paragraphs: [
      `Too many wrong one-time codes were entered for the mobile number on your account, so sign-in by code is locked for ${str(p.hours)} hours.`,
      'If this was not you, someone may be trying to get into your account: sign in with your password and change it.',
    ],
    action: { label: 'Open your account', href: '/account' },
  }),
};
