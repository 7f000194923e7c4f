/** A case's timeline event and what follows from it, in the caller's transaction: the timeline row, then (when the
 * event changes a fact the application's wait depends on) the stored waiting_on, then the notifications the event
 * raises. Every module records its events here; the timeline repository only writes the row. */
import type { TimelineCode, TimelineEvent } from '@portal/contract';
import type { Database } from '../db/client';
import { findApplicationById } from '../repositories/applications';
import { insertTimelineEvent, type Actor, type NewTimelineEvent } from '../repositories/timeline';
import { queueSingleWindowPush } from '../lib/single-window/status-outbox';
import { notifyForEvent } from './notify';
import { refreshWaitingOn } from './waiting-on';

/** The events that change a fact of waitingOnOf: a query, a document, a lease deed, an invoice or a payment. */
export const FACT_EVENTS: ReadonlySet<TimelineCode> = new Set<TimelineCode>([
  'query_raised',
  'query_answered',
  'query_closed',
  'query_lapsed',
  'query_extended',
  'document_uploaded',
  'document_verified',
  'document_rejected',
  'lease_deed_uploaded',
  'lease_deed_approved',
  'lease_deed_returned',
  'invoice_generated',
  'payment_received',
]);

export async function recordEvent(tx: Database, actor: Actor, event: NewTimelineEvent): Promise<TimelineEvent> {
  const recorded = await insertTimelineEvent(tx, actor, event);
  if (event.applicationId && FACT_EVENTS.has(event.code)) {
    const application = await findApplicationById(tx, event.applicationId);
    if (application) await refreshWaitingOn(tx, application);
  }
  await notifyForEvent(tx, actor, event);
  // An application from the state's single window tells it the events it cares for (decision 036).
  await queueSingleWindowPush(tx, recorded);
  return recorded;
}
