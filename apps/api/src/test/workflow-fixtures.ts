/** Test setup for the officers' workflow: applications and assets put straight into a state through the
 * repositories, so each test starts where it needs to be without walking the whole journey. */
import crypto from 'node:crypto';
import {
  isApplicant,
  DEFAULT_STAGE,
  REQUIRED_DOCUMENT_TYPES,
  startStageClock,
  type ApplicationStatus,
} from '@portal/contract';
import { documents } from '../db/schema';
import { DEMO_USERS } from '../demo/seed';
import { findApplicantByUserId } from '../modules/applications/repositories/applicants';
import { forceApplicationStatus, insertApplication, type ApplicationRow } from '../repositories/applications';
import { insertAssets, type AssetRow } from '../repositories/assets';
import { nextNumber } from '../repositories/counters';
import { findUserByEmail } from '../repositories/users';
import type { TestContext } from './harness';

export async function insertTestAsset(
  ctx: TestContext,
  overrides: Partial<Pick<AssetRow, 'valuation' | 'totalArea' | 'status'>> = {},
): Promise<AssetRow> {
  const [asset] = await insertAssets(ctx.db, [
    {
      assetCode: `TST-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
      categoryId: 'industrial',
      type: 'plot',
      zone: 'Test Zone',
      location: 'Test Industrial Park',
      surveyNumber: '42/1',
      plotNumber: 'P-42',
      totalArea: overrides.totalArea ?? 1000,
      availableArea: overrides.totalArea ?? 1000,
      unit: 'sqm',
      valuation: overrides.valuation ?? 2_000_000,
      status: overrides.status ?? 'available',
    },
  ]);
  return asset!;
}

/** An application of the demo entrepreneur (or of `ownerEmail`) in `status`, on `assetId` or a fresh asset. */
export async function insertTestApplication(
  ctx: TestContext,
  status: ApplicationStatus,
  options: { assetId?: string; ownerEmail?: string; documents?: 'none' | 'pending' | 'verified' } = {},
): Promise<ApplicationRow> {
  const email = options.ownerEmail ?? DEMO_USERS.find(isApplicant)!.email;
  const user = await findUserByEmail(ctx.db, email);
  const applicant = user && (await findApplicantByUserId(ctx.db, user.id));
  if (!applicant) throw new Error(`${email} has no applicant profile`);
  const assetId = options.assetId ?? (await insertTestAsset(ctx)).id;
  const application = await insertApplication(ctx.db, {
    applicationNumber: await nextNumber(ctx.db, 'application'),
    applicantId: applicant.id,
    assetId,
    applicationType: 'new',
    status,
    currentStage: DEFAULT_STAGE[status],
    estimatedInvestment: 10_000_000,
    employmentGeneration: 20,
    projectDescription: 'Test project',
    submittedAt: status === 'draft' ? null : new Date(),
    ...startStageClock(status, new Date()),
  });
  // A submitted application normally has its required documents; past scrutiny they are verified.
  const documentState = options.documents ?? (status === 'draft' ? 'none' : 'verified');
  if (documentState !== 'none') await insertRequiredDocuments(ctx, application.id, documentState);
  return application;
}

/** One document of each required type (DPR, PAN card, bank proof) in `state`, without a stored file. */
export async function insertRequiredDocuments(
  ctx: TestContext,
  applicationId: string,
  state: 'pending' | 'verified',
): Promise<void> {
  for (const type of REQUIRED_DOCUMENT_TYPES) {
    await ctx.db.insert(documents).values({
      applicationId,
      documentType: type,
      fileName: `${type}.pdf`,
      storageKey: `fixture-${crypto.randomUUID()}`,
      fileSize: 1024,
      contentType: 'application/pdf',
      verified: state === 'verified',
      verificationStatus: state,
      verifiedAt: state === 'verified' ? new Date() : null,
    });
  }
}

export function setApplicationStatus(ctx: TestContext, id: string, status: ApplicationStatus): Promise<void> {
  return forceApplicationStatus(ctx.db, id, status, DEFAULT_STAGE[status]);
}
