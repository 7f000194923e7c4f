/** Allotments, lease deeds and possession: the steps after a committee approves. Each step checks the
 * application's, the deed's and the asset's state in the same transaction that writes the next one. */
import {
  isApplicant,
  ALLOTMENT_STATUSES,
  can,
  possessionCertificateNumber,
  type AllotmentSummary,
  type AllotmentSummaryQuery,
  STAGE_NOTE_MAX,
  type Allotment,
  type CreateAllotmentRequest,
  type AllotmentListQuery,
  type LeaseDeed,
  type MilestoneKind,
  type TimelineEvent,
  type Possession,
  type RecordPossessionRequest,
  type VerifyLeaseDeedRequest,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { APPLICATION_NOT_FOUND, loadVisibleAllotment, loadVisibleApplication } from '../../../case/access';
import { badRequest, conflict, forbidden, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import type { ReceivedFile } from '../../../lib/uploads';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import { zoneOfList } from '../../../case/actor';
import type { FileStorage } from '../../../plugins/storage';
import {
  allotmentExportPage,
  countAllotmentsByStatus,
  countMatchingAllotments,
  findAllotmentLabels,
  findAllotmentWithOwner,
  findPastHolding,
  makeAllotmentFinal,
  searchAllotments,
  type AllotmentFilters,
  type AllotmentKeyset,
  type AllotmentRow,
} from '../../../repositories/allotments';
import { countLateMilestones, findMilestones } from '../../../repositories/allotment-milestones';
import { csvLine } from '../../../lib/csv';
import { countShowCausesAwaitingReply } from '../../../repositories/show-causes';
import { describeAllotments, startAllotmentLife } from '../rules/estate';
import { businessTodayIso } from '../../../core/dates';
import { findApplicationsByIds, lockApplication } from '../../../repositories/applications';
import { findAssetById, setAssetStatusIf } from '../../../repositories/assets';
import { findAssetsInUndecidedSchemes } from '../../schemes/repositories/schemes';
import {
  findLatestLeaseDeed,
  setLeaseDeedVerdictIfPending,
  toLeaseDeed,
  type LeaseDeedRow,
} from '../../../repositories/lease-deeds';
import { findEsignOfLeaseDeed } from '../repositories/esign-transactions';
import { submitLeaseDeed } from '../rules/lease-deed';
import { findPossessionByAllotment, insertPossessionIfNone, toPossession } from '../repositories/possessions';
import { transition } from '../../applications/rules/transition';
import { searchTimeline, type TimelineListQuery } from '../../../repositories/timeline';
import { ASSET_TAKEN, recordAllotment } from '../rules/allot';
import { recordEvent } from '../../../case/events';
import { clock } from '../../../core/clock';

export { ALLOTMENT_NOT_FOUND } from '../../../case/access';
export { ASSET_TAKEN } from '../rules/allot';
export const LEASE_DEED_NOT_FOUND = 'No lease deed has been uploaded for this allotment';
export const POSSESSION_NOT_FOUND = 'No possession has been recorded for this allotment';

/** As loadVisibleAllotment, and an entrepreneur who held it before a transfer too, with the moment their holding
 * ended: they read it and its history up to then, and act on nothing. */
async function loadReadableAllotment(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<{ allotment: AllotmentRow; heldUntil?: Date }> {
  if (isApplicant(user)) {
    const found = await findAllotmentWithOwner(db, id);
    if (found && found.ownerUserId !== user.id) {
      const heldUntil = await findPastHolding(db, id, user.id);
      if (heldUntil) return { allotment: found.allotment, heldUntil };
    }
  }
  return { allotment: await loadVisibleAllotment(db, user, id) };
}

/** The allotment's history: its application's timeline from the day it was made (a previous holder's up to the
 * transfer). */
export async function getAllotmentHistory(
  db: Database,
  user: CurrentUser,
  id: string,
  query: TimelineListQuery,
): Promise<Page<TimelineEvent>> {
  const { allotment, heldUntil } = await loadReadableAllotment(db, user, id);
  return searchTimeline(db, allotment.applicationId, query, !isApplicant(user), {
    from: allotment.createdAt,
    until: heldUntil,
  });
}

export async function listVisibleAllotments(
  db: Database,
  user: CurrentUser,
  query: AllotmentListQuery,
): Promise<Page<Allotment>> {
  const own = isApplicant(user);
  if (!own && !can(user.role, 'read:allotments:any')) throw forbidden();
  // A named application must be visible to the caller: another entrepreneur's answers 404.
  if (query.application_id) await loadVisibleApplication(db, user, query.application_id);
  const page = await searchAllotments(db, {
    ownerUserId: own ? user.id : undefined,
    query: own ? query : { ...query, zone: zoneOfList(user, query.zone) },
    today: businessTodayIso(),
  });
  return { ...page, items: await withLabels(db, user, page.items) };
}

/** The page's allotments with their application numbers, holders, assets and milestones: one lookup each for the
 * page rather than one request per row from the screen. */
async function withLabels(db: Database, user: CurrentUser, rows: AllotmentRow[]): Promise<Allotment[]> {
  const numbers = new Map(
    (await findApplicationsByIds(db, [...new Set(rows.map((row) => row.applicationId))])).map((row) => [
      row.id,
      row.applicationNumber,
    ]),
  );
  const labels = await findAllotmentLabels(db, rows);
  const described = await describeAllotments(db, rows, user);
  return described.map((allotment) => {
    const asset = labels.assets.get(allotment.asset_id);
    return {
      ...allotment,
      application_number: numbers.get(allotment.application_id),
      holder_name: labels.holders.get(allotment.holder_user_id),
      asset_code: asset?.code,
      zone: asset?.zone,
    };
  });
}

/** Rows read per query while exporting the register: memory stays at one page whatever its size. */
export const REGISTER_EXPORT_PAGE_SIZE = 1000;

/** The register export's columns, in order. */
export const REGISTER_EXPORT_COLUMNS = [
  'allotment_number',
  'application_number',
  'holder',
  'asset_code',
  'zone',
  'location',
  'status',
  'allotment_type',
  'allotment_date',
  'possession_date',
  'lease_ends_on',
  'commence_construction_due',
  'commence_construction_met',
  'start_production_due',
  'start_production_met',
  'ended_on',
  'refund_due',
  'activity',
] as const;

/** estate-register-2026-11-22.csv, dated as the corporation's calendar reads today. */
export function registerExportFileName(now: Date = clock.now()): string {
  return `estate-register-${businessTodayIso(now)}.csv`;
}

/** How many rows the register export of these filters holds (staff who read every allotment). */
export async function countRegisterExport(db: Database, user: CurrentUser, filters: AllotmentFilters): Promise<number> {
  if (!can(user.role, 'read:allotments:any')) throw forbidden();
  return countMatchingAllotments(db, {
    query: { ...filters, zone: zoneOfList(user, filters.zone) },
    today: businessTodayIso(),
  });
}

/** The register as CSV with the list's filters and `q`: a header, then every matching allotment newest first, read
 * a page at a time by keyset on (created_at, id), one page of text at a time. */
export async function* exportRegisterCsv(
  db: Database,
  user: CurrentUser,
  filters: AllotmentFilters,
  pageSize = REGISTER_EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  // One business day for the whole file, so that `late` picks the same rows on every page.
  const search = { query: { ...filters, zone: zoneOfList(user, filters.zone) }, today: businessTodayIso() };
  yield REGISTER_EXPORT_COLUMNS.join(',') + '\r\n';
  let after: AllotmentKeyset | undefined;
  do {
    const page = await allotmentExportPage(db, search, pageSize, after);
    if (page.rows.length > 0) yield await registerLines(db, page.rows);
    after = page.next;
  } while (after);
}

/** A page of the register as CSV lines: one lookup each for its applications, holders, assets and milestones. */
async function registerLines(db: Database, rows: AllotmentRow[]): Promise<string> {
  const numbers = new Map(
    (await findApplicationsByIds(db, [...new Set(rows.map((row) => row.applicationId))])).map((row) => [
      row.id,
      row.applicationNumber,
    ]),
  );
  const labels = await findAllotmentLabels(db, rows);
  const milestones = new Map(
    (
      await findMilestones(
        db,
        rows.map((row) => row.id),
      )
    ).map((milestone) => [`${milestone.allotmentId} ${milestone.kind}`, milestone]),
  );
  const milestoneOf = (allotmentId: string, kind: MilestoneKind) => milestones.get(`${allotmentId} ${kind}`);
  return rows
    .map((row) => {
      const asset = labels.assets.get(row.assetId);
      const construction = milestoneOf(row.id, 'commence_construction');
      const production = milestoneOf(row.id, 'start_production');
      return csvLine([
        row.allotmentNumber,
        numbers.get(row.applicationId),
        labels.holders.get(row.holderUserId),
        asset?.code,
        asset?.zone,
        asset?.location,
        row.status,
        row.allotmentType,
        row.allotmentDate,
        row.possessionDate,
        row.leaseEndsOn,
        construction?.dueOn,
        construction?.metOn,
        production?.dueOn,
        production?.metOn,
        row.endedOn,
        row.refundDue,
        row.activity,
      ]);
    })
    .join('');
}

export async function getAllotment(db: Database, user: CurrentUser, id: string): Promise<Allotment> {
  const { allotment } = await loadReadableAllotment(db, user, id);
  const [described] = await withLabels(db, user, [allotment]);
  return described!;
}

/** The register's counts: allotments by status and the milestones late, within a zone if given (staff). */
export async function summariseAllotments(
  db: Database,
  user: CurrentUser,
  query: AllotmentSummaryQuery,
): Promise<AllotmentSummary> {
  if (!can(user.role, 'read:allotments:any')) throw forbidden();
  const zone = zoneOfList(user, query.zone);
  const counts = await countAllotmentsByStatus(db, zone);
  const today = businessTodayIso();
  return {
    by_status: Object.fromEntries(ALLOTMENT_STATUSES.map((status) => [status, counts[status] ?? 0])) as Record<
      (typeof ALLOTMENT_STATUSES)[number],
      number
    >,
    late: {
      commence_construction: await countLateMilestones(db, 'commence_construction', today, zone),
      start_production: await countLateMilestones(db, 'start_production', today, zone),
    },
    show_cause_awaiting: await countShowCausesAwaitingReply(db, zone),
  };
}

export async function createAllotment(
  db: Database,
  user: CurrentUser,
  request: CreateAllotmentRequest,
): Promise<Allotment> {
  const type = request.allotment_type ?? 'provisional';
  return db.transaction(async (tx) => {
    // Lock order everywhere: the application, then its asset.
    const application = await lockApplication(tx, request.application_id);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    if (application.assetId !== request.asset_id) throw badRequest('The asset is not the one this application is for');
    const asset = await findAssetById(tx, request.asset_id);
    if (!asset) throw notFound('Asset not found');
    // A plot offered in a scheme not yet decided goes by the scheme's result (decision 018), not an officer's allot.
    const [offered] = await findAssetsInUndecidedSchemes(tx, [asset.id]);
    if (offered) {
      throw conflict(
        `This plot is offered in scheme ${offered.schemeNumber}: its result decides the plot`,
        'scheme_state',
      );
    }

    // The asset row is the lock two racing allotments of one asset queue on: only one finds it still available.
    const held = await setAssetStatusIf(tx, asset.id, ['available'], type === 'final' ? 'allotted' : 'reserved');
    if (!held) throw conflict(ASSET_TAKEN);
    await transition(tx, application, {
      event: 'allot',
      to: type === 'final' ? 'final_allotment' : 'provisional_allotment',
      by: { user, isOwner: false },
    });
    const allotment = await recordAllotment(tx, actorOf(user), {
      applicationId: application.id,
      asset,
      type,
      allotmentDate: request.allotment_date,
      expiryDate: request.expiry_date ?? null,
      createdBy: user.id,
    });
    return (await withLabels(tx, user, [allotment]))[0]!;
  });
}

/** The deed as the API answers it: an eSigned deed names its signer, as its certificate did when it was signed. */
async function describeLeaseDeed(db: Database, deed: LeaseDeedRow): Promise<LeaseDeed> {
  return toLeaseDeed(deed, (await findEsignOfLeaseDeed(db, deed.allotmentId, deed.id))?.signerName ?? null);
}

export async function getLatestLeaseDeed(db: Database, user: CurrentUser, allotmentId: string): Promise<LeaseDeed> {
  const allotment = await loadVisibleAllotment(db, user, allotmentId);
  const deed = await findLatestLeaseDeed(db, allotment.id);
  if (!deed) throw notFound(LEASE_DEED_NOT_FOUND);
  return describeLeaseDeed(db, deed);
}

/** The latest deed's stored file, for the owner and staff. */
export async function openLeaseDeedFile(db: Database, user: CurrentUser, allotmentId: string): Promise<LeaseDeedRow> {
  const allotment = await loadVisibleAllotment(db, user, allotmentId);
  const deed = await findLatestLeaseDeed(db, allotment.id);
  if (!deed) throw notFound(LEASE_DEED_NOT_FOUND);
  return deed;
}

export async function uploadLeaseDeed(
  db: Database,
  storage: FileStorage,
  user: CurrentUser,
  allotmentId: string,
  file: ReceivedFile,
): Promise<LeaseDeed> {
  if (!isApplicant(user)) throw forbidden('Only the applicant can upload the lease deed');
  const allotment = await loadVisibleAllotment(db, user, allotmentId);
  const storageKey = await storage.save(file.bytes);
  try {
    const deed = await db.transaction((tx) =>
      submitLeaseDeed(tx, user, allotment, { fileName: file.fileName, storageKey, fileSize: file.bytes.length }),
    );
    return toLeaseDeed(deed, null);
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
}

export async function verifyLeaseDeed(
  db: Database,
  user: CurrentUser,
  allotmentId: string,
  request: VerifyLeaseDeedRequest,
): Promise<LeaseDeed> {
  const remarks = request.remarks?.trim() || null;
  const verified = await db.transaction(async (tx) => {
    const allotment = await loadVisibleAllotment(tx, user, allotmentId);
    const application = await lockApplication(tx, allotment.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    const latest = await findLatestLeaseDeed(tx, allotment.id);
    if (!latest) throw notFound(LEASE_DEED_NOT_FOUND);
    if (latest.verificationStatus !== 'pending')
      throw conflict(`This lease deed has already been ${latest.verificationStatus.replace('_', ' ')}`);
    const deed = await setLeaseDeedVerdictIfPending(tx, latest.id, request.verification_status, remarks, user.id);
    if (!deed) throw conflict('This lease deed was verified by someone else at the same time');

    const by = { user, isOwner: false };
    if (request.verification_status === 'approved') {
      await makeAllotmentFinal(tx, allotment.id);
      await setAssetStatusIf(tx, allotment.assetId, ['reserved'], 'allotted');
      await transition(tx, application, { event: 'approve_lease_deed', by, facts: { leaseDeedApproved: true } });
    } else {
      // The owner uploads again from the allotment status the deed was submitted under.
      const back = allotment.allotmentType === 'final' ? 'final_allotment' : 'provisional_allotment';
      const code = request.verification_status === 'rejected' ? 'lease_deed_rejected' : 'lease_deed_needs_revision';
      const note = remarks?.trim().slice(0, STAGE_NOTE_MAX);
      await transition(tx, application, {
        event: 'return_lease_deed',
        to: back,
        stage: { code, params: note ? { note } : {} },
        by,
      });
    }
    await recordEvent(tx, actorOf(user), {
      applicationId: allotment.applicationId,
      ...(request.verification_status === 'approved'
        ? { code: 'lease_deed_approved' as const, params: { remarks } }
        : { code: 'lease_deed_returned' as const, params: { verdict: request.verification_status, remarks } }),
      entityType: 'lease_deed',
      entityId: deed.id,
    });
    return deed;
  });
  return describeLeaseDeed(db, verified);
}

export async function getPossession(db: Database, user: CurrentUser, allotmentId: string): Promise<Possession> {
  const allotment = await loadVisibleAllotment(db, user, allotmentId);
  const possession = await findPossessionByAllotment(db, allotment.id);
  if (!possession) throw notFound(POSSESSION_NOT_FOUND);
  return toPossession(possession);
}

export async function recordPossession(
  db: Database,
  user: CurrentUser,
  allotmentId: string,
  request: RecordPossessionRequest,
): Promise<Possession> {
  return db.transaction(async (tx) => {
    const allotment = await loadVisibleAllotment(tx, user, allotmentId);
    const application = await lockApplication(tx, allotment.applicationId);
    if (!application) throw notFound(APPLICATION_NOT_FOUND);
    if (allotment.status !== 'active') throw conflict('This allotment is no longer active');
    const deed = await findLatestLeaseDeed(tx, allotment.id);
    if (!deed || deed.verificationStatus !== 'approved') {
      throw conflict('Possession can be recorded only after the lease deed is approved');
    }
    const asset = await findAssetById(tx, allotment.assetId);
    if (asset && request.area_verified > asset.totalArea) {
      throw badRequest(`Area verified cannot exceed the asset's total area (${asset.totalArea} ${asset.unit})`);
    }
    const possession = await insertPossessionIfNone(tx, {
      allotmentId: allotment.id,
      possessionDate: request.possession_date,
      areaVerified: request.area_verified,
      boundaryMarked: request.boundary_marked ?? true,
      remarks: request.remarks?.trim() || null,
      recordedBy: user.id,
    });
    if (!possession) throw conflict('Possession has already been recorded for this allotment');
    await transition(tx, application, { event: 'record_possession', by: { user, isOwner: false } });
    await setAssetStatusIf(tx, allotment.assetId, ['available', 'reserved'], 'allotted');
    // The lease and the implementation milestones run from possession (decision 014).
    await startAllotmentLife(tx, allotment, request.possession_date);
    await recordEvent(tx, actorOf(user), {
      applicationId: allotment.applicationId,
      code: 'possession_recorded',
      params: {
        possession_date: request.possession_date,
        certificate_number: possessionCertificateNumber(possession.id),
      },
      entityType: 'possession',
      entityId: possession.id,
    });
    return toPossession(possession);
  });
}
