/** The allottee's Aadhaar eSign of the portal's lease deed (decision 035), the portal being the eSign Application
 * Service Provider: the start prepares the deed for the allottee's signature and answers the signed request the
 * browser takes to the ESP; the ESP's answer, posted back by the browser, is believed only when the ESP's XML signature
 * verifies, the transaction is pending and unexpired, and its PKCS#7 is over the prepared deed by the certificate it
 * names; the signed deed is then submitted as the allotment's lease deed, as an upload is. Every refusal of a known
 * transaction is recorded on it, and nothing else changes. */
import crypto from 'node:crypto';
import { ESIGN_VALID_MINUTES, isApplicant, type EsignResult, type LeaseDeedEsignStart } from '@portal/contract';
import type { Database } from '../../../db/client';
import { APPLICATION_NOT_FOUND, loadVisibleAllotment } from '../../../case/access';
import { assertLeaseDeedDue, submitLeaseDeed } from '../rules/lease-deed';
import { clock } from '../../../core/clock';
import { conflict, forbidden, HttpError, notFound } from '../../../core/http-error';
import type { EsignConfig } from '../../../lib/esign/config';
import {
  checkDocumentSignature,
  documentHashOf,
  embedSignature,
  preparePdfForSignature,
  signedBytesOf,
} from '../../../lib/esign/deed-signature';
import {
  ESIGN_REQUEST_FIELD,
  ESIGN_RESPONSE_FIELD,
  readEsignResponse,
  signedEsignRequest,
  xmlOfField,
} from '../../../lib/esign/protocol';
import type { CurrentUser } from '../../../plugins/auth';
import { readStoredBytes, type FileStorage } from '../../../plugins/storage';
import { findAllotmentWithOwner, type AllotmentRow } from '../../../repositories/allotments';
import { findApplicationById, lockApplication } from '../../../repositories/applications';
import {
  closeEsignTransactionIfPending,
  expireEsignTransactions,
  findEsignTransactionByTxn,
  findLiveEsignTransaction,
  insertEsignTransaction,
  lockEsignTransaction,
  type EsignTransactionRow,
} from '../repositories/esign-transactions';
import { findUserById } from '../../../repositories/users';

export const ESIGN_PENDING =
  'An eSign of this lease deed was started less than 15 minutes ago: finish it at the eSign provider, or start again once it expires';

export interface EsignContext {
  db: Database;
  storage: FileStorage;
  esign: EsignConfig;
  /** The portal's address, where the ESP sends the browser back, without a trailing slash. */
  portalUrl: string;
}

/** The issued deed the allottee signs: where its PDF is kept and its number. */
export interface IssuedDeed {
  storageKey: string;
  documentNumber: string;
  holderName: string;
}

export const ESIGN_RESPONSE_PATH = '/api/esign/response';

/** Refuses unless the deed is due from this holder now and no earlier eSign of it is still waiting for its answer. */
async function assertEsignMayStart(db: Database, user: CurrentUser, allotment: AllotmentRow, now: Date) {
  const application = await findApplicationById(db, allotment.applicationId);
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  await assertLeaseDeedDue(db, user, allotment, application);
  if (await findLiveEsignTransaction(db, allotment.id, now)) throw conflict(ESIGN_PENDING, 'esign_pending');
}

/** POST /allotments/{id}/lease-deed/esign: the deed (issued now or before) prepared for the holder's signature and
 * stored, the transaction recorded, and the signed request the browser posts to the ESP. */
export async function startLeaseDeedEsign(
  ctx: EsignContext,
  user: CurrentUser,
  allotmentId: string,
  issueDeed: () => Promise<IssuedDeed>,
): Promise<LeaseDeedEsignStart> {
  if (!isApplicant(user)) throw forbidden('Only the allottee can sign the lease deed');
  const allotment = await loadVisibleAllotment(ctx.db, user, allotmentId);
  // Checked before the deed is drawn and prepared, and again under the application's lock before it is recorded.
  await assertEsignMayStart(ctx.db, user, allotment, clock.now());
  const deed = await issueDeed();
  const now = clock.now();
  const prepared = preparePdfForSignature(await readStoredBytes(ctx.storage, deed.storageKey), {
    name: deed.holderName,
    reason: `Lease deed of allotment ${deed.documentNumber}, signed by the allottee with Aadhaar eSign`,
    location: 'India',
    signingTime: now,
  });
  const preparedStorageKey = await ctx.storage.save(prepared.pdf);
  const txn = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + ESIGN_VALID_MINUTES * 60_000);
  let expired: EsignTransactionRow[];
  try {
    expired = await ctx.db.transaction(async (tx) => {
      // The application's lock is what a second start, an upload and the ESP's answer queue on.
      if (!(await lockApplication(tx, allotment.applicationId))) throw notFound(APPLICATION_NOT_FOUND);
      await assertEsignMayStart(tx, user, allotment, now);
      const ended = await expireEsignTransactions(tx, allotment.id, now);
      await insertEsignTransaction(tx, {
        txn,
        allotmentId: allotment.id,
        requestedBy: user.id,
        preparedStorageKey,
        documentHash: prepared.documentHash,
        expiresAt,
      });
      return ended;
    });
  } catch (error) {
    await ctx.storage.remove(preparedStorageKey);
    throw error;
  }
  for (const row of expired) await ctx.storage.remove(row.preparedStorageKey);
  return {
    esp_url: ctx.esign.espUrl,
    esign_request: signedEsignRequest(ctx.esign, {
      txn,
      documentHash: prepared.documentHash,
      docInfo: `Lease deed of allotment ${deed.documentNumber}`,
      responseUrl: `${ctx.portalUrl}${ESIGN_RESPONSE_PATH}`,
      now,
    }),
    esign_request_field: ESIGN_REQUEST_FIELD,
    txn,
    txn_field: 'aspTxnId',
    expires_at: expiresAt.toISOString(),
  };
}

/** What came of the ESP's answer: the result the browser is sent back with, and the application whose page it opens
 * (null when the answer names no transaction of the portal's). */
export interface EsignOutcome {
  result: EsignResult;
  applicationId: string | null;
}

/** The failure recorded on the transaction for a refused answer. */
function failureOf(result: EsignResult, detail?: string): string {
  return detail ? `${result}:${detail}`.slice(0, 200) : result;
}

/** POST /esign/response: the ESP's answer, as the browser posted it (any body: it is read field by field). */
export async function completeLeaseDeedEsign(
  ctx: EsignContext,
  body: unknown,
  log: (message: string) => void,
): Promise<EsignOutcome> {
  const field =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[ESIGN_RESPONSE_FIELD] : null;
  const xml = xmlOfField(field);
  const response = xml ? readEsignResponse(xml, ctx.esign.espCertPem) : ({ kind: 'unreadable' } as const);
  if (response.kind === 'unreadable') return { result: 'malformed_response', applicationId: null };
  const row = response.txn ? await findEsignTransactionByTxn(ctx.db, response.txn) : undefined;
  if (!row) {
    return { result: response.kind === 'unverified' ? 'bad_signature' : 'unknown_transaction', applicationId: null };
  }
  const allotment = (await findAllotmentWithOwner(ctx.db, row.allotmentId))?.allotment;
  const applicationId = allotment?.applicationId ?? null;
  if (row.status !== 'pending') return { result: 'already_completed', applicationId };

  /** Records the refusal on the transaction (if still pending) and lets its prepared deed go. */
  const refuse = async (result: EsignResult, detail?: string): Promise<EsignOutcome> => {
    const now = clock.now();
    const closed = await ctx.db.transaction(async (tx) => {
      const locked = await lockEsignTransaction(tx, row.txn);
      if (!locked || locked.status !== 'pending') return undefined;
      return closeEsignTransactionIfPending(tx, locked.id, {
        status: result === 'expired' ? 'expired' : 'failed',
        failure: failureOf(result, detail),
        completedAt: now,
      });
    });
    if (!closed) return { result: 'already_completed', applicationId };
    await ctx.storage.remove(closed.preparedStorageKey);
    return { result, applicationId };
  };

  try {
    if (response.kind === 'unverified') return await refuse('bad_signature');
    if (row.expiresAt.getTime() <= clock.now().getTime()) return await refuse('expired');
    if (response.kind === 'refused') return await refuse('esp_refused', response.errCode);
    if (response.kind === 'incomplete' || !allotment) return await refuse('malformed_response');

    const prepared = await readStoredBytes(ctx.storage, row.preparedStorageKey);
    if (documentHashOf(prepared) !== row.documentHash) throw new Error('The prepared deed is not the one sent to sign');
    const check = await checkDocumentSignature(response.pkcs7, {
      documentHash: row.documentHash,
      certificate: response.certificate,
      signedBytes: signedBytesOf(prepared),
    });
    if (!check.ok) return await refuse(check.problem === 'malformed' ? 'malformed_response' : check.problem);
    const signed = embedSignature(prepared, response.pkcs7);
    return await submitSigned(ctx, row, allotment, signed, check.signerName, refuse);
  } catch (error) {
    log(`eSign ${row.txn}: ${(error as Error).message}`);
    return refuse('internal_error');
  }
}

/** The signed deed becomes the allotment's lease deed, in one transaction with the transaction row locked and still
 * pending, as the requester who started it (who must still hold the allotment). */
async function submitSigned(
  ctx: EsignContext,
  row: EsignTransactionRow,
  allotment: AllotmentRow,
  signed: Buffer,
  signerName: string,
  refuse: (result: EsignResult, detail?: string) => Promise<EsignOutcome>,
): Promise<EsignOutcome> {
  const requester = await findUserById(ctx.db, row.requestedBy);
  if (!requester) return refuse('not_due');
  const user: CurrentUser = {
    id: requester.id,
    email: requester.email,
    fullName: requester.fullName,
    role: requester.role,
    zone: requester.zone,
  };
  const storageKey = await ctx.storage.save(signed);
  let outcome: 'signed' | 'already_completed' | 'expired';
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      // Lock order everywhere: the application, then the transaction.
      if (!(await lockApplication(tx, allotment.applicationId))) throw notFound(APPLICATION_NOT_FOUND);
      const locked = await lockEsignTransaction(tx, row.txn);
      if (!locked || locked.status !== 'pending') return 'already_completed';
      if (locked.expiresAt.getTime() <= clock.now().getTime()) return 'expired';
      const held = await loadVisibleAllotment(tx, user, allotment.id);
      const deed = await submitLeaseDeed(tx, user, held, {
        fileName: `lease-deed-${held.allotmentNumber}-esigned.pdf`,
        storageKey,
        fileSize: signed.length,
        esignedBy: signerName,
      });
      await closeEsignTransactionIfPending(tx, locked.id, {
        status: 'signed',
        failure: null,
        leaseDeedId: deed.id,
        signerName,
        completedAt: clock.now(),
      });
      return 'signed';
    });
  } catch (error) {
    await ctx.storage.remove(storageKey);
    // The deed is no longer due from this holder (a scan came first, the allotment moved on or changed hands).
    if (error instanceof HttpError && error.statusCode < 500) return refuse('not_due', error.code);
    throw error;
  }
  if (outcome !== 'signed') {
    await ctx.storage.remove(storageKey);
    return outcome === 'expired' ? refuse('expired') : { result: outcome, applicationId: allotment.applicationId };
  }
  await ctx.storage.remove(row.preparedStorageKey);
  return { result: 'signed', applicationId: allotment.applicationId };
}
