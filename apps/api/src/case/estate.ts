/** The allotment's life after possession (decision 014), in the caller's transaction: the lease and milestones
 * started when possession is recorded, milestones met when the application's implementation moves, and the effects
 * of the allottee services: an extension of time when its fee is paid, a surrender when it is approved. */
import {
  ALLOTTEE_SERVICES,
  describeMilestone,
  ESTATE_TERMS,
  extendedDueOn,
  leaseEndsOn,
  MILESTONE_KINDS,
  milestoneDueOn,
  serviceRefusal,
  servicesAllowed,
  surrenderRefund,
  type Allotment,
  type ApplicationEventName,
  type Milestone,
  type MilestoneKind,
  type ServiceRefusal,
  type ServiceRequestType,
} from '@portal/contract';
import type { Database } from '../db/client';
import { businessTodayIso } from '../core/dates';
import { conflict } from '../core/http-error';
import {
  findActiveAllotmentOfApplication,
  lockAllotment,
  setAllotmentPossession,
  surrenderAllotmentIfActive,
  toAllotment,
  type AllotmentRow,
} from '../repositories/allotments';
import {
  extendMilestoneIf,
  findMilestones,
  insertMilestones,
  markMilestonesMet,
  type MilestoneRow,
} from '../repositories/allotment-milestones';
import { findAssetById, releaseAssetIf } from '../repositories/assets';
import { sumPaidInvoices, sumUnpaidInvoices, type InvoiceRow } from '../repositories/invoices';
import {
  countPendingExtensions,
  findServiceRequestOfInvoice,
  type ServiceRequestRow,
} from '../repositories/service-requests';
import { SYSTEM_ACTOR, type Actor } from '../repositories/timeline';
import { recordEvent } from './events';

const REFUSAL_WORDS: Record<ServiceRefusal, string> = {
  service_not_allowed: 'This service cannot be asked for on this allotment now: it must be active and in possession',
  milestone_met: 'This milestone is already met, so it needs no extension of time',
  extension_limit: `This milestone has had its ${ESTATE_TERMS.maxExtensionsPerMilestone} extensions of time (or they are already asked for)`,
  show_cause_pending:
    'A show-cause notice is open on this allotment: reply to it, or surrender the plot, until an order decides it',
};

/** The 409 for a service the allotment does not allow now, with its code. */
export function serviceRefused(refusal: ServiceRefusal) {
  return conflict(REFUSAL_WORDS[refusal], refusal);
}

/** An allotment's milestone rows as the API answers them, in the order of MILESTONE_KINDS, read on `today`. */
function describeMilestoneRows(rows: readonly MilestoneRow[], today: string): Milestone[] {
  return [...rows]
    .sort((a, b) => MILESTONE_KINDS.indexOf(a.kind) - MILESTONE_KINDS.indexOf(b.kind))
    .map((m) => describeMilestone({ kind: m.kind, due_on: m.dueOn, met_on: m.metOn, extensions: m.extensions }, today));
}

/** Allotments as the API answers them, with their milestones read on today and, for their holder, the services
 * they may ask for now. */
export async function describeAllotments(
  db: Database,
  rows: readonly AllotmentRow[],
  viewer: { id: string; role: string },
): Promise<Allotment[]> {
  const today = businessTodayIso();
  const milestones = await findMilestones(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = describeMilestoneRows(
      milestones.filter((m) => m.allotmentId === row.id),
      today,
    );
    const base = toAllotment(row);
    const holder = viewer.role === 'entrepreneur' && row.holderUserId === viewer.id;
    return {
      ...base,
      milestones: own,
      services_allowed: holder ? servicesAllowed({ ...base, milestones: own }) : [],
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
 * may be asked for (or approved) on it now. `exceptRequestId` leaves the request itself out of the pending
 * extensions. */
export async function checkServiceAllowed(
  tx: Database,
  allotmentId: string,
  type: ServiceRequestType,
  milestone: MilestoneKind | null | undefined,
  exceptRequestId?: string,
): Promise<{ allotment: AllotmentRow; milestones: MilestoneRow[] }> {
  const allotment = await lockAllotment(tx, allotmentId);
  if (!allotment) throw conflict('The allotment no longer exists');
  // Counted under the allotment's lock, so two racing requests cannot both see room for one more extension.
  const pendingExtensions = milestone ? await countPendingExtensions(tx, allotment.id, milestone, exceptRequestId) : 0;
  const milestones = await findMilestones(tx, [allotment.id]);
  const today = businessTodayIso();
  const refusal = serviceRefusal(
    type,
    {
      status: allotment.status,
      possession_date: allotment.possessionDate,
      milestones: describeMilestoneRows(milestones, today),
    },
    milestone ?? undefined,
    pendingExtensions,
  );
  if (refusal) throw serviceRefused(refusal);
  return { allotment, milestones };
}

/** A free service takes effect when approved: a surrender ends the allotment. */
export async function applyServiceOnApproval(tx: Database, actor: Actor, request: ServiceRequestRow): Promise<void> {
  if (!request.allotmentId) return;
  if (ALLOTTEE_SERVICES[request.requestType].effect === 'surrender') {
    await surrender(tx, actor, request.allotmentId);
  }
}

/** A paid service fee invoice puts its service into effect: an extension moves the milestone's due date on. */
export async function applyServiceFeePaid(tx: Database, invoice: InvoiceRow): Promise<void> {
  if (invoice.invoiceType !== 'service_fee' || !invoice.serviceRequestId) return;
  const request = await findServiceRequestOfInvoice(tx, invoice.id);
  if (!request || !request.allotmentId || request.status !== 'approved') return;
  if (ALLOTTEE_SERVICES[request.requestType].effect !== 'extend_milestone' || !request.milestone) return;
  const kind = request.milestone;
  const allotment = await lockAllotment(tx, request.allotmentId);
  if (!allotment || allotment.status !== 'active') return;
  const [milestone] = (await findMilestones(tx, [allotment.id])).filter((m) => m.kind === kind);
  // Met or at its limit meanwhile: the fee stays paid and the officer refunds it by hand.
  if (!milestone || milestone.metOn !== null) return;
  const extended = await extendMilestoneIf(
    tx,
    milestone,
    extendedDueOn(milestone.dueOn),
    ESTATE_TERMS.maxExtensionsPerMilestone,
  );
  if (!extended) return;
  await recordEvent(tx, SYSTEM_ACTOR, {
    applicationId: allotment.applicationId,
    code: 'milestone_extended',
    params: { milestone: kind, due_on: extended.dueOn, extensions: extended.extensions },
    entityType: 'allotment',
    entityId: allotment.id,
  });
}

/** Surrender (section 9): the allotment ends today, the plot returns to the inventory with its full area, and the
 * refund is the premium paid less the 10% forfeited (the EMD is forfeited), less any unpaid dues. Only the racing approval that finds the
 * allotment still active frees the asset. */
async function surrender(tx: Database, actor: Actor, allotmentId: string): Promise<void> {
  const current = await lockAllotment(tx, allotmentId);
  if (!current || current.status !== 'active') throw serviceRefused('service_not_allowed');
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
}
