/** The SMS sweep (decision 037): each run claims due messages one at a time under a lease (SKIP LOCKED, so any
 * number of processes share the work and never hold one message), renders each in its language with its sealed
 * variables opened, sends it to the provider with its DLT fields, and records the outcome while it still holds the
 * lease. A failure is retried with exponential back-off on the portal's clock (30 s, 1, 2, 4 ... minutes, at most an
 * hour); after the eighth attempt, or on the provider's refusal, it is `failed`. As with mail, the one window left for
 * a repeat is a crash between the provider's acceptance and the `submitted` commit. */
import type { FastifyBaseLogger } from 'fastify';
import { SMS_TEMPLATES, type Language, type SmsTemplateCode } from '@portal/contract';
import type { Database } from '../../db/client';
import { claimNextSms, markSmsAttemptFailed, markSmsSubmitted, type SmsRow } from '../../repositories/sms-outbox';
import { PROCESS_HOLDER } from '../job-lease';
import type { Sweep } from '../sweeps';
import type { SmsConfig } from './config';
import { SmsSendError, type SmsProvider } from './provider';
import { renderSms } from './render';
import { openParams } from './secrets';
import { tellAuctionOpenings } from './outbox';

export const SMS_DEFAULTS = {
  leaseMs: 5 * 60_000,
  sendTimeoutMs: 30_000,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  batchSize: 50,
  everyMs: 3_000,
} as const;

export interface SmsRunResult {
  submitted: number;
  retrying: number;
  failed: number;
}

export function smsBackoffMs(attempts: number): number {
  return Math.min(SMS_DEFAULTS.backoffMaxMs, SMS_DEFAULTS.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
}

export interface SmsSender {
  runOnce(): Promise<SmsRunResult>;
}

export function createSmsSender(options: {
  db: Database;
  config: SmsConfig;
  provider: SmsProvider;
  holder?: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): SmsSender {
  const { db, config, provider, log } = options;
  const holder = options.holder ?? PROCESS_HOLDER;

  async function deliver(message: SmsRow): Promise<keyof SmsRunResult> {
    let text: string;
    try {
      const secret = message.secretParams ? openParams(config.secretKey, message.secretParams) : {};
      text = renderSms(message.template as SmsTemplateCode, message.language as Language, {
        ...message.params,
        ...secret,
      });
    } catch (error) {
      await markSmsAttemptFailed(db, message.id, holder, {
        error: `The message could not be made: ${(error as Error).message}`,
        giveUp: true,
        retryAfterMs: 0,
      });
      return 'failed';
    }
    try {
      const { providerMessageId } = await provider.send(
        {
          to: message.toMobile,
          text,
          unicode: message.unicode,
          dltTemplateId: SMS_TEMPLATES[message.template as SmsTemplateCode].dltTemplateId,
        },
        AbortSignal.timeout(SMS_DEFAULTS.sendTimeoutMs),
      );
      if (!(await markSmsSubmitted(db, message.id, holder, providerMessageId)))
        log?.warn({ sms_id: message.id }, 'An SMS was sent after its lease ran out');
      return 'submitted';
    } catch (error) {
      const permanent = error instanceof SmsSendError && error.permanent;
      const giveUp = permanent || message.attempts >= SMS_DEFAULTS.maxAttempts;
      await markSmsAttemptFailed(db, message.id, holder, {
        error: error instanceof Error ? error.message : String(error),
        giveUp,
        retryAfterMs: smsBackoffMs(message.attempts),
      });
      log?.warn({ sms_id: message.id, attempts: message.attempts, give_up: giveUp }, 'Sending an SMS failed');
      return giveUp ? 'failed' : 'retrying';
    }
  }

  return {
    async runOnce() {
      const result: SmsRunResult = { submitted: 0, retrying: 0, failed: 0 };
      for (let index = 0; index < SMS_DEFAULTS.batchSize; index++) {
        const message = await claimNextSms(db, holder, SMS_DEFAULTS.leaseMs);
        if (!message) break;
        result[await deliver(message)]++;
      }
      return result;
    },
  };
}

/** The sweep that tells qualified bidders an e-auction's bidding has opened (every minute; once each by its key). */
export function auctionOpeningSweep(db: Database): Sweep {
  return { name: 'sms_auction_opening', everyMs: 60_000, run: () => tellAuctionOpenings(db) };
}

/** The sweep that sends the SMS outbox, every three seconds in every process (the claims share the work). */
export function smsSweep(sender: SmsSender): Sweep {
  return { name: 'sms', everyMs: SMS_DEFAULTS.everyMs, firstAfterMs: 0, run: () => sender.runOnce() };
}
