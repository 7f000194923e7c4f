/** Test setup for the allottee services: particulars that satisfy each request type, and a plot in possession (an
 * application with its allotment, lease and milestones) put straight into the tables. */
import type { ServiceRequestType } from '@portal/contract';
import { startAllotmentLife } from '../modules/estate/rules/estate';
import { allotments } from '../db/schema';
import { findAssetById } from '../repositories/assets';
import { nextNumber } from '../repositories/counters';
import type { TestContext } from './harness';
import { insertTestApplication } from './workflow-fixtures';

/** Particulars each request type accepts (SERVICE_PARTICULARS); a transfer names nobody registered. */
export const TEST_PARTICULARS: Record<ServiceRequestType, Record<string, unknown>> = {
  change_name: { new_name: 'Renamed Industries Pvt Ltd' },
  change_constitution: { new_constitution: 'llp' },
  transfer: { transferee_email: 'nobody-registered@example.com' },
  mortgage_noc: { lender: 'State Bank of India', loan_amount: 5_000_000 },
  subletting: { sub_lessee: 'Sub Lessee Works', sublet_area: 100, months: 12 },
  withdrawal: {},
  activity_change: { new_activity: 'Food processing' },
  eot: {},
};

/** A request body of `type` with valid particulars (and the milestone an extension of time needs). */
export function serviceRequestBody(
  type: ServiceRequestType,
  extra: Record<string, unknown> = {},
  particulars: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    request_type: type,
    description: `Test ${type}`,
    ...(type === 'eot' ? { milestone: 'commence_construction' } : {}),
    particulars: { ...TEST_PARTICULARS[type], ...particulars },
    ...extra,
  };
}

export interface TestPlot {
  applicationId: string;
  allotmentId: string;
  assetId: string;
  valuation: number;
}

/** An approved application of the demo entrepreneur (or `ownerEmail`) on a fresh plot, with an active allotment in
 * possession since `possessionDate` (null: not yet in possession). */
export async function insertTestPlot(
  ctx: TestContext,
  options: { ownerEmail?: string; possessionDate?: string | null } = {},
): Promise<TestPlot> {
  const application = await insertTestApplication(ctx, 'approved', { ownerEmail: options.ownerEmail });
  const [row] = await ctx.db
    .insert(allotments)
    .values({
      allotmentNumber: await nextNumber(ctx.db, 'allotment'),
      applicationId: application.id,
      assetId: application.assetId,
      allotmentType: 'provisional',
      allotmentDate: '2026-01-15',
    })
    .returning();
  const possessionDate = options.possessionDate === undefined ? '2026-01-20' : options.possessionDate;
  if (possessionDate) await startAllotmentLife(ctx.db, row!, possessionDate);
  const asset = await findAssetById(ctx.db, application.assetId);
  return {
    applicationId: application.id,
    allotmentId: row!.id,
    assetId: application.assetId,
    valuation: asset!.valuation,
  };
}

/** Every service an allottee may ask for, written out (not read from the contract), sorted: what a holder in
 * possession, with no dues, no notice and no open request, is offered. */
export const EVERY_ALLOTTEE_SERVICE = [
  'activity_change',
  'change_constitution',
  'change_name',
  'eot',
  'mortgage_noc',
  'subletting',
  'transfer',
  'withdrawal',
];
