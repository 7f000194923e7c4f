/** Gateway orders (one per attempt to pay an invoice online) and the webhook deliveries already taken (decision 016).
 * An order leaves `created` (or `failed`, which a later captured payment may still overturn) exactly once, by a
 * conditional update: that update is the lock that makes the redirect, the webhook and the re-query settle it once. */
import { and, eq, gte, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { GATEWAY_ORDER_LIST, type GatewayOrder, type GatewayOrderListQuery } from '@portal/contract';
import type { Database } from '../../../db/client';
import { gatewayOrders, gatewayWebhookEvents, invoices } from '../../../db/schema';
import { idIn, likePattern, numberPattern, type Page, pageOfTable, type SortExpression } from '../../../core/list-page';
import { invoicesOwnedBy } from '../../../repositories/invoices';

export type GatewayOrderRow = typeof gatewayOrders.$inferSelect;
export type NewGatewayOrder = typeof gatewayOrders.$inferInsert;
export type GatewayOrderView = GatewayOrderRow & { invoiceNumber: string };

export async function insertGatewayOrder(db: Database, values: NewGatewayOrder): Promise<GatewayOrderRow> {
  const [row] = await db.insert(gatewayOrders).values(values).returning();
  return row!;
}

export async function findGatewayOrderById(db: Database, id: string): Promise<GatewayOrderRow | undefined> {
  const [row] = await db.select().from(gatewayOrders).where(eq(gatewayOrders.id, id));
  return row;
}

export async function findGatewayOrderByGatewayId(
  db: Database,
  gatewayOrderId: string,
): Promise<GatewayOrderRow | undefined> {
  const [row] = await db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderId, gatewayOrderId));
  return row;
}

/** Takes the order out of created/failed into `status`, answering it; undefined when another answer took it first. */
export async function settleGatewayOrderIfOpen(
  db: Database,
  id: string,
  values: {
    status: 'paid' | 'mismatch';
    settledVia: GatewayOrderRow['settledVia'];
    gatewayPaymentId: string;
    mismatchCode: string | null;
  },
): Promise<GatewayOrderRow | undefined> {
  const [row] = await db
    .update(gatewayOrders)
    .set({ ...values, settledAt: sql`portal_now()` })
    .where(and(eq(gatewayOrders.id, id), inArray(gatewayOrders.status, ['created', 'failed'])))
    .returning();
  return row;
}

/** After settling: the payment recorded, or the reason the answer was not believed. */
export async function updateSettledGatewayOrder(
  db: Database,
  id: string,
  values: { paymentId?: string; status?: 'mismatch'; mismatchCode?: string },
): Promise<void> {
  await db.update(gatewayOrders).set(values).where(eq(gatewayOrders.id, id));
}

export async function markGatewayOrderFailedIfCreated(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(gatewayOrders)
    .set({ status: 'failed' })
    .where(and(eq(gatewayOrders.id, id), eq(gatewayOrders.status, 'created')))
    .returning({ id: gatewayOrders.id });
  return rows.length > 0;
}

/** Notes that the re-query asked about the order. */
export async function noteGatewayOrderChecked(db: Database, id: string): Promise<void> {
  await db
    .update(gatewayOrders)
    .set({ lastCheckedAt: sql`portal_now()`, checks: sql`${gatewayOrders.checks} + 1` })
    .where(eq(gatewayOrders.id, id));
}

/** The orders the gateway has not settled (created, or failed: a failed attempt may be followed by a captured one). */
const openOrder = inArray(gatewayOrders.status, ['created', 'failed']);

/** An invoice's open orders (a payer about to pay again). */
export async function findOpenGatewayOrdersOfInvoice(db: Database, invoiceId: string): Promise<GatewayOrderRow[]> {
  return db
    .select()
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.invoiceId, invoiceId), openOrder))
    .orderBy(gatewayOrders.createdAt);
}

/** Open orders made since `since` that are due to be asked about at `now`: never asked, or last asked longer ago
 * than a tenth of the order's age, at least `everyMs` and at most `atMostMs` (a young order every run, a day-old one
 * hourly). The least recently checked first. */
export async function findGatewayOrdersToRequery(
  db: Database,
  window: { now: Date; since: Date; everyMs: number; atMostMs: number; limit: number },
): Promise<GatewayOrderRow[]> {
  const now = sql`${window.now.toISOString()}::timestamptz`;
  const ms = (value: number) => sql`(${value} * interval '1 millisecond')`;
  const wait = sql`least(greatest((${now} - ${gatewayOrders.createdAt}) / 10, ${ms(window.everyMs)}), ${ms(window.atMostMs)})`;
  return db
    .select()
    .from(gatewayOrders)
    .where(
      and(
        openOrder,
        gte(gatewayOrders.createdAt, window.since),
        sql`(${gatewayOrders.lastCheckedAt} is null or ${gatewayOrders.lastCheckedAt} <= ${now} - ${wait})`,
      ),
    )
    .orderBy(sql`${gatewayOrders.lastCheckedAt} asc nulls first`, gatewayOrders.createdAt)
    .limit(window.limit);
}

/** For the daily reconciliation: the orders made since `madeSince`, and those still open made since `openSince`. */
export async function findGatewayOrdersToReconcile(
  db: Database,
  madeSince: Date,
  openSince: Date,
): Promise<GatewayOrderRow[]> {
  return db
    .select()
    .from(gatewayOrders)
    .where(or(gte(gatewayOrders.createdAt, madeSince), and(openOrder, gte(gatewayOrders.createdAt, openSince))))
    .orderBy(gatewayOrders.createdAt);
}

export async function markGatewayOrderMismatch(
  db: Database,
  id: string,
  mismatchCode: string,
  from: GatewayOrderRow['status'][],
): Promise<GatewayOrderRow | undefined> {
  const [row] = await db
    .update(gatewayOrders)
    .set({ status: 'mismatch', mismatchCode })
    .where(and(eq(gatewayOrders.id, id), inArray(gatewayOrders.status, from)))
    .returning();
  return row;
}

/** Records a webhook delivery; false when that event was already taken (nothing more to do). */
export async function takeWebhookEvent(
  db: Database,
  event: { eventId: string; event: string; gatewayOrderId: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(gatewayWebhookEvents)
    .values(event)
    .onConflictDoNothing({ target: gatewayWebhookEvents.eventId })
    .returning({ eventId: gatewayWebhookEvents.eventId });
  return rows.length > 0;
}

export async function viewsOfGatewayOrders(db: Database, rows: GatewayOrderRow[]): Promise<GatewayOrderView[]> {
  if (rows.length === 0) return [];
  const found = await db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(
      inArray(
        invoices.id,
        rows.map((row) => row.invoiceId),
      ),
    );
  const numbers = new Map(found.map((row) => [row.id, row.invoiceNumber]));
  return rows.map((row) => ({ ...row, invoiceNumber: numbers.get(row.invoiceId) ?? '' }));
}

export function toGatewayOrder(row: GatewayOrderView): GatewayOrder {
  return {
    id: row.id,
    invoice_id: row.invoiceId,
    invoice_number: row.invoiceNumber,
    application_id: row.applicationId,
    gateway: row.gateway,
    test_mode: row.testMode,
    gateway_order_id: row.gatewayOrderId,
    amount: row.amount,
    interest: row.interest,
    status: row.status,
    settled_via: row.settledVia,
    mismatch_code: row.mismatchCode,
    payment_id: row.paymentId,
    created_at: row.createdAt.toISOString(),
    settled_at: row.settledAt ? row.settledAt.toISOString() : null,
  };
}

export interface GatewayOrderSearch {
  /** Only the orders of this user's invoices (an entrepreneur's own list). */
  ownerUserId?: string;
  query: GatewayOrderListQuery;
}

const GATEWAY_ORDER_SORT_COLUMNS = {
  created_at: gatewayOrders.createdAt,
  amount: gatewayOrders.amount,
} satisfies Record<(typeof GATEWAY_ORDER_LIST.sort)[number], SortExpression>;

function gatewayOrderConditions(search: GatewayOrderSearch): SQL[] {
  const { query } = search;
  const conditions: SQL[] = [];
  if (search.ownerUserId) {
    // The orders they started, and the orders of their invoices: each read by its own index.
    conditions.push(
      idIn(
        gatewayOrders.id,
        sql`select ${gatewayOrders.id} from ${gatewayOrders} where ${gatewayOrders.userId} = ${search.ownerUserId}`,
        sql`select ${gatewayOrders.id} from ${gatewayOrders} where ${gatewayOrders.invoiceId} in (select ${invoices.id} from ${invoices} where ${invoicesOwnedBy(search.ownerUserId)})`,
      ),
    );
  }
  if (query.status?.length) conditions.push(inArray(gatewayOrders.status, query.status));
  if (query.invoice_id) conditions.push(eq(gatewayOrders.invoiceId, query.invoice_id));
  if (query.application_id) conditions.push(eq(gatewayOrders.applicationId, query.application_id));
  if (query.q) {
    const pattern = numberPattern(query.q);
    conditions.push(
      idIn(
        gatewayOrders.id,
        sql`select ${gatewayOrders.id} from ${gatewayOrders} where ${like(gatewayOrders.gatewayOrderId, likePattern(query.q))}`,
        sql`select ${gatewayOrders.id} from ${gatewayOrders} where ${gatewayOrders.invoiceId} in (select ${invoices.id} from ${invoices} where ${like(invoices.invoiceNumber, pattern)})`,
      ),
    );
  }
  return conditions;
}

export async function searchGatewayOrders(db: Database, search: GatewayOrderSearch): Promise<Page<GatewayOrderView>> {
  const page = await pageOfTable(db, {
    table: gatewayOrders,
    request: search.query,
    sortColumns: GATEWAY_ORDER_SORT_COLUMNS,
    conditions: gatewayOrderConditions(search),
    total: search.ownerUserId ? 'all' : 'capped',
  });
  return { ...page, items: await viewsOfGatewayOrders(db, page.items) };
}
