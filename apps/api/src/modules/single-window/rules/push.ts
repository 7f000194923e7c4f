/** Sends the outbox's status pushes to the single window (decision 036): a sweep under a lease takes the pushes due
 * on the portal's clock whose CAF has nothing earlier unsent, posts each (signed) to `<url>/api/department/status`,
 * and marks it sent only on the single window's acknowledgement of that very event. Anything else is a failed attempt:
 * tried again after 1, 5 and 30 minutes and then hourly for three days, then `failed` until a person retries it. A
 * CAF whose push failed sends nothing more in that run, so its events arrive in order. Each change of a push's state
 * is a move of SINGLE_WINDOW_PUSH_EVENTS through the case engine. */
import {
  SINGLE_WINDOW_LIMITS,
  SINGLE_WINDOW_PUSH_EVENTS,
  SINGLE_WINDOW_STATUS_TABLE,
  singleWindowAckSchema,
  singleWindowRetryDelayMinutes,
  type SingleWindowStatusPush,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { clock } from '../../../core/clock';
import { moveCaseIfStill } from '../../../case/engine';
import { runExclusive } from '../../../lib/job-lease';
import type { Sweep } from '../../../lib/sweeps';
import { deleteOldNonces } from '../../../repositories/single-window-nonces';
import {
  cafNamesOf,
  claimPush,
  findDuePushes,
  findNextWaitingPush,
  latestIssuedDocumentCode,
  recordPushAttemptFailed,
  writeSingleWindowPushMove,
  type SingleWindowPushRow,
} from '../../../repositories/single-window-outbox';
import type { SingleWindowConfig } from '../../../lib/single-window/config';
import { signedHeaders } from '../../../lib/single-window/protocol';

/** Where the single window takes a department's status pushes, under its address. */
export const STATUS_PUSH_PATH = '/api/department/status';
/** Pushes taken per run (a backlog is worked off over a few runs). */
const BATCH = 100;

export interface PushRunResult {
  sent: number;
  failed: number;
}

/** The body of one push, as the single window reads it. */
export async function pushBody(
  db: Database,
  row: SingleWindowPushRow,
  names: { cafId: string; applicationNumber: string },
  publicUrl: string,
): Promise<SingleWindowStatusPush> {
  const { reason = null, ...details } = row.params;
  const kinds = SINGLE_WINDOW_STATUS_TABLE[row.statusCode].documentKinds ?? [];
  const code = await latestIssuedDocumentCode(db, row.applicationId, kinds);
  return {
    event_id: row.dedupeKey,
    caf_id: names.cafId,
    application_number: names.applicationNumber,
    sequence: row.sequence,
    status_code: row.statusCode,
    external_code: row.externalCode,
    status_at: row.eventAt.toISOString(),
    reason: typeof reason === 'string' ? reason : null,
    document_url: code ? `${publicUrl.replace(/\/+$/, '')}/verify/${code}` : null,
    details,
  };
}

/** One attempt: 'sent' when the single window acknowledged it, 'failed' when not, 'taken' when another run has it. */
async function deliver(
  db: Database,
  config: SingleWindowConfig,
  row: SingleWindowPushRow,
  names: { cafId: string; applicationNumber: string },
  publicUrl: string,
): Promise<'sent' | 'failed' | 'taken'> {
  const now = clock.now();
  const claimedUntil = new Date(now.getTime() + SINGLE_WINDOW_LIMITS.pushTimeoutMs * 2);
  if (!(await claimPush(db, row.id, now, claimedUntil))) return 'taken';
  const body = JSON.stringify(await pushBody(db, row, names, publicUrl));
  let error: string;
  try {
    const response = await fetch(`${config.url}${STATUS_PUSH_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(config, { method: 'POST', path: STATUS_PUSH_PATH, body }),
      },
      body,
      signal: AbortSignal.timeout(SINGLE_WINDOW_LIMITS.pushTimeoutMs),
    });
    const text = await response.text();
    if (response.ok) {
      const ack = singleWindowAckSchema.safeParse(JSON.parse(text || 'null'));
      if (ack.success && ack.data.event_id === row.dedupeKey) {
        await moveCaseIfStill({
          table: SINGLE_WINDOW_PUSH_EVENTS,
          event: 'acknowledged',
          from: row.state,
          guard: () => undefined,
          write: (from, to) =>
            writeSingleWindowPushMove(db, row.id, from, to, {
              sentAt: clock.now(),
              lastError: null,
              attempts: 'count',
            }),
        });
        return 'sent';
      }
      error = `Not acknowledged: ${text.slice(0, 200)}`;
    } else {
      error = `HTTP ${response.status}: ${text.slice(0, 200)}`;
    }
  } catch (cause) {
    error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  }
  const delay = singleWindowRetryDelayMinutes(row.attempts + 1);
  const lastError = error.slice(0, 500);
  const nextAttemptAt = delay === null ? undefined : new Date(clock.now().getTime() + delay * 60_000);
  if (nextAttemptAt && row.state === 'retrying') {
    await recordPushAttemptFailed(db, row.id, lastError, nextAttemptAt);
  } else {
    await moveCaseIfStill({
      table: SINGLE_WINDOW_PUSH_EVENTS,
      event: row.state === 'pending' ? 'attempt_failed' : 'given_up',
      from: row.state,
      to: nextAttemptAt ? 'retrying' : 'failed',
      guard: () => undefined,
      write: (from, to) =>
        writeSingleWindowPushMove(db, row.id, from, to, { lastError, nextAttemptAt, attempts: 'count' }),
    });
  }
  return 'failed';
}

/** Sends every push due by the portal's clock, in order per CAF. */
export async function sendDuePushes(
  db: Database,
  config: SingleWindowConfig,
  publicUrl: string,
): Promise<PushRunResult> {
  const result: PushRunResult = { sent: 0, failed: 0 };
  const now = clock.now();
  const heads = await findDuePushes(db, now, BATCH);
  const names = await cafNamesOf(
    db,
    heads.map((row) => row.cafRowId),
  );
  for (const head of heads) {
    const name = names.get(head.cafRowId);
    if (!name) continue;
    let current: SingleWindowPushRow | undefined = head;
    while (current && current.nextAttemptAt.getTime() <= now.getTime()) {
      const outcome = await deliver(db, config, current, name, publicUrl);
      if (outcome !== 'sent') {
        if (outcome === 'failed') result.failed += 1;
        break;
      }
      result.sent += 1;
      current = await findNextWaitingPush(db, current.cafRowId, current.sequence);
    }
  }
  return result;
}

/** The push sweep (SWEEP_SINGLE_WINDOW_PUSH_EVERY_MS, 30 s by default), in one process at a time; it also forgets
 * the request nonces past their window. */
export function singleWindowPushSweep(
  db: Database,
  config: SingleWindowConfig,
  publicUrl: string,
  log: { info: (object: object, message: string) => void },
): Sweep {
  return {
    name: 'single_window_push',
    everyMs: 30_000,
    run: () =>
      runExclusive(db, 'single-window-push', 25_000, async () => {
        const result = await sendDuePushes(db, config, publicUrl);
        if (result.sent > 0 || result.failed > 0) log.info({ singleWindowPush: result }, 'Single window pushes sent');
        await deleteOldNonces(db, SINGLE_WINDOW_LIMITS.signatureWindowSeconds * 2);
      }),
  };
}
