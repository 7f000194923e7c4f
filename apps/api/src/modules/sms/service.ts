/** The provider's delivery reports (Gupshup Enterprise's real-time DLR push, decision 037) and the admins' view of
 * the SMS outbox: each message's delivery and the segments sent per day (the cost). */
import type { SmsMessage, SmsOutboxListQuery, SmsSummary } from '@portal/contract';
import type { SmsConfig } from '../../lib/sms/config';
import type { Page } from '../../core/list-page';
import type { Database } from '../../db/client';
import { recordDeliveryReport, searchSmsOutbox, smsFigures, toSmsMessage } from '../../repositories/sms-outbox';

/** One report as the provider words it: the GET push's query (externalId, deliveredTS, status, cause, phoneNo,
 * errCode, noOfFrags) or an event of the POST push's JSON array (externalId, eventType, eventTs, destAddr, cause,
 * errCode, noOfFrags). */
export interface ProviderReport {
  externalId: string;
  status: string;
  cause?: string | null;
  errCode?: string | null;
  noOfFrags?: number | null;
  deliveredTs?: number | null;
}

/** The provider's words for a delivered message; anything else is a failure to deliver. */
const DELIVERED = new Set(['SUCCESS', 'DELIVERED', 'DELIVRD']);

export async function takeDeliveryReports(db: Database, reports: readonly ProviderReport[]): Promise<number> {
  let matched = 0;
  for (const report of reports) {
    const status = report.status.trim().toUpperCase();
    const ts = report.deliveredTs && Number.isFinite(report.deliveredTs) ? new Date(report.deliveredTs) : null;
    const { outboxId } = await recordDeliveryReport(db, {
      providerMessageId: report.externalId,
      delivered: DELIVERED.has(status),
      status,
      cause: report.cause ?? null,
      errorCode: report.errCode ?? null,
      fragments: report.noOfFrags ?? null,
      deliveredAt: ts && !Number.isNaN(ts.getTime()) ? ts : null,
    });
    if (outboxId) matched++;
  }
  return matched;
}

export async function listSms(db: Database, query: SmsOutboxListQuery): Promise<Page<SmsMessage>> {
  const page = await searchSmsOutbox(db, query);
  return { ...page, items: page.items.map(toSmsMessage) };
}

const SUMMARY_DAYS = 14;

export async function smsSummary(
  db: Database,
  provider: { name: SmsConfig['mode']; sandboxUrl: string | null },
): Promise<SmsSummary> {
  const figures = await smsFigures(db, SUMMARY_DAYS);
  return {
    provider: provider.name,
    sandbox_url: provider.sandboxUrl,
    pending: figures.pending,
    failed: figures.failed,
    segments_by_day: figures.byDay,
  };
}
