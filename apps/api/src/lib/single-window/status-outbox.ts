/** Writes the single window's status push for a case's event, in the event's own transaction (decision 036): the
 * contract's one table (SINGLE_WINDOW_STATUS_TABLE) says which events it cares for; an application that did not come
 * from the single window pushes nothing. Once per event: the dedupe key is the timeline entry's id. */
import {
  closingReasonOf,
  SINGLE_WINDOW_STATUS_TABLE,
  singleWindowStatusOf,
  type TimelineEvent,
  type TimelineParams,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { findCafOfApplication, lockCaf } from '../../repositories/single-window-cafs';
import { insertPush } from '../../repositories/single-window-outbox';

/** The parameters of an event the single window is told (numbers, dates and codes; never a person's words other
 * than a rejection's reason). */
const DETAIL_KEYS = [
  'invoice_number',
  'invoice_type',
  'amount',
  'due_date',
  'receipt_number',
  'respond_by',
  'allotment_number',
  'allotment_type',
  'possession_date',
  'certificate_number',
] as const;

function reasonOf(params: TimelineParams): string | null {
  if (typeof params.reason === 'string' && params.reason.trim()) return params.reason.trim();
  const closing = closingReasonOf(params);
  if (!closing) return null;
  const note = (closing.params as Record<string, unknown>).note;
  return typeof note === 'string' && note.trim() ? note.trim() : closing.code;
}

/** Queues the push the event calls for, if any. */
export async function queueSingleWindowPush(tx: Database, recorded: TimelineEvent): Promise<void> {
  if (!recorded.application_id) return;
  const code = singleWindowStatusOf(recorded.event_code, recorded.params);
  if (!code) return;
  const caf = await findCafOfApplication(tx, recorded.application_id);
  if (!caf) return;
  // One event at a time per CAF, so the sequence is the order of the events.
  await lockCaf(tx, caf.id);
  const rule = SINGLE_WINDOW_STATUS_TABLE[code];
  const params: Record<string, string | number | boolean | null> = {};
  for (const key of DETAIL_KEYS) {
    const value = recorded.params[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params[key] = value;
  }
  if (rule.reason) params.reason = reasonOf(recorded.params);
  await insertPush(tx, {
    cafRowId: caf.id,
    applicationId: recorded.application_id,
    dedupeKey: `timeline:${recorded.id}`,
    statusCode: code,
    externalCode: rule.external,
    params,
    eventAt: new Date(recorded.timestamp),
  });
}
