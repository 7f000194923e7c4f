/**
 * The outbox worker. Each run claims due messages one at a time (repositories/mail-outbox.ts: FOR UPDATE SKIP
 * LOCKED and a lease, so any number of processes share the work and never hold the same message), renders each in
 * its language, sends it with a Message-ID made from the outbox id, and records the outcome while it still holds
 * the lease. A failure is retried with exponential backoff; after the last attempt, or on a permanent (5xx) refusal,
 * the message is `failed` and the admins are told. A message whose worker died mid-send is `sending` until its lease
 * runs out, then due again.
 *
 * Exactly once: the claim and its attempt row commit before anything is sent, and `sent` is written only after the
 * server accepted the message. The one window left is a crash (or a lost database) between the server's acceptance
 * and that commit: the message is then sent again when the lease runs out, with the same Message-ID, which
 * receivers use to drop the repeat (decision record 011).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { claimNextMail, markMailAttemptFailed, markMailSent, type ClaimedMail } from '../../repositories/mail-outbox';
import { PROCESS_HOLDER, repeatEvery, type RepeatingJob } from '../job-lease';
import { notifyAdminsOfFailure } from '../notify';
import { renderMail } from './templates';
import { describeFailure, isPermanentFailure, type MailTransport } from './transport';

export interface MailWorkerOptions {
  db: Database;
  /** null without SMTP_URL: nothing is sent and the outbox keeps every message. */
  transport: MailTransport | null;
  /** MAIL_FROM. */
  from: string;
  /** The portal's address (PUBLIC_URL) that links in the mail start with. */
  portalUrl: string;
  holder?: string;
  /** How long a claim lasts; a message whose worker died is sent again after it. Keep it well above sendTimeoutMs. */
  leaseMs?: number;
  /** A send still unanswered after this is abandoned (and retried). */
  sendTimeoutMs?: number;
  /** Attempts before a message is given up as failed. */
  maxAttempts?: number;
  /** The wait before the second attempt; it doubles for each further one, up to backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Messages one run sends at most. */
  batchSize?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export const MAIL_DEFAULTS = {
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 2 * 60_000,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  batchSize: 50,
  intervalMs: 3_000,
} as const;

export interface MailRunResult {
  sent: number;
  retrying: number;
  failed: number;
}

export interface MailWorker {
  /** Whether mail is sent at all (SMTP_URL is set). */
  readonly enabled: boolean;
  /** Sends what is due now, up to the batch size. */
  runOnce(): Promise<MailRunResult>;
  /** Runs every intervalMs (and once at once) until stopped. */
  start(intervalMs?: number): void;
  /** Stops the schedule, cuts short a send under way (its message is due again at once), waits for the run to
   * record it and closes the transport. The worker sends nothing after. */
  stop(): Promise<void>;
}

/** The wait after the n-th failed attempt: base, 2 x base, 4 x base, ... at most max. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** The Message-ID of an outbox message: its id at the domain of the From address. */
export function messageIdFor(outboxId: string, from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.split('@')[1]?.trim() || 'localhost';
  return `<${outboxId}@${domain}>`;
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const holder = options.holder ?? PROCESS_HOLDER;
  const leaseMs = options.leaseMs ?? MAIL_DEFAULTS.leaseMs;
  const sendTimeoutMs = options.sendTimeoutMs ?? MAIL_DEFAULTS.sendTimeoutMs;
  const maxAttempts = options.maxAttempts ?? MAIL_DEFAULTS.maxAttempts;
  const backoffBaseMs = options.backoffBaseMs ?? MAIL_DEFAULTS.backoffBaseMs;
  const backoffMaxMs = options.backoffMaxMs ?? MAIL_DEFAULTS.backoffMaxMs;
  const batchSize = options.batchSize ?? MAIL_DEFAULTS.batchSize;

  /** Aborted by stop(): a send under way is cut short, and its message is due again at once. */
  const stopping = new AbortController();

  async function recordFailure(claim: ClaimedMail, error: string, permanent: boolean): Promise<'retrying' | 'failed'> {
    const attempts = claim.message.attempts;
    const giveUp = permanent || attempts >= maxAttempts;
    return db.transaction(async (tx) => {
      const row = await markMailAttemptFailed(tx, claim, holder, {
        error,
        giveUp,
        retryAfterMs: stopping.signal.aborted ? 0 : backoffMs(attempts, backoffBaseMs, backoffMaxMs),
      });
      if (row?.status === 'failed') await notifyAdminsOfFailure(tx, row);
      return giveUp ? 'failed' : 'retrying';
    });
  }

  async function deliver(claim: ClaimedMail, sender: MailTransport): Promise<keyof MailRunResult> {
    const message = claim.message;
    let rendered;
    try {
      rendered = renderMail(message.template, message.language, message.params, options.portalUrl);
    } catch (error) {
      return recordFailure(claim, describeFailure(error), true);
    }
    const timeout = AbortSignal.timeout(sendTimeoutMs);
    try {
      await sender.send(
        {
          from: options.from,
          to: message.toEmail,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          messageId: messageIdFor(message.id, options.from),
        },
        AbortSignal.any([timeout, stopping.signal]),
      );
    } catch (error) {
      const reason = stopping.signal.aborted
        ? 'Cut short: the process was shutting down before the mail server answered'
        : timeout.aborted
          ? `No answer from the mail server within ${Math.round(sendTimeoutMs / 1000)} s`
          : describeFailure(error);
      const outcome = await recordFailure(claim, reason, isPermanentFailure(error));
      log?.warn({ outbox_id: message.id, attempts: message.attempts, outcome }, 'Sending a mail failed');
      return outcome;
    }
    if (!(await markMailSent(db, claim, holder))) {
      log?.warn({ outbox_id: message.id }, 'A mail was sent after its lease ran out and another worker took it over');
    }
    return 'sent';
  }

  async function runOnce(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, retrying: 0, failed: 0 };
    if (!transport) return result;
    for (let index = 0; index < batchSize && !stopping.signal.aborted; index++) {
      const claim = await claimNextMail(db, holder, leaseMs);
      if (!claim) break;
      result[await deliver(claim, transport)]++;
    }
    return result;
  }

  let job: RepeatingJob | undefined;

  return {
    enabled: transport !== null,
    runOnce,
    start(intervalMs = MAIL_DEFAULTS.intervalMs) {
      if (!transport) {
        log?.info('SMTP_URL is not set: mail is kept in the outbox and not sent');
        return;
      }
      if (job) return;
      job = repeatEvery(
        intervalMs,
        runOnce,
        (error: unknown) => log?.error({ err: error }, 'The mail worker failed; it will try again'),
        { firstAfterMs: 0 },
      );
    },
    async stop() {
      stopping.abort(new Error('The process is shutting down'));
      await job?.stop();
      job = undefined;
      transport?.close();
    },
  };
}
