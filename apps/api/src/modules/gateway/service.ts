/** Paying an invoice online through the payment gateway (decision 016). The portal makes the order (the amount is
 * the server's: the invoice with its interest due today), sends the browser to the gateway's hosted checkout, and
 * believes only the gateway's signed answers: the redirect back, the webhook, or its own re-query. Whichever comes
 * first settles the order, once (`settleGatewayPayment`). */
import { can, type GatewayCheckout, type GatewayOrder, type GatewayOrderListQuery } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { forbidden, HttpError, notFound } from '../../core/http-error';
import type { Page } from '../../core/list-page';
import { amountDueToday, recordInvoicePayment, requirePayable } from '../../case/payments';
import type { PaymentGatewaySetup } from '../../lib/gateway';
import type { CurrentUser } from '../../plugins/auth';
import { isInvoiceOwnedBy } from '../../repositories/challans';
import {
  findGatewayOrderByGatewayId,
  findGatewayOrderById,
  insertGatewayOrder,
  markGatewayOrderFailedIfCreated,
  searchGatewayOrders,
  settleGatewayOrderIfOpen,
  takeWebhookEvent,
  toGatewayOrder,
  updateSettledGatewayOrder,
  viewsOfGatewayOrders,
  type GatewayOrderRow,
} from '../../repositories/gateway-orders';
import { findInvoiceById } from '../../repositories/invoices';
import { findUserById } from '../../repositories/users';
import { findApplicationById } from '../../repositories/applications';
import { activeUsersWithRole } from '../../repositories/notifications';
import { deliver, officerLink } from '../../lib/notify';
import { SYSTEM_ACTOR } from '../../repositories/timeline';

const INVOICE_NOT_FOUND = 'Invoice not found';
const ORDER_NOT_FOUND = 'Payment order not found';

const toPaise = (rupees: number) => Math.round(rupees * 100);

async function viewOf(db: Database, row: GatewayOrderRow): Promise<GatewayOrder> {
  return toGatewayOrder((await viewsOfGatewayOrders(db, [row]))[0]!);
}

/** POST /payments/orders: the gateway's order for the invoice's amount due today, and the checkout form. */
export async function createGatewayOrder(
  db: Database,
  setup: PaymentGatewaySetup,
  user: CurrentUser,
  invoiceId: string,
): Promise<GatewayCheckout> {
  const invoice = await findInvoiceById(db, invoiceId);
  // The invoice's owner (the applicant, the holder it is billed to, or who asked for the service): else 404.
  if (!invoice || !(await isInvoiceOwnedBy(db, invoice.id, user.id))) throw notFound(INVOICE_NOT_FOUND);
  requirePayable(invoice);
  const due = amountDueToday(invoice);
  let created;
  try {
    created = await setup.gateway.createOrder({
      amountPaise: toPaise(due.total),
      receipt: invoice.invoiceNumber,
      notes: { invoice_id: invoice.id, invoice_number: invoice.invoiceNumber },
    });
  } catch {
    // Nothing is stored: the applicant may simply try again.
    throw new HttpError(503, 'The payment gateway cannot be reached; please try again shortly', 'gateway_unavailable');
  }
  const row = await insertGatewayOrder(db, {
    invoiceId: invoice.id,
    applicationId: invoice.applicationId,
    userId: user.id,
    gateway: setup.gateway.name,
    testMode: setup.gateway.testMode,
    gatewayOrderId: created.id,
    amount: due.total,
    interest: due.interest,
  });
  const order = await viewOf(db, row);
  const checkout = setup.gateway.checkout(
    {
      gatewayOrderId: created.id,
      amountPaise: created.amountPaise,
      description: `Invoice ${invoice.invoiceNumber}`,
      email: user.email,
    },
    {
      callbackUrl: `${setup.portalUrl}/api/payments/gateway/callback`,
      cancelUrl: `${setup.portalUrl}/payments/return/${row.id}`,
    },
  );
  return { order, checkout };
}

async function visibleOrder(db: Database, user: CurrentUser, id: string): Promise<GatewayOrderRow> {
  const row = await findGatewayOrderById(db, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  if (user.role === 'entrepreneur') {
    if (row.userId !== user.id && !(await isInvoiceOwnedBy(db, row.invoiceId, user.id)))
      throw notFound(ORDER_NOT_FOUND);
  } else if (!can(user.role, 'read:finance')) {
    throw forbidden();
  }
  return row;
}

export async function getGatewayOrder(db: Database, user: CurrentUser, id: string): Promise<GatewayOrder> {
  return viewOf(db, await visibleOrder(db, user, id));
}

export async function listGatewayOrders(
  db: Database,
  user: CurrentUser,
  query: GatewayOrderListQuery,
): Promise<Page<GatewayOrder>> {
  if (user.role !== 'entrepreneur' && !can(user.role, 'read:finance')) throw forbidden();
  const page = await searchGatewayOrders(db, {
    ownerUserId: user.role === 'entrepreneur' ? user.id : undefined,
    query,
  });
  return { ...page, items: page.items.map(toGatewayOrder) };
}

export interface GatewayPaymentAnswer {
  /** The gateway's order id the payment belongs to. */
  gatewayOrderId: string;
  gatewayPaymentId: string;
  /** What the gateway says was paid, in paise; null when the answer binds the order itself (the signed redirect:
   * the gateway collects an order's amount and nothing else). */
  amountPaise: number | null;
  currency: string | null;
  via: 'redirect' | 'webhook' | 'requery';
}

export type SettleOutcome = 'paid' | 'mismatch' | 'already_settled' | 'unknown_order';

/** THE way a gateway's answer settles an order, in the caller's transaction: the conditional update out of
 * created/failed is the lock, so however many answers race exactly one settles it. An amount or order that is not
 * ours makes it a mismatch (the invoice stays unpaid, finance sees it); an invoice already paid another way too. */
export async function settleGatewayPaymentIn(tx: Database, answer: GatewayPaymentAnswer): Promise<SettleOutcome> {
  const order = await findGatewayOrderByGatewayId(tx, answer.gatewayOrderId);
  if (!order) return 'unknown_order';
  const amountRight =
    (answer.amountPaise === null || answer.amountPaise === toPaise(order.amount)) &&
    (answer.currency === null || answer.currency === 'INR');
  const settled = await settleGatewayOrderIfOpen(tx, order.id, {
    status: amountRight ? 'paid' : 'mismatch',
    settledVia: answer.via,
    gatewayPaymentId: answer.gatewayPaymentId,
    mismatchCode: amountRight ? null : 'amount_mismatch',
  });
  if (!settled) return 'already_settled';
  if (!amountRight) {
    await tellFinanceOfMismatch(tx, order, 'amount_mismatch');
    return 'mismatch';
  }
  const invoice = await findInvoiceById(tx, order.invoiceId);
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  // The payer paid: the bank's verified answer records the payment as theirs on the case's timeline.
  const payer = await findUserById(tx, order.userId);
  const actor = payer ? { id: payer.id, role: payer.role, name: payer.fullName } : SYSTEM_ACTOR;
  try {
    const payment = await recordInvoicePayment(tx, actor, {
      invoice,
      interest: order.interest,
      method: 'online',
      reference: answer.gatewayPaymentId,
      paidBy: order.userId,
      gatewayOrderId: order.id,
    });
    await updateSettledGatewayOrder(tx, order.id, { paymentId: payment.id });
    return 'paid';
  } catch (error) {
    // Paid already another way (a challan, another order): the money came twice; finance refunds it.
    if (error instanceof HttpError && error.statusCode === 409) {
      await updateSettledGatewayOrder(tx, order.id, { status: 'mismatch', mismatchCode: 'already_paid' });
      await tellFinanceOfMismatch(tx, order, 'already_paid');
      return 'mismatch';
    }
    throw error;
  }
}

/** Tells every active finance user, once per order, that a gateway's payment was not believed: the money may have been
 * taken, and finance checks it with the gateway and refunds the payer (decision 016). */
export async function tellFinanceOfMismatch(tx: Database, order: GatewayOrderRow, mismatchCode: string): Promise<void> {
  const invoice = await findInvoiceById(tx, order.invoiceId);
  const application = await findApplicationById(tx, order.applicationId);
  await deliver(tx, await activeUsersWithRole(tx, 'finance'), {
    code: 'gateway_mismatch',
    params: {
      gateway_order_id: order.gatewayOrderId,
      invoice_number: invoice?.invoiceNumber ?? null,
      application_number: application?.applicationNumber ?? null,
      amount: order.amount,
      mismatch_code: mismatchCode,
    },
    link: officerLink(order.applicationId),
    applicationId: order.applicationId,
    dedupeKey: (recipient) => `gateway_mismatch:${order.id}:${recipient.id}`,
  });
}

export function settleGatewayPayment(db: Database, answer: GatewayPaymentAnswer): Promise<SettleOutcome> {
  return db.transaction((tx) => settleGatewayPaymentIn(tx, answer));
}

/** The form the gateway posts back to the callback URL. */
export type CallbackForm = Record<string, unknown>;

const field = (form: CallbackForm, name: string): string | undefined => {
  const value = form[name];
  return typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;
};

/** POST /payments/gateway/callback: answers our order's id for the return page (null when the order is unknown). */
export async function handleGatewayCallback(
  db: Database,
  setup: PaymentGatewaySetup,
  form: CallbackForm,
  log: FastifyBaseLogger,
): Promise<string | null> {
  const paymentId = field(form, 'razorpay_payment_id');
  const gatewayOrderId = field(form, 'razorpay_order_id');
  const signature = field(form, 'razorpay_signature');
  if (paymentId && gatewayOrderId && signature) {
    const order = await findGatewayOrderByGatewayId(db, gatewayOrderId);
    if (!order) return null;
    if (!setup.gateway.verifyPaymentSignature({ orderId: gatewayOrderId, paymentId, signature })) {
      // Settles nothing: the return page shows the order pending until the webhook or the re-query answers.
      log.warn({ gatewayOrderId, paymentId }, 'gateway callback with a wrong signature');
      return order.id;
    }
    await settleGatewayPayment(db, {
      gatewayOrderId,
      gatewayPaymentId: paymentId,
      amountPaise: null,
      currency: null,
      via: 'redirect',
    });
    return order.id;
  }
  // A failure: error[code], error[description], error[metadata] = {"order_id", "payment_id"} (not signed: it only
  // marks an order still created as failed, which a captured payment later still overturns).
  let metadata: { order_id?: unknown };
  try {
    metadata = JSON.parse(field(form, 'error[metadata]') ?? '{}') as { order_id?: unknown };
  } catch {
    metadata = {};
  }
  const failedOrderId = typeof metadata.order_id === 'string' ? metadata.order_id : gatewayOrderId;
  if (!failedOrderId) return null;
  const order = await findGatewayOrderByGatewayId(db, failedOrderId);
  if (!order) return null;
  await markGatewayOrderFailedIfCreated(db, order.id);
  return order.id;
}

interface WebhookBody {
  event?: unknown;
  created_at?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown; currency?: unknown; status?: unknown } };
    order?: { entity?: { id?: unknown } };
  };
}

const signatureInvalid = (detail: string) => new HttpError(401, detail, 'signature_invalid');
const DAY_SECONDS = 24 * 60 * 60;

/** POST /payments/gateway/webhook: the raw body's signature checked, a stale event refused, each event id taken once
 * (in the same transaction as the settlement it brings). */
export async function handleGatewayWebhook(
  db: Database,
  setup: PaymentGatewaySetup,
  rawBody: string,
  headers: { signature?: string; eventId?: string },
): Promise<{ taken: boolean; outcome?: SettleOutcome | 'failed' | 'ignored' }> {
  if (!headers.signature || !setup.gateway.verifyWebhookSignature(rawBody, headers.signature)) {
    throw signatureInvalid('The webhook signature is missing or wrong');
  }
  let body: WebhookBody;
  try {
    body = JSON.parse(rawBody) as WebhookBody;
  } catch {
    throw new HttpError(400, 'The webhook body is not JSON');
  }
  const createdAt = typeof body.created_at === 'number' ? body.created_at : NaN;
  if (!Number.isFinite(createdAt) || createdAt < Date.now() / 1000 - DAY_SECONDS) {
    // An old delivery replayed: refused, as a forged one is.
    throw signatureInvalid('The webhook is too old');
  }
  const event = typeof body.event === 'string' ? body.event : '';
  const payment = body.payload?.payment?.entity;
  const gatewayOrderId =
    typeof payment?.order_id === 'string'
      ? payment.order_id
      : typeof body.payload?.order?.entity?.id === 'string'
        ? body.payload.order.entity.id
        : null;
  const eventId = headers.eventId || `${event}:${String(payment?.id ?? '')}:${createdAt}`;
  return db.transaction(async (tx) => {
    if (!(await takeWebhookEvent(tx, { eventId, event, gatewayOrderId }))) return { taken: false };
    if (!gatewayOrderId || typeof payment?.id !== 'string') return { taken: true, outcome: 'ignored' as const };
    if ((event === 'payment.captured' || event === 'order.paid') && payment.status === 'captured') {
      const outcome = await settleGatewayPaymentIn(tx, {
        gatewayOrderId,
        gatewayPaymentId: payment.id,
        amountPaise: typeof payment.amount === 'number' ? payment.amount : Number(payment.amount),
        currency: typeof payment.currency === 'string' ? payment.currency : null,
        via: 'webhook',
      });
      return { taken: true, outcome };
    }
    if (event === 'payment.failed') {
      const order = await findGatewayOrderByGatewayId(tx, gatewayOrderId);
      if (order) await markGatewayOrderFailedIfCreated(tx, order.id);
      return { taken: true, outcome: 'failed' as const };
    }
    return { taken: true, outcome: 'ignored' as const };
  });
}
