/** The status query as a job (decisions 016 and 019): every order the gateway has not settled is asked about, in one
 * process at a time (the job lease), so a payment whose redirect and webhook were both lost (the portal was down, the
 * browser closed), or whose browser came back saying it failed, is still recorded as the gateway says. The job runs
 * every GATEWAY_REQUERY_EVERY_MS (a minute); an order is asked about on every run while it is young and then at a
 * tenth of its age, at most hourly, for REQUERY_FOR_MS. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { runExclusive } from '../../../lib/job-lease';
import type { Sweep } from '../../../lib/sweeps';
import type { PaymentGatewaySetup } from '../../../lib/gateway';
import {
  findGatewayOrdersToReconcile,
  findGatewayOrdersToRequery,
  markGatewayOrderMismatch,
} from '../repositories/gateway-orders';
import { askGatewayAbout, tellFinanceOfMismatch } from './service';
import { clock } from '../../../core/clock';

/** Orders asked about per run. */
const REQUERY_BATCH = 200;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** How long an unsettled order is asked about: a payment is captured within minutes of the payer's attempt, and the
 * gateway gives back one authorised but never captured within five days; after this the daily reconciliation alone
 * looks at it. */
export const REQUERY_FOR_MS = 30 * DAY_MS;

export interface RequeryResult {
  checked: number;
  settled: number;
  failed: number;
}

/** Asks the gateway about each unsettled order that is due (`askGatewayAbout`): a captured payment settles it,
 * attempts that all failed mark it failed. An order the gateway does not answer for is tried again next run. */
export async function requeryGatewayOrders(
  db: Database,
  setup: PaymentGatewaySetup,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  now = clock.now(),
): Promise<RequeryResult> {
  const result: RequeryResult = { checked: 0, settled: 0, failed: 0 };
  const orders = await findGatewayOrdersToRequery(db, {
    now,
    since: new Date(now.getTime() - REQUERY_FOR_MS),
    everyMs: setup.config.requeryEveryMs,
    atMostMs: HOUR_MS,
    limit: REQUERY_BATCH,
  });
  for (const order of orders) {
    let answer;
    try {
      answer = await askGatewayAbout(db, setup, order);
    } catch (error) {
      log?.warn({ err: error, gatewayOrderId: order.gatewayOrderId }, 'The gateway did not answer the re-query');
      continue;
    }
    result.checked += 1;
    if (answer === 'paid' || answer === 'mismatch') result.settled += 1;
    if (answer === 'failed') result.failed += 1;
  }
  return result;
}

/** Orders whose redirect and webhook were both lost, asked about at the gateway (GATEWAY_REQUERY_EVERY_MS). */
export function gatewayRequerySweep(
  db: Database,
  setup: PaymentGatewaySetup,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Sweep {
  const everyMs = setup.config.requeryEveryMs;
  return {
    name: 'gateway_requery',
    everyMs,
    run: () =>
      runExclusive(db, 'gateway-requery', Math.max(everyMs - 500, 500), async () => {
        const result = await requeryGatewayOrders(db, setup, log);
        if (result.settled > 0 || result.failed > 0) log.info({ requery: result }, 'Gateway orders re-queried');
      }),
  };
}

/** The daily reconciliation with the gateway of the last day's orders and of every order still unsettled (up to
 * REQUERY_FOR_MS old): an order whose state here differs from the gateway's is reported to finance as a mismatch,
 * paid here with no captured payment there (not_captured_at_gateway) or captured there but not paid here after the
 * re-query had its chance (captured_not_recorded). Answers how many were marked. */
export async function reconcileGatewayOrders(
  db: Database,
  setup: PaymentGatewaySetup,
  log?: Pick<FastifyBaseLogger, 'warn'>,
  now = clock.now(),
): Promise<number> {
  let marked = 0;
  const orders = await findGatewayOrdersToReconcile(
    db,
    new Date(now.getTime() - DAY_MS),
    new Date(now.getTime() - REQUERY_FOR_MS),
  );
  for (const order of orders) {
    if (order.status === 'mismatch') continue;
    let payments;
    try {
      payments = await setup.gateway.fetchOrderPayments(order.gatewayOrderId);
    } catch (error) {
      log?.warn({ err: error, gatewayOrderId: order.gatewayOrderId }, 'The gateway did not answer the reconciliation');
      continue;
    }
    const captured = payments.some((payment) => payment.status === 'captured');
    // The re-query asks a young order every run: two runs after it was made, it has had its chance.
    const settleable = now.getTime() - order.createdAt.getTime() > setup.config.requeryEveryMs * 2;
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

/** The daily reconciliation with the gateway, five minutes after start and then daily. */
export function gatewayReconciliationSweep(
  db: Database,
  setup: PaymentGatewaySetup,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Sweep {
  return {
    name: 'gateway_reconciliation',
    everyMs: DAY_MS,
    firstAfterMs: 5 * 60_000,
    run: () =>
      runExclusive(db, 'gateway-reconciliation', DAY_MS - 60_000, async () => {
        const marked = await reconcileGatewayOrders(db, setup, log);
        if (marked > 0) log.warn({ marked }, 'Gateway orders that disagree with the gateway were marked for finance');
      }),
  };
}
