/** The allotment's life after possession (decision 014), in the caller's transaction: the lease and milestones
 * started when possession is recorded, milestones met when the application's implementation moves, and the effects
 * of the allottee services, when their fee is paid (or on approval when free): an extension of time, a transfer, a
 * change of name, constitution or activity, a mortgage NOC, a subletting permission, a surrender. */
import {
  isApplicant,
  ALLOTTEE_SERVICES,
  describeMilestone,
  ESTATE_TERMS,
  SERVICE_REQUEST_EVENTS,
  extendedDueOn,
  formatRupees,
  leaseEndsOn,
  MILESTONE_KINDS,
  milestoneDueOn,
  serviceEligibility,
  serviceRefusal,
  surrenderRefund,
  type Allotment,
  type ApplicationEventName,
  type Milestone,
  type MilestoneKind,
  type OpenServiceRequest,
  type ServiceEffect,
  type ServiceEligibilityFacts,
  type ServiceRefusalAnswer,
  type ServiceRefusalCode,
  type ServiceRequestType,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { moveCaseIfStill } from '../../../case/engine';
import { businessTodayIso } from '../../../core/dates';
import { conflict, HttpError } from '../../../core/http-error';
import {
  findActiveAllotmentOfApplication,
  findPastHolding,
  lockAllotment,
  setAllotmentActivity,
  setAllotmentPossession,
  surrenderAllotmentIfActive,
  recordEndedHolding,
  transferAllotmentIf,
  toAllotment,
  type AllotmentRow,
} from '../../../repositories/allotments';
import {
  extendMilestoneIf,
  findMilestones,
  insertMilestones,
  markMilestonesMet,
  type MilestoneRow,
} from '../../../repositories/allotment-milestones';
import { findAssetById, releaseAssetIf } from '../../../repositories/assets';
import { findOpenShowCauseIds } from '../../../repositories/show-causes';
import { sumOverdueDues, sumPaidInvoices, sumUnpaidInvoices, type InvoiceRow } from '../../../repositories/invoices';
import {
  findLapsedTransferOffers,
  findOpenServiceRequests,
  findServiceRequestOfInvoice,
  markServiceRequestTookEffect,
  writeServiceRequestMove,
  type ServiceRequestRow,
} from '../repositories/service-requests';
import { findApplicantByUserId, updateApplicant } from '../../applications/repositories/applicants';
import { nextNumber } from '../../../repositories/counters';
import { findUserById } from '../../../repositories/users';
import { SYSTEM_ACTOR, type Actor } from '../../../repositories/timeline';
import { recordEvent } from '../../../case/events';
import { clock } from '../../../core/clock';

const REFUSAL_WORDS: Record<ServiceRefusalCode, (params: Record<string, string>) => string> = {
  service_not_allowed: () =>
    'This service cannot be asked for on this allotment now: it must be active and in possession',
  milestone_met: () => 'This milestone is already met, so it needs no extension of time',
  extension_limit: () =>
    `This milestone has had its ${ESTATE_TERMS.maxExtensionsPerMilestone} extensions of time (or they are already asked for)`,
  show_cause_pending: () =>
    'A show-cause notice is open on this allotment: reply to it, or surrender the plot, until an order decides it',
  service_request_open: (params) =>
    `Request ${params.request_number} for this service is already open on this allotment (${(params.status ?? '').replace(/_/g, ' ')}): follow it rather than asking again`,
  unpaid_dues: (params) =>
    `There are overdue dues of ${formatRupees(Number(params.amount))} on this plot: pay them first, then ask for this service`,
};

/** The 409 for a service the allotment does not allow now, with its code (and, for overdue dues and an open request,
 * its parameters). */
export function serviceRefused(given: ServiceRefusalAnswer | ServiceRefusalCode): HttpError {
  const refusal = typeof given === 'string' ? { code: given, params: {} } : given;
  const detail = REFUSAL_WORDS[refusal.code](refusal.params);
  if (refusal.code === 'unpaid_dues') {
    return new HttpError(409, detail, refusal.code, {
      refusal: { reason: 'unpaid_dues', params: { amount: refusal.params.amount ?? '0.00' } },
    });
  }
  if (refusal.code === 'service_request_open') {
    const params = { request_number: refusal.params.request_number ?? '', status: refusal.params.status ?? '' };
    return new HttpError(409, detail, refusal.code, { refusal: { reason: 'service_request_open', params } });
  }
  return conflict(detail, refusal.code);
}

/** An allotment's milestone rows as the API answers them, in the order of MILESTONE_KINDS, read on `today`; an
 * extension asked for and not yet in effect counts as used. */
function describeMilestoneRows(
  rows: readonly MilestoneRow[],
  today: string,
  open: readonly OpenServiceRequest[] = [],
): Milestone[] {
  return [...rows]
    .sort((a, b) => MILESTONE_KINDS.indexOf(a.kind) - MILESTONE_KINDS.indexOf(b.kind))
    .map((m) =>
      describeMilestone(
        { kind: m.kind, due_on: m.dueOn, met_on: m.metOn, extensions: m.extensions },
        today,
        open.filter((request) => request.request_type === 'eot' && request.milestone === m.kind).length,
      ),
    );
}

/** Allotments as the API answers them, with their milestones read on today and, for their holder, every service
 * with whether it may be asked for now and why not (decision 020). */
export async function describeAllotments(
  db: Database,
  rows: readonly AllotmentRow[],
  viewer: { id: string; role: string },
): Promise<Allotment[]> {
  const today = businessTodayIso();
  const ids = rows.map((row) => row.id);
  const milestones = await findMilestones(db, ids);
  const openShowCauses = await findOpenShowCauseIds(db, ids);
  const openRequests = await findOpenServiceRequests(db, ids);
  const held = rows.filter((row) => isApplicant(viewer) && row.holderUserId === viewer.id);
  const overdue = await sumOverdueDues(
    db,
    held.map((row) => row.applicationId),
    today,
  );
  // An entrepreneur's plots held before a transfer: when their holding ended.
  const pastHoldings = new Map<string, Date>();
  if (isApplicant(viewer)) {
    for (const row of rows.filter((row) => row.holderUserId !== viewer.id)) {
      const heldUntil = await findPastHolding(db, row.id, viewer.id);
      if (heldUntil) pastHoldings.set(row.id, heldUntil);
    }
  }
  return rows.map((row) => {
    const open = openRequests.filter((request) => request.allotment_id === row.id);
    const own = describeMilestoneRows(
      milestones.filter((m) => m.allotmentId === row.id),
      today,
      open,
    );
    const base = toAllotment(row);
    const holder = held.includes(row);
    // Under a show-cause notice the holder is offered only surrender.
    const services = holder
      ? serviceEligibility({
          ...base,
          milestones: own,
          open_show_cause: openShowCauses.has(row.id),
          open_requests: open.map(({ allotment_id: _, ...request }) => request),
          overdue_dues: overdue.get(row.applicationId) ?? 0,
        })
      : [];
    return {
      ...base,
      milestones: own,
      services_allowed: [...new Set(services.filter((s) => s.allowed).map((s) => s.request_type))],
      services,
      open_show_cause_id: openShowCauses.get(row.id) ?? null,
      held_until: pastHoldings.get(row.id)?.toISOString() ?? null,
    };
  });
}

/** Possession starts the lease (99 years) and the two milestones (12 and 24 months). */
export async function startAllotmentLife(tx: Database, allotment: AllotmentRow, possessionDate: string): Promise<void> {
  await setAllotmentPossession(tx, allotment.id, possessionDate, leaseEndsOn(possessionDate));
  await insertMilestones(
    tx,
    allotment.id,
    MILESTONE_KINDS.map((kind) => ({ kind, dueOn: milestoneDueOn(kind, possessionDate) })),
  );
}

/** The milestones an application's move meets: construction commenced on start_implementation, production (and
 * construction if not yet) on complete. Called by the transition's side effects. */
const MET_BY_EVENT: Partial<Record<ApplicationEventName, readonly MilestoneKind[]>> = {
  start_implementation: ['commence_construction'],
  complete: ['commence_construction', 'start_production'],
};

export async function meetMilestonesOnMove(
  tx: Database,
  applicationId: string,
  event: ApplicationEventName,
  actor: Actor,
): Promise<void> {
  const kinds = MET_BY_EVENT[event];
  if (!kinds) return;
  const allotment = await findActiveAllotmentOfApplication(tx, applicationId);
  if (!allotment) return;
  const today = businessTodayIso();
  const met = await markMilestonesMet(tx, allotment.id, kinds, today);
  for (const milestone of met) {
    await recordEvent(tx, actor, {
      applicationId,
      code: 'milestone_met',
      params: { milestone: milestone.kind, met_on: today },
      entityType: 'allotment',
      entityId: allotment.id,
    });
  }
}

/** The allotment a service request is about, locked, with its milestones: the one check of whether the service
 * may be asked for (or approved) on it now, by the rule the allotment's `services` answer (serviceRefusal).
 * `exceptRequestId` leaves the request being approved out of the open requests. */
export async function checkServiceAllowed(
  tx: Database,
  allotmentId: string,
  type: ServiceRequestType,
  milestone: MilestoneKind | null | undefined,
  exceptRequestId?: string,
): Promise<{ allotment: AllotmentRow; milestones: MilestoneRow[] }> {
  const allotment = await lockAllotment(tx, allotmentId);
  if (!allotment) throw conflict('The allotment no longer exists');
  // Read under the allotment's lock, so two racing requests cannot both find no open request.
  const open = (await findOpenServiceRequests(tx, [allotment.id], exceptRequestId)).map(
    ({ allotment_id: _, ...request }) => request,
  );
  const milestones = await findMilestones(tx, [allotment.id]);
  const today = businessTodayIso();
  const facts: ServiceEligibilityFacts = {
    status: allotment.status,
    possession_date: allotment.possessionDate,
    milestones: describeMilestoneRows(milestones, today, open),
    // Under a show-cause notice only a surrender may be asked for (or approved).
    open_show_cause: (await findOpenShowCauseIds(tx, [allotment.id])).has(allotment.id),
    open_requests: open,
    overdue_dues: ALLOTTEE_SERVICES[type].noDuesRequired
      ? ((await sumOverdueDues(tx, [allotment.applicationId], today)).get(allotment.applicationId) ?? 0)
      : 0,
  };
  const refusal = serviceRefusal(type, facts, milestone);
  if (refusal) throw serviceRefused(refusal);
  return { allotment, milestones };
}

type Outcome = Record<string, string | number | boolean | null>;

/** A free service takes effect when approved (a surrender, a transfer to a legal heir). */
export async function applyServiceOnApproval(tx: Database, actor: Actor, request: ServiceRequestRow): Promise<void> {
  if (request.feeAmount > 0) return;
  await takeEffect(tx, actor, request);
}

/** A paid service fee invoice puts its service into effect. */
export async function applyServiceFeePaid(tx: Database, invoice: InvoiceRow): Promise<void> {
  if (invoice.invoiceType !== 'service_fee' || !invoice.serviceRequestId) return;
  const request = await findServiceRequestOfInvoice(tx, invoice.id);
  if (!request || request.status !== 'approved') return;
  await takeEffect(tx, SYSTEM_ACTOR, request);
}

/** The service's effect, its timeline entry (which tells whom it concerns) and its order's number, in the caller's
 * transaction; once per request. An effect the allotment no longer allows (met or extended meanwhile, transferred or
 * ended) changes nothing: a paid fee then stays paid for an officer to refund. */
async function takeEffect(tx: Database, actor: Actor, request: ServiceRequestRow): Promise<void> {
  if (request.tookEffectAt) return;
  const outcome = await EFFECTS[ALLOTTEE_SERVICES[request.requestType].effect](tx, actor, request);
  if (!outcome) return;
  await markServiceRequestTookEffect(tx, request.id, { orderNumber: await nextNumber(tx, 'order'), outcome });
}

const EFFECTS: Record<
  ServiceEffect,
  (tx: Database, actor: Actor, request: ServiceRequestRow) => Promise<Outcome | null>
> = {
  extend_milestone: extendMilestone,
  surrender: async (tx, actor, request) =>
    request.allotmentId ? surrender(tx, actor, request.allotmentId, request.userId) : null,
  transfer,
  change_name: (tx, actor, request) => changeHolderDetails(tx, actor, request, 'name'),
  change_constitution: (tx, actor, request) => changeHolderDetails(tx, actor, request, 'constitution'),
  change_activity: (tx, actor, request) => changeHolderDetails(tx, actor, request, 'activity'),
  mortgage_noc: (tx, actor, request) =>
    permission(tx, actor, request, 'mortgage_noc_issued', {
      lender: request.particulars.lender ?? null,
      loan_amount: request.particulars.loan_amount ?? null,
    }),
  subletting: (tx, actor, request) =>
    permission(tx, actor, request, 'subletting_permitted', {
      sub_lessee: request.particulars.sub_lessee ?? null,
      sublet_area: request.particulars.sublet_area ?? null,
      months: request.particulars.months ?? null,
    }),
};

/** An extension moves the milestone's due date on by ESTATE_TERMS.extensionMonths. */
async function extendMilestone(tx: Database, _actor: Actor, request: ServiceRequestRow): Promise<Outcome | null> {
  const kind = request.milestone;
  if (!request.allotmentId || !kind) return null;
  const allotment = await lockAllotment(tx, request.allotmentId);
  // Paid by a holder who has since transferred the plot: not theirs to extend any more.
  if (!allotment || allotment.status !== 'active' || allotment.holderUserId !== request.userId) return null;
  const [milestone] = (await findMilestones(tx, [allotment.id])).filter((m) => m.kind === kind);
  if (!milestone || milestone.metOn !== null) return null;
  const extended = await extendMilestoneIf(
    tx,
    milestone,
    extendedDueOn(milestone.dueOn),
    ESTATE_TERMS.maxExtensionsPerMilestone,
  );
  if (!extended) return null;
  await recordEvent(tx, SYSTEM_ACTOR, {
    applicationId: allotment.applicationId,
    code: 'milestone_extended',
    params: { milestone: kind, due_on: extended.dueOn, extensions: extended.extensions },
    entityType: 'allotment',
    entityId: allotment.id,
  });
  return { milestone: kind, previous_due_on: milestone.dueOn, due_on: extended.dueOn, extensions: extended.extensions };
}

/** The organisation name printed for a user: their applicant profile's, else their own name. */
export async function organisationOf(tx: Database, userId: string): Promise<string> {
  const applicant = await findApplicantByUserId(tx, userId);
  if (applicant) return applicant.organizationName;
  return (await findUserById(tx, userId))?.fullName ?? '';
}

/** A transfer hands the allotment to the transferee who accepted it, if the one who asked still holds it; the
 * previous holding is kept (allotment_holders) so the previous holder reads the history up to now. */
async function transfer(tx: Database, actor: Actor, request: ServiceRequestRow): Promise<Outcome | null> {
  if (!request.allotmentId || !request.transfereeUserId) return null;
  const allotment = await lockAllotment(tx, request.allotmentId);
  if (!allotment || allotment.status !== 'active' || allotment.holderUserId !== request.userId) return null;
  const moved = await transferAllotmentIf(tx, allotment, request.transfereeUserId);
  if (!moved) return null;
  const transferor = await organisationOf(tx, request.userId);
  const transferee = await organisationOf(tx, request.transfereeUserId);
  await recordEvent(tx, actor, {
    applicationId: allotment.applicationId,
    code: 'allotment_transferred',
    params: {
      request_number: request.requestNumber,
      allotment_number: allotment.allotmentNumber,
      transferor,
      transferee,
    },
    entityType: 'service_request',
    entityId: request.id,
  });
  // After the entry: the previous holder's history ends with their transfer.
  await recordEndedHolding(tx, allotment, request.id);
  return {
    transferor,
    transferee,
    transferor_user_id: request.userId,
    transferee_user_id: request.transfereeUserId,
    legal_heir: request.particulars.legal_heir === true,
  };
}

/** A change of name or constitution changes the holder's profile; a change of activity the allotment's. The
 * previous value is kept in the outcome and the timeline. */
async function changeHolderDetails(
  tx: Database,
  actor: Actor,
  request: ServiceRequestRow,
  changed: 'name' | 'constitution' | 'activity',
): Promise<Outcome | null> {
  const { particulars } = request;
  let previous: string | null;
  let value: string;
  if (changed === 'activity') {
    if (!request.allotmentId || !particulars.new_activity) return null;
    const allotment = await lockAllotment(tx, request.allotmentId);
    if (!allotment || allotment.status !== 'active' || allotment.holderUserId !== request.userId) return null;
    previous = allotment.activity;
    value = particulars.new_activity;
    await setAllotmentActivity(tx, allotment.id, value);
  } else {
    const applicant = await findApplicantByUserId(tx, request.userId);
    if (!applicant) return null;
    if (changed === 'name') {
      if (!particulars.new_name) return null;
      previous = applicant.organizationName;
      value = particulars.new_name;
      await updateApplicant(tx, request.userId, { organizationName: value });
    } else {
      if (!particulars.new_constitution) return null;
      previous = applicant.constitution;
      value = particulars.new_constitution;
      await updateApplicant(tx, request.userId, { constitution: particulars.new_constitution });
    }
  }
  await recordEvent(tx, actor, {
    applicationId: request.applicationId,
    code: 'holder_details_changed',
    params: { request_number: request.requestNumber, request_type: request.requestType, changed, previous, value },
    entityType: 'service_request',
    entityId: request.id,
  });
  return { changed, previous, value };
}

/** A mortgage NOC or a subletting permission changes nothing on the allotment: the order is the permission. */
async function permission(
  tx: Database,
  actor: Actor,
  request: ServiceRequestRow,
  code: 'mortgage_noc_issued' | 'subletting_permitted',
  facts: Outcome,
): Promise<Outcome | null> {
  if (!request.allotmentId) return null;
  const allotment = await lockAllotment(tx, request.allotmentId);
  if (!allotment || allotment.status !== 'active' || allotment.holderUserId !== request.userId) return null;
  // The area sublet is in the plot's own unit, which the history names.
  const unit = code === 'subletting_permitted' ? (await findAssetById(tx, allotment.assetId))?.unit : undefined;
  await recordEvent(tx, actor, {
    applicationId: request.applicationId,
    code,
    params: {
      request_number: request.requestNumber,
      request_type: request.requestType,
      ...facts,
      ...(unit ? { unit } : {}),
    },
    entityType: 'service_request',
    entityId: request.id,
  });
  return facts;
}

/** Surrender (section 9): the allotment ends today, the plot returns to the inventory with its full area, and the
 * refund is the premium paid less the 10% forfeited (the EMD is forfeited), less any unpaid dues. Only the racing approval that finds the
 * allotment still active frees the asset. */
async function surrender(tx: Database, actor: Actor, allotmentId: string, requesterId: string): Promise<Outcome> {
  const current = await lockAllotment(tx, allotmentId);
  // Only its holder surrenders it: not one who has transferred it since asking.
  if (!current || current.status !== 'active' || current.holderUserId !== requesterId) {
    throw serviceRefused('service_not_allowed');
  }
  const today = businessTodayIso();
  const premiumPaid = await sumPaidInvoices(tx, current.applicationId, 'premium_instalment');
  // Unpaid dues are set off against the refund (section 9).
  const refund = surrenderRefund(premiumPaid, await sumUnpaidInvoices(tx, current.applicationId));
  const ended = await surrenderAllotmentIfActive(tx, current.id, today, refund);
  if (!ended) throw serviceRefused('service_not_allowed');
  await releaseAssetIf(tx, ended.assetId, ['allotted', 'reserved']);
  const asset = await findAssetById(tx, ended.assetId);
  await recordEvent(tx, actor, {
    applicationId: ended.applicationId,
    code: 'allotment_surrendered',
    params: {
      allotment_number: ended.allotmentNumber,
      asset_code: asset?.assetCode ?? null,
      ended_on: today,
      refund_due: refund,
    },
    entityType: 'allotment',
    entityId: ended.id,
  });
  return { ended_on: today, refund_due: refund };
}

/** Days a transfer waits for its transferee to accept before it lapses (its service clock, read as calendar days). */
export const TRANSFER_ACCEPTANCE_DAYS = ALLOTTEE_SERVICES.transfer.clockDays;
export const TRANSFER_LAPSED_REMARKS = `The transferee did not accept the transfer within ${TRANSFER_ACCEPTANCE_DAYS} days`;

/** Transfers whose transferee has not accepted within TRANSFER_ACCEPTANCE_DAYS (an email that never registered, or
 * an offer left unanswered) lapse: rejected by the portal with the reason, which tells the holder. Each in its own
 * transaction, written only if the request is still where it was read. Answers how many lapsed. */
export async function lapseTransferOffers(db: Database, now = clock.now()): Promise<number> {
  const before = new Date(now.getTime() - TRANSFER_ACCEPTANCE_DAYS * 24 * 60 * 60 * 1000);
  let lapsed = 0;
  for (const offer of await findLapsedTransferOffers(db, before)) {
    lapsed += await db.transaction(async (tx) => {
      // A request decided, moved or accepted meanwhile is left as it is.
      const row = await moveCaseIfStill({
        table: SERVICE_REQUEST_EVENTS,
        event: 'lapse_transfer',
        from: offer.status,
        guard: () => {},
        write: (from, to) =>
          writeServiceRequestMove(
            tx,
            offer.id,
            from,
            to,
            { remarks: TRANSFER_LAPSED_REMARKS, decidedBy: null },
            // A transfer its transferee accepted meanwhile is not lapsed.
            { unacceptedOnly: true },
          ),
        record: {
          tx,
          actor: SYSTEM_ACTOR,
          entry: (moved) => ({
            applicationId: moved.applicationId,
            // The reason as a code too, so the timeline says it in the reader's language rather than these English
            // remarks.
            params: {
              request_number: moved.requestNumber,
              status: moved.status,
              remarks: TRANSFER_LAPSED_REMARKS,
              reason: 'transfer_lapsed',
              days: TRANSFER_ACCEPTANCE_DAYS,
            },
            entityType: 'service_request',
            entityId: moved.id,
          }),
        },
      });
      return row ? 1 : 0;
    });
  }
  return lapsed;
}
