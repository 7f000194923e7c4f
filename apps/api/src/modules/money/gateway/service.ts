/** Paying an invoice online through the payment gateway (decisions 016 and 019). The portal makes the order (the
 * amount is the server's: the invoice with its interest due today), sends the browser to the gateway's hosted
 * checkout, and believes only the gateway's signed word: the signed redirect back, the webhook, or its own status
 * query (`askGatewayAbout`). Whichever comes first settles the order, once (`settleGatewayPayment`). The browser's
 * unsigned word (a failure posted back) is shown to the payer and changes nothing. */
import { z } from 'zod';
import {
  isApplicant,
  can,
  paymentOriginQuery,
  type CreateGatewayOrderRequest,
  type GatewayCheckout,
  type GatewayOrder,
  type GatewayOrderListQuery,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { amountDueToday, recordInvoicePayment, requirePayable } from '../rules/payments';
import type { PaymentGatewaySetup } from '../../../lib/gateway';
import type { CurrentUser } from '../../../plugins/auth';
import { isInvoiceOwnedBy } from '../repositories/challans';
import {
  findGatewayOrderByGatewayId,
  findGatewayOrderById,
  findOpenGatewayOrdersOfInvoice,
  insertGatewayOrder,
  markGatewayOrderFailedIfCreated,
  noteGatewayOrderChecked,
  searchGatewayOrders,
  settleGatewayOrderIfOpen,
  takeWebhookEvent,
  toGatewayOrder,
  updateSettledGatewayOrder,
  viewsOfGatewayOrders,
  type GatewayOrderRow,
} from '../repositories/gateway-orders';
import { findInvoiceById } from '../../../repositories/invoices';
import { findUserById } from '../../../repositories/users';
import { findApplicationById } from '../../../repositories/applications';
import { activeUsersWithRole } from '../../../repositories/notifications';
import { deliver, officerLink } from '../../../lib/notify';
import { SYSTEM_ACTOR } from '../../../repositories/timeline';
import { machineNow } from '../../../core/clock';

const INVOICE_NOT_FOUND = 'Invoice not found';
const ORDER_NOT_FOUND = 'Payment order not found';

const toPaise = (rupees: number) => Math.round(rupees * 100);

async function viewOf(db: Database, row: GatewayOrderRow): Promise<GatewayOrder> {
  return toGatewayOrder((await viewsOfGatewayOrders(db, [row]))[0]!);
}

const gatewayUnavailable = () =>
  new HttpError(503, 'The payment gateway cannot be reached; please try again shortly', 'gateway_unavailable');
const alreadyPaid = () => conflict('This invoice has already been paid', 'invoice_already_paid');

/** POST /payments/orders: the gateway's order for the invoice's amount due today, and the checkout form. A payer whose
 * earlier payment the portal has not heard of yet (its redirect and webhook lost) is not charged twice: the invoice's
 * open orders are asked about at the gateway first, and one paid there settles the invoice (409). */
export async function createGatewayOrder(
  db: Database,
  setup: PaymentGatewaySetup,
  user: CurrentUser,
  request: CreateGatewayOrderRequest,
): Promise<GatewayCheckout> {
  const invoice = await findInvoiceById(db, request.invoice_id);
  // The invoice's owner (the applicant, the holder it is billed to, or who asked for the service): else 404.
  if (!invoice || !(await isInvoiceOwnedBy(db, invoice.id, user.id))) throw notFound(INVOICE_NOT_FOUND);
  requirePayable(invoice);
  try {
    let paid = false;
    for (const open of await findOpenGatewayOrdersOfInvoice(db, invoice.id)) {
      if ((await askGatewayAbout(db, setup, open)) === 'paid') paid = true;
    }
    if (paid) throw alreadyPaid();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw gatewayUnavailable();
  }
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
    throw gatewayUnavailable();
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
  // The origin rides on both addresses back (a route's name and a record id, checked again on the way in).
  const origin = paymentOriginQuery(request.origin);
  const withOrigin = (url: string) => (origin ? `${url}?${origin}` : url);
  const checkout = setup.gateway.checkout(
    {
      gatewayOrderId: created.id,
      amountPaise: created.amountPaise,
      description: `Invoice ${invoice.invoiceNumber}`,
      email: user.email,
    },
    {
      callbackUrl: withOrigin(`${setup.portalUrl}/api/payments/gateway/callback`),
      cancelUrl: withOrigin(`${setup.portalUrl}/payments/return/${row.id}`),
    },
  );
  return { order, checkout };
}

async function visibleOrder(db: Database, user: CurrentUser, id: string): Promise<GatewayOrderRow> {
  const row = await findGatewayOrderById(db, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  if (isApplicant(user)) {
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
  if (!isApplicant(user) && !can(user.role, 'read:finance')) throw forbidden();
  const page = await searchGatewayOrders(db, {
    ownerUserId: isApplicant(user) ? user.id : undefined,
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

/** What the gateway said when asked about an order: `open` when nothing is settled yet (no payment, or one on its way). */
export type GatewayAnswer = SettleOutcome | 'failed' | 'open';

/** The status query: asks the gateway for the order's payments and believes what it says. A captured payment settles
 * the order (settled_via requery); attempts that all failed mark it failed; anything else leaves it as it is. Throws
 * when the gateway does not answer (the order stays as it was). */
export async function askGatewayAbout(
  db: Database,
  setup: PaymentGatewaySetup,
  order: GatewayOrderRow,
): Promise<GatewayAnswer> {
  const payments = await setup.gateway.fetchOrderPayments(order.gatewayOrderId);
  await noteGatewayOrderChecked(db, order.id);
  const captured = payments.find((payment) => payment.status === 'captured');
  if (captured) {
    return settleGatewayPayment(db, {
      gatewayOrderId: order.gatewayOrderId,
      gatewayPaymentId: captured.id,
      amountPaise: captured.amountPaise,
      currency: captured.currency,
      via: 'requery',
    });
  }
  if (payments.length > 0 && payments.every((payment) => payment.status === 'failed')) {
    return (await markGatewayOrderFailedIfCreated(db, order.id)) ? 'failed' : 'open';
  }
  return 'open';
}

/** The form the gateway posts back to the callback URL: any shape at all, as a browser (or anyone) may post it. */
export type CallbackForm = unknown;

const field = (form: CallbackForm, name: string): string | undefined => {
  if (typeof form !== 'object' || form === null || Array.isArray(form)) return undefined;
  const value = (form as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
};

/** The order id a failure names in error[metadata] (a JSON object, if it is one). */
function failedOrderIdOf(form: CallbackForm): string | undefined {
  try {
    const metadata: unknown = JSON.parse(field(form, 'error[metadata]') ?? '{}');
    const orderId =
      typeof metadata === 'object' && metadata !== null ? (metadata as { order_id?: unknown }).order_id : undefined;
    return typeof orderId === 'string' && orderId !== '' ? orderId : undefined;
  } catch {
    return undefined;
  }
}

export interface CallbackOutcome {
  /** Our order's id, for the return page. */
  orderId: string;
  /** The browser came back saying the payment failed: unsigned, so shown to the payer and never believed. */
  saidFailed: boolean;
}

/** POST /payments/gateway/callback: a signed success settles the order; nothing else changes it. Answers our order
 * for the return page (null when the form names no order of ours). */
export async function handleGatewayCallback(
  db: Database,
  setup: PaymentGatewaySetup,
  form: CallbackForm,
  log: FastifyBaseLogger,
): Promise<CallbackOutcome | null> {
  const paymentId = field(form, 'razorpay_payment_id');
  const gatewayOrderId = field(form, 'razorpay_order_id');
  const signature = field(form, 'razorpay_signature');
  if (paymentId && gatewayOrderId && signature) {
    const order = await findGatewayOrderByGatewayId(db, gatewayOrderId);
    if (!order) return null;
    if (!setup.gateway.verifyPaymentSignature({ orderId: gatewayOrderId, paymentId, signature })) {
      // Settles nothing: the return page shows the order pending until the webhook or the status query answers.
      log.warn({ gatewayOrderId, paymentId }, 'gateway callback with a wrong signature');
      return { orderId: order.id, saidFailed: false };
    }
    await settleGatewayPayment(db, {
      gatewayOrderId,
      gatewayPaymentId: paymentId,
      amountPaise: null,
      currency: null,
      via: 'redirect',
    });
    return { orderId: order.id, saidFailed: false };
  }
  // A failure (error[code], error[description], error[metadata] = {"order_id", "payment_id"}) or a success without
  // its signature: the browser's word, which anyone who has seen the order id can post. It changes nothing; the
  // webhook or the status query says whether the payment failed, and the payer may have paid after all.
  const namedOrderId = failedOrderIdOf(form) ?? gatewayOrderId;
  if (!namedOrderId) return null;
  const order = await findGatewayOrderByGatewayId(db, namedOrderId);
  if (!order) return null;
  return { orderId: order.id, saidFailed: field(form, 'error[code]') !== undefined };
}

/** A webhook event as far as the portal reads it. Anything else the gateway sends is ignored; a body that is not an
 * event at all (null, an array, a string, fields of the wrong type) is refused with 400. */
const gatewayText = z.string().max(200);
const webhookEventSchema = z.object({
  event: gatewayText,
  created_at: z.number().finite(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z
            .object({
              id: gatewayText.optional(),
              order_id: gatewayText.optional(),
              amount: z.union([z.number(), z.string().max(30)]).optional(),
              currency: gatewayText.optional(),
              status: gatewayText.optional(),
            })
            .optional(),
        })
        .optional(),
      order: z.object({ entity: z.object({ id: gatewayText.optional() }).optional() }).optional(),
    })
    .optional(),
});

const signatureInvalid = (detail: string) => new HttpError(401, detail, 'signature_invalid');
const DAY_SECONDS = 24 * 60 * 60;
/** How far ahead of our clock a signed event may be dated (the gateway's clock and ours differ a little). */
export const WEBHOOK_CLOCK_SKEW_SECONDS = 5 * 60;

/** POST /payments/gateway/webhook: the raw body's signature checked, a stale event (over a day old) or one dated
 * beyond the clock skew refused, each event id taken once (in the same transaction as the settlement it brings). */
export async function handleGatewayWebhook(
  db: Database,
  setup: PaymentGatewaySetup,
  rawBody: string,
  headers: { signature?: string; eventId?: string },
): Promise<{ taken: boolean; outcome?: SettleOutcome | 'failed' | 'ignored' }> {
  if (!headers.signature || !setup.gateway.verifyWebhookSignature(rawBody, headers.signature)) {
    throw signatureInvalid('The webhook signature is missing or wrong');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('The webhook body is not JSON');
  }
  const parsed = webhookEventSchema.safeParse(json);
  if (!parsed.success) throw badRequest('The webhook body is not an event the gateway sends');
  const body = parsed.data;
  const createdAt = body.created_at;
  // The gateway dates its events by its own clock: judged by the machine's, never by a moved portal clock.
  const now = machineNow().getTime() / 1000;
  if (createdAt < now - DAY_SECONDS) {
    // An old delivery replayed: refused, as a forged one is.
    throw signatureInvalid('The webhook is too old');
  }
  if (createdAt > now + WEBHOOK_CLOCK_SKEW_SECONDS) {
    // Dated ahead of any clock drift: not an event the gateway sent now; a replay store would keep it "fresh".
    throw signatureInvalid('The webhook is dated in the future');
  }
  const event = body.event;
  const payment = body.payload?.payment?.entity;
  const gatewayOrderId = payment?.order_id ?? body.payload?.order?.entity?.id ?? null;
  if (headers.eventId && headers.eventId.length > 200) throw badRequest('The webhook event id is too long');
  const eventId = headers.eventId || `${event}:${payment?.id ?? ''}:${createdAt}`;
  return db.transaction(async (tx) => {
    if (!(await takeWebhookEvent(tx, { eventId, event, gatewayOrderId }))) return { taken: false };
    if (!gatewayOrderId || typeof payment?.id !== 'string') return { taken: true, outcome: 'ignored' as const };
    if ((event === 'payment.captured' || event === 'order.paid') && payment.status === 'captured') {
      const outcome = await settleGatewayPaymentIn(tx, {
        gatewayOrderId,
        gatewayPaymentId: payment.id,
        amountPaise: Number(payment.amount),
        currency: payment.currency ?? null,
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
