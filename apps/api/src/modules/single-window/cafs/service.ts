/** The single window's Common Application Forms (decision 036): the intake (idempotent per CAF id), the pull of a
 * CAF's status, the handoff that signs its investor in, and the draft the investor completes when the CAF named no
 * plot. */
import crypto from 'node:crypto';
import {
  type Caf,
  type CafReceipt,
  type CafStatus,
  DEFAULT_STAGE,
  type HandoffResponse,
  isApplicant,
  type OwnCaf,
  roundRupees,
  SINGLE_WINDOW_DRAFT_STATUS,
  SINGLE_WINDOW_STATUS_TABLE,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { runWithAuditContext } from '../../../db/audit-context';
import { recordEvent } from '../../../case/events';
import { assertNotOfferedInScheme } from '../../schemes/rules/scheme-window';
import { actorOf, type CurrentUser } from '../../../case/actor';
import { conflict, invalidField, notFound, unauthorized } from '../../../core/http-error';
import { fetchCafDocuments } from '../../../lib/single-window/documents';
import type { SingleWindowConfig } from '../../../lib/single-window/config';
import { verifyHandoffToken } from '../../../lib/single-window/protocol';
import { pushBody } from '../rules/push';
import { hashPassword } from '../../../lib/passwords';
import type { TokenService } from '../../../lib/tokens';
import type { FileStorage } from '../../../plugins/storage';
import type { SingleWindowStoredDocument } from '../../../db/schema';
import { findApplicantByUserId, insertApplicant } from '../../applications/repositories/applicants';
import { insertApplication } from '../../../repositories/applications';
import { findAssetById, findZone, lockAsset } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import { insertDocument } from '../../../repositories/documents';
import { createSession, deleteDeadSessions } from '../../../repositories/sessions';
import {
  findAssetByCode,
  findCafByCafId,
  findCafById,
  findOwnCaf,
  insertCafIfNew,
  linkCafApplicationIfNone,
  lockCafId,
  recordHandoffUse,
  type SingleWindowCafRow,
} from '../../../repositories/single-window-cafs';
import { latestPushOfCaf, listPushesOfCaf } from '../../../repositories/single-window-outbox';
import { findUserByEmail, findUserById, insertUser } from '../../../repositories/users';
import type { Actor } from '../../../repositories/timeline';

export const HANDOFF_REFUSED =
  'This handoff cannot be used: it is not valid, has expired, was used already or is for another application';
const CAF_NOT_FOUND = 'Common Application Form not found';

/** Who writes what the single window sends: the timeline's actor and the audit trail's role. */
const singleWindowActor = (clientId: string): Actor => ({
  id: null,
  role: 'SYSTEM',
  name: `Single window (${clientId})`,
});

async function receiptOf(db: Database, row: SingleWindowCafRow): Promise<CafReceipt> {
  const latest = await latestPushOfCaf(db, row.id);
  const caf = row.caf as Caf;
  return {
    caf_id: row.cafId,
    application_number: row.applicationNumber,
    application_id: row.applicationId,
    status: latest?.statusCode ?? SINGLE_WINDOW_DRAFT_STATUS,
    documents_attached: row.applicationId ? caf.documents.length : 0,
  };
}

/** The plot the CAF names, checked: in the park, free and not offered in a scheme. */
async function plotOf(db: Database, caf: Caf, park: string) {
  if (!caf.land.plot_code) return undefined;
  const asset = await findAssetByCode(db, caf.land.plot_code);
  if (!asset || asset.zone.toLowerCase() !== park.toLowerCase()) {
    throw invalidField('body.land.plot_code', `No plot ${caf.land.plot_code} in the park ${park}`);
  }
  if (asset.status !== 'available') {
    throw invalidField('body.land.plot_code', `The plot ${caf.land.plot_code} is no longer available`);
  }
  return asset;
}

/** Makes the draft from the CAF on `assetId` (locked and checked here), attaching its stored documents, in the
 * caller's transaction. */
async function makeDraft(tx: Database, row: SingleWindowCafRow, assetId: string, actor: Actor): Promise<string> {
  const asset = await lockAsset(tx, assetId);
  if (!asset) throw notFound('Asset not found');
  if (asset.zone.toLowerCase() !== row.park.toLowerCase()) {
    throw invalidField('body.asset_id', `Choose a plot in the park ${row.park}`);
  }
  if (asset.status !== 'available') throw conflict('This asset is no longer available. Please choose another.');
  await assertNotOfferedInScheme(tx, asset.id);
  const caf = row.caf as Caf;
  const application = await insertApplication(tx, {
    applicationNumber: row.applicationNumber,
    applicantId: row.applicantId,
    assetId: asset.id,
    applicationType: caf.project.application_type,
    status: 'draft',
    currentStage: DEFAULT_STAGE.draft,
    estimatedInvestment: roundRupees(caf.project.estimated_investment),
    employmentGeneration: caf.project.employment_generation,
    projectDescription: caf.project.description,
    schemeId: null,
  });
  if (!(await linkCafApplicationIfNone(tx, row.id, application.id))) {
    throw conflict('The draft of this application was made at the same time. Reload the page.');
  }
  await recordEvent(tx, actor, {
    applicationId: application.id,
    code: 'application_created',
    params: { application_number: row.applicationNumber, asset_code: asset.assetCode },
    entityType: 'application',
    entityId: application.id,
  });
  for (const document of row.documents) {
    const stored = await insertDocument(tx, {
      applicationId: application.id,
      documentType: document.documentType as Parameters<typeof insertDocument>[1]['documentType'],
      fileName: document.fileName,
      storageKey: document.storageKey,
      fileSize: document.fileSize,
      contentType: document.contentType,
    });
    await recordEvent(tx, actor, {
      applicationId: application.id,
      code: 'document_uploaded',
      params: { document_type: document.documentType, file_name: document.fileName, replaced: false },
      entityType: 'document',
      entityId: stored.id,
    });
  }
  return application.id;
}

/** The investor's account: the one with the CAF's email when the single window verified that email (never found by
 * name), or a new entrepreneur account without a usable password (they arrive by handoff, and may set one with
 * "forgot password"). */
async function investorAccount(tx: Database, caf: Caf) {
  const existing = await findUserByEmail(tx, caf.investor.email);
  if (existing) {
    if (!caf.investor.email_verified) {
      throw invalidField(
        'body.investor.email',
        'An account with this email exists here: the single window must verify the email before it is linked',
      );
    }
    if (!isApplicant(existing) || !existing.isActive) {
      throw invalidField('body.investor.email', 'This email belongs to an account that cannot apply');
    }
    return existing;
  }
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const created = await insertUser(tx, {
    email: caf.investor.email,
    passwordHash,
    fullName: caf.investor.full_name,
    role: 'entrepreneur',
  });
  if (!created) throw conflict('An account with this email was made at the same time. Send the CAF again.');
  return created;
}

/** Takes a CAF: the same CAF id again answers the application it made (created false). Documents are fetched and
 * checked before the transaction; everything is written in one. */
export async function takeCaf(
  db: Database,
  storage: FileStorage,
  clientId: string,
  caf: Caf,
): Promise<{ receipt: CafReceipt; created: boolean }> {
  const known = await findCafByCafId(db, caf.caf_id);
  if (known) return { receipt: await receiptOf(db, known), created: false };

  const park = await findZone(db, caf.land.park);
  if (!park) throw invalidField('body.land.park', `No industrial park named ${caf.land.park}`);
  await plotOf(db, caf, park);
  const fetched = await fetchCafDocuments(caf.documents);
  const stored: SingleWindowStoredDocument[] = [];
  let kept = false;
  try {
    for (const document of fetched) {
      stored.push({
        documentType: document.documentType,
        fileName: document.fileName,
        storageKey: await storage.save(document.bytes),
        fileSize: document.bytes.length,
        contentType: document.contentType,
      });
    }
    const outcome = await db.transaction(async (tx) => {
      await lockCafId(tx, caf.caf_id);
      const already = await findCafByCafId(tx, caf.caf_id);
      if (already) return { receipt: await receiptOf(tx, already), created: false };
      const user = await investorAccount(tx, caf);
      const { pan_number, organization_name, gst_number, sdp_reference, bank_account, bank_ifsc, bank_name, ...unit } =
        caf.unit;
      const applicant =
        (await findApplicantByUserId(tx, user.id)) ??
        (await insertApplicant(tx, user.id, {
          ...unit,
          organizationName: organization_name,
          panNumber: pan_number,
          gstNumber: gst_number ?? null,
          sdpReference: sdp_reference ?? null,
          bankName: bank_name,
          bankAccount: bank_account,
          bankIfsc: bank_ifsc,
        }));
      if (!applicant) throw conflict('The profile was made at the same time. Send the CAF again.');
      const plot = await plotOf(tx, caf, park);
      const row = await insertCafIfNew(tx, {
        cafId: caf.caf_id,
        clientId,
        userId: user.id,
        applicantId: applicant.id,
        applicationNumber: await nextNumber(tx, 'application'),
        park,
        caf: caf as unknown as Record<string, unknown>,
        documents: stored,
      });
      if (!row) throw conflict('The CAF was taken at the same time. Send it again.');
      if (plot) await makeDraft(tx, row, plot.id, singleWindowActor(clientId));
      const current = (await findCafById(tx, row.id))!;
      return { receipt: await receiptOf(tx, current), created: true };
    });
    kept = outcome.created;
    return outcome;
  } finally {
    // A CAF refused, or taken by a parallel delivery, leaves no file behind.
    if (!kept) await Promise.all(stored.map((document) => storage.remove(document.storageKey)));
  }
}

/** Runs the intake's writes as the single window's in the audit trail. */
export function asSingleWindow<T>(
  request: { id: string; ip?: string },
  clientId: string,
  fn: () => Promise<T>,
): Promise<T> {
  return runWithAuditContext(
    {
      requestId: request.id,
      clientAddress: request.ip ?? null,
      actor: () => ({ actorId: null, role: `single_window:${clientId}` }),
    },
    fn,
  );
}

/** The pull: the CAF's current status and every push, in order (the same rows and table the push sends). */
export async function cafStatus(db: Database, cafId: string, publicUrl: string): Promise<CafStatus> {
  const row = await findCafByCafId(db, cafId);
  if (!row) throw notFound(CAF_NOT_FOUND);
  const pushes = await listPushesOfCaf(db, row.id);
  const names = { cafId: row.cafId, applicationNumber: row.applicationNumber };
  const events = await Promise.all(pushes.map((push) => pushBody(db, push, names, publicUrl)));
  const latest = pushes.at(-1);
  return {
    caf_id: row.cafId,
    application_number: row.applicationNumber,
    status: latest?.statusCode ?? SINGLE_WINDOW_DRAFT_STATUS,
    external_code: latest ? SINGLE_WINDOW_STATUS_TABLE[latest.statusCode].external : null,
    status_at: latest ? latest.eventAt.toISOString() : null,
    events,
  };
}

/** A handoff: the token verified (signature, issuer, audience, expiry), for this CAF, used for the first time; then
 * a session for the CAF's investor. Anything else is 401 and nothing is signed in. */
export async function takeHandoff(
  db: Database,
  tokens: TokenService,
  config: SingleWindowConfig,
  request: { caf_id: string; token: string },
): Promise<HandoffResponse> {
  const claims = await verifyHandoffToken(config, request.token);
  if (!claims || claims.cafId !== request.caf_id) throw unauthorized(HANDOFF_REFUSED, 'handoff_refused');
  return db.transaction(async (tx) => {
    const row = await findCafByCafId(tx, claims.cafId);
    if (!row) throw unauthorized(HANDOFF_REFUSED, 'handoff_refused');
    const user = await findUserById(tx, row.userId);
    if (!user?.isActive) throw unauthorized(HANDOFF_REFUSED, 'handoff_refused');
    if (!(await recordHandoffUse(tx, { jti: claims.jti, cafRowId: row.id, userId: user.id }))) {
      throw unauthorized(HANDOFF_REFUSED, 'handoff_refused');
    }
    await deleteDeadSessions(tx, user.id);
    const sessionId = await createSession(tx, user.id, tokens.lifetimeSeconds);
    return {
      access_token: await tokens.issue({ userId: user.id, sessionId }),
      token_type: 'bearer',
      caf_id: row.cafId,
      application_id: row.applicationId,
    };
  });
}

function toOwnCaf(row: SingleWindowCafRow): OwnCaf {
  const caf = row.caf as Caf;
  return {
    id: row.id,
    caf_id: row.cafId,
    application_number: row.applicationNumber,
    application_id: row.applicationId,
    park: row.park,
    project_description: caf.project.description,
    estimated_investment: caf.project.estimated_investment,
    employment_generation: caf.project.employment_generation,
  };
}

/** The investor's own CAF, by the CAF id (another's answers 404). */
export async function getOwnCaf(db: Database, user: CurrentUser, cafId: string): Promise<OwnCaf> {
  const row = await findCafByCafId(db, cafId);
  if (!row || row.userId !== user.id) throw notFound(CAF_NOT_FOUND);
  return toOwnCaf(row);
}

/** The investor completes a CAF that named no plot by choosing one in its park: the draft is made, prefilled. */
export async function completeCaf(db: Database, user: CurrentUser, cafId: string, assetId: string): Promise<OwnCaf> {
  const found = await findCafByCafId(db, cafId);
  if (!found || found.userId !== user.id) throw notFound(CAF_NOT_FOUND);
  if (!(await findAssetById(db, assetId))) throw notFound('Asset not found');
  return db.transaction(async (tx) => {
    await lockCafId(tx, cafId);
    const row = await findOwnCaf(tx, found.id, user.id);
    if (!row) throw notFound(CAF_NOT_FOUND);
    if (row.applicationId) throw conflict('The draft of this application is made already');
    await makeDraft(tx, row, assetId, actorOf(user));
    return toOwnCaf((await findCafById(tx, row.id))!);
  });
}
