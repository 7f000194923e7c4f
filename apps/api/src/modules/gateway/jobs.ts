/** The re-query (decision 016): an order still unpaid GATEWAY_REQUERY_AFTER_MS after it was made is asked about at
 * the gateway every GATEWAY_REQUERY_EVERY_MS, in one process at a time (the job lease), so a payment whose redirect
 * and webhook were both lost (the portal was down, the browser closed) is still recorded. */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { runExclusive } from '../../lib/job-lease';
import type { PaymentGatewaySetup } from '../../lib/gateway';
import {
  findGatewayOrdersToRequery,
  markGatewayOrderFailedIfCreated,
  noteGatewayOrderChecked,
} from '../../repositories/gateway-orders';
import { settleGatewayPayment } from './service';

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
