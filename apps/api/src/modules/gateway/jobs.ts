/** The re-query (decision 016): an order still unpaid GATEWAY_REQUERY_AFTER_MS after it was made is asked about at
 * the gateway every GATEWAY_REQUERY_EVERY_MS, in one process at a time (the job lease), so a payment whose redirect
 * and webhook were both lost (the portal was down, the browser closed) is still recorded. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { runExclusive } from '../../lib/job-lease';
import type { PaymentGatewaySetup } from '../../lib/gateway';
import {
  findGatewayOrdersSince,
  findGatewayOrdersToRequery,
  markGatewayOrderMismatch,
  markGatewayOrderFailedIfCreated,
  noteGatewayOrderChecked,
} from '../../repositories/gateway-orders';
import { settleGatewayPayment, tellFinanceOfMismatch } from './service';

/** Orders asked about per run. */
const REQUERY_BATCH = 200;

export interface RequeryResult {
  checked: number;
  settled: number;
  failed: number;
}

/** Asks the gateway about each order still open and older than `afterMs`: a captured payment settles it (settled_via
 * requery), only failed attempts mark it failed. An order the gateway does not answer for is tried again next run. */
export async function requeryGatewayOrders(
  db: Database,
  setup: PaymentGatewaySetup,
  afterMs: number = setup.config.requeryAfterMs,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<RequeryResult> {
  const result: RequeryResult = { checked: 0, settled: 0, failed: 0 };
  const orders = await findGatewayOrdersToRequery(db, new Date(Date.now() - afterMs), REQUERY_BATCH);
  for (const order of orders) {
    let payments;
    try {
      payments = await setup.gateway.fetchOrderPayments(order.gatewayOrderId);
    } catch (error) {
      log?.warn({ err: error, gatewayOrderId: order.gatewayOrderId }, 'The gateway did not answer the re-query');
      continue;
    }
    result.checked += 1;
    await noteGatewayOrderChecked(db, order.id);
    const captured = payments.find((payment) => payment.status === 'captured');
    if (captured) {
      const outcome = await settleGatewayPayment(db, {
        gatewayOrderId: order.gatewayOrderId,
        gatewayPaymentId: captured.id,
        amountPaise: captured.amountPaise,
        currency: captured.currency,
        via: 'requery',
      });
      if (outcome === 'paid' || outcome === 'mismatch') result.settled += 1;
    } else if (payments.length > 0 && payments.every((payment) => payment.status === 'failed')) {
      if (await markGatewayOrderFailedIfCreated(db, order.id)) result.failed += 1;
    }
  }
  return result;
}

export function scheduleGatewayRequery(
  db: Database,
  setup: PaymentGatewaySetup,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): { stop(): Promise<void> } {
  const everyMs = setup.config.requeryEveryMs;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = runExclusive(db, 'gateway-requery', Math.max(everyMs - 500, 500), async () => {
      const result = await requeryGatewayOrders(db, setup, setup.config.requeryAfterMs, log);
      if (result.settled > 0 || result.failed > 0) log.info({ requery: result }, 'Gateway orders re-queried');
    })
      .catch((error: unknown) => log.warn({ err: error }, 'The gateway re-query failed; it will run again'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

const DAY_MS = 24 * 60 * 60_000;

/** The daily reconciliation of the last day's orders with the gateway: paid here but with no captured payment there
 * (not_captured_at_gateway), or captured there but not paid here after the re-query had its chance
 * (captured_not_recorded), makes the order a mismatch for finance. Answers how many were marked. */
export async function reconcileGatewayOrders(
  db: Database,
  setup: PaymentGatewaySetup,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  now = new Date(),
): Promise<number> {
  let marked = 0;
  for (const order of await findGatewayOrdersSince(db, new Date(now.getTime() - DAY_MS))) {
    if (order.status === 'mismatch') continue;
    let payments;
    try {
      payments = await setup.gateway.fetchOrderPayments(order.gatewayOrderId);
    } catch (error) {
      log?.warn({ err: error, gatewayOrderId: order.gatewayOrderId }, 'The gateway did not answer the reconciliation');
      continue;
    }
    const captured = payments.some((payment) => payment.status === 'captured');
    const settleable = now.getTime() - order.createdAt.getTime() > setup.config.requeryAfterMs * 2;
    const mismatch =
      order.status === 'paid' && !captured
        ? { code: 'not_captured_at_gateway', from: ['paid' as const] }
        : order.status !== 'paid' && captured && settleable
          ? { code: 'captured_not_recorded', from: ['created' as const, 'failed' as const] }
          : null;
    if (!mismatch) continue;
    const markedNow = await db.transaction(async (tx) => {
      const row = await markGatewayOrderMismatch(tx, order.id, mismatch.code, mismatch.from);
      if (row) await tellFinanceOfMismatch(tx, row, mismatch.code);
      return row !== undefined;
    });
    if (markedNow) marked += 1;
  }
  return marked;
}

export function scheduleGatewayReconciliation(
  db: Database,
  setup: PaymentGatewaySetup,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = runExclusive(db, 'gateway-reconciliation', DAY_MS - 60_000, async () => {
      const marked = await reconcileGatewayOrders(db, setup, log);
      if (marked > 0) log.warn({ marked }, 'Gateway orders that disagree with the gateway were marked for finance');
    })
      .catch((error: unknown) => log.warn({ err: error }, 'The gateway reconciliation failed; it will run again'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, 5 * 60_000);
  first.unref();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
