/** Putting SMS into the outbox: the words rendered once to count their segments (the cost is known when the message
 * is written), only to a verified mobile, in the reader's language, and an optional template only to those who did
 * not turn it off. Notifications send theirs through `smsForNotifications` (lib/notify.ts), in the event's
 * transaction; a one-time code through `queueCodeSms`, its variables sealed. */
import {
  SMS_OF_NOTIFICATION,
  SMS_TEMPLATES,
  type Language,
  type NotificationCode,
  type NotificationParams,
  type SmsTemplateCode,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { findApplicationFacts } from '../../repositories/notifications';
import { auctionOpenedKey, auctionOpeningsToTell } from '../../repositories/sms-auction-openings';
import { enqueueSms, smsRecipients, type NewSms } from '../../repositories/sms-outbox';
import { renderSms } from './render';
import { countSegments } from './segments';
import { sealParams } from './secrets';

function message(
  template: SmsTemplateCode,
  to: { id: string | null; mobile: string; language: Language },
  params: NotificationParams,
  dedupeKey: string,
  secret?: { key: Buffer; params: NotificationParams },
): NewSms {
  const count = countSegments(renderSms(template, to.language, { ...params, ...secret?.params }));
  return {
    toMobile: to.mobile,
    userId: to.id,
    template,
    language: to.language,
    params,
    secretParams: secret ? sealParams(secret.key, secret.params) : null,
    dedupeKey,
    segments: count.segments,
    unicode: count.unicode,
  };
}

export interface NotificationWritten {
  /** The notification row's id: its SMS's dedupe key, so a notification sends at most one. */
  id: string;
  userId: string;
  code: NotificationCode;
  params: NotificationParams;
}

/** The SMS of notifications just written, in the caller's transaction. Answers how many were queued. */
export async function smsForNotifications(tx: Database, written: readonly NotificationWritten[]): Promise<number> {
  const wanted = written.filter((row) => SMS_OF_NOTIFICATION[row.code]);
  if (wanted.length === 0) return 0;
  const recipients = new Map(
    (await smsRecipients(tx, [...new Set(wanted.map((row) => row.userId))])).map((r) => [r.id, r]),
  );
  const messages = wanted.flatMap((row) => {
    const template = SMS_OF_NOTIFICATION[row.code]!;
    const to = recipients.get(row.userId);
    if (!to) return [];
    if (!SMS_TEMPLATES[template].essential && to.optedOut.includes(template)) return [];
    // A grievance's progress is the notification's code, worded in the reader's language.
    const params = template === 'grievance_progress' ? { ...row.params, progress: row.code } : row.params;
    return [message(template, to, params, `notification:${row.id}`)];
  });
  return enqueueSms(tx, messages);
}

/** One SMS of a template to a user's verified mobile (a payment received, a lock), once per key. */
export async function smsToUser(
  tx: Database,
  userId: string,
  template: SmsTemplateCode,
  params: NotificationParams,
  dedupeKey: string,
): Promise<number> {
  const [to] = await smsRecipients(tx, [userId]);
  if (!to) return 0;
  if (!SMS_TEMPLATES[template].essential && to.optedOut.includes(template)) return 0;
  return enqueueSms(tx, [message(template, to, params, dedupeKey)]);
}

/** One SMS to the applicant who owns an application (being outbid on it), once per key. */
export async function smsToApplicant(
  tx: Database,
  applicationId: string,
  template: SmsTemplateCode,
  params: NotificationParams,
  dedupeKey: string,
): Promise<number> {
  const owner = (await findApplicationFacts(tx, applicationId))?.owner;
  return owner ? smsToUser(tx, owner.id, template, params, dedupeKey) : 0;
}

/** A one-time code's SMS to a number (verified or being verified), its variables sealed under the key. */
export async function queueCodeSms(
  tx: Database,
  to: { id: string | null; mobile: string; language: Language },
  secret: { key: Buffer; params: NotificationParams },
  dedupeKey: string,
): Promise<number> {
  return enqueueSms(tx, [message('one_time_code', to, {}, dedupeKey, secret)]);
}

/** Tells the qualified bidders of auctions that opened (a batch a run; once each by its key). */
export async function tellAuctionOpenings(db: Database, batch = 500): Promise<number> {
  let told = 0;
  for (const opening of await auctionOpeningsToTell(db, batch)) {
    told += await db.transaction((tx) =>
      smsToUser(
        tx,
        opening.userId,
        'auction_opened',
        { scheme_number: opening.schemeNumber, ends_at: opening.endsAt.toISOString() },
        auctionOpenedKey(opening.schemeId, opening.userId),
      ),
    );
  }
  return told;
}
