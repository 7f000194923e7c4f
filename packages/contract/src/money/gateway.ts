/** Request and response schemas of money: the payment gateway (decision 016). Razorpay's protocol, spoken by the
 * real gateway or by the sandbox that `npm start` runs beside the portal.
 *
 * API:
 * - POST /api/payments/orders {invoice_id, origin?} -> 201 gatewayCheckoutSchema: the order (amount from the server)
 *   and the hosted checkout the browser POSTs a form to (`checkout.action` with `checkout.fields`). Before it makes a
 *   new order the server asks the gateway about the invoice's open ones: one already paid there is settled and the
 *   answer is 409 invoice_already_paid (decision 019).
 * - GET /api/payments/orders/:id -> gatewayOrderSchema (its payer, or staff with read:finance).
 * - GET /api/payments/orders -> a page of gatewayOrderSchema (finance all, an entrepreneur their own).
 * - POST /api/payments/gateway/callback: the gateway's redirect back (form-encoded); answers 303 to the web route
 *   /payments/return/:orderId with the payment's origin. Only a signed success changes the order; a failure is the
 *   browser's word (unsigned) and changes nothing (decision 019): the return page says `said=failed`.
 * - POST /api/payments/gateway/webhook: the gateway's signed webhook (401 when the signature is wrong or the event
 *   is stale or dated in the future). */
import { z } from 'zod';
import { GATEWAY_ORDER_STATUSES, GATEWAY_SETTLED_VIA } from './money';
import { enumList, listQueryFor } from '../listing';
import { ROUTES } from '../roles';

const id = z.uuid();
const timestamp = z.string();

/** The screens a payment may start from; the return page goes back there (decision 019). A route's name, never an
 * address: the path is the route's own with the record's id in it, so the origin cannot redirect anywhere else. */
export const PAYMENT_ORIGIN_ROUTES = [
  'myPlots',
  'applicationDetail',
  'serviceRequestDetail',
  'schemeDetail',
  'schemeAuction',
] as const satisfies readonly (keyof typeof ROUTES)[];
export type PaymentOriginRoute = (typeof PAYMENT_ORIGIN_ROUTES)[number];

export const paymentOriginSchema = z
  .object({ route: z.enum(PAYMENT_ORIGIN_ROUTES), id: id.optional() })
  .refine((origin) => ROUTES[origin.route].path.includes(':id') === (origin.id !== undefined), {
    error: 'Give the record of a route that has one, and none otherwise',
  });
export type PaymentOrigin = z.infer<typeof paymentOriginSchema>;

/** The return page's query: where the payment started (`from`, `from_id`), and `said=failed` when the browser came
 * back with the gateway's unsigned word that the payment failed (shown, never believed). */
export const PAYMENT_RETURN_QUERY = { from: 'from', fromId: 'from_id', said: 'said' } as const;

/** The origin's query string (`from=myPlots`, `from=schemeDetail&from_id=<uuid>`), empty without one. */
export function paymentOriginQuery(origin: PaymentOrigin | null | undefined): string {
  if (!origin) return '';
  const from = `${PAYMENT_RETURN_QUERY.from}=${encodeURIComponent(origin.route)}`;
  return origin.id ? `${from}&${PAYMENT_RETURN_QUERY.fromId}=${encodeURIComponent(origin.id)}` : from;
}

/** A query as the browser's URLSearchParams reads it. */
interface QueryReader {
  get(name: string): string | null;
}

/** The origin a query names, or null when it names none or something unknown (which is ignored, never followed). */
export function paymentOriginFrom(query: QueryReader | Record<string, unknown>): PaymentOrigin | null {
  const read = (name: string) => {
    const value =
      typeof query.get === 'function' ? (query as QueryReader).get(name) : (query as Record<string, unknown>)[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const parsed = paymentOriginSchema.safeParse({
    route: read(PAYMENT_RETURN_QUERY.from),
    id: read(PAYMENT_RETURN_QUERY.fromId),
  });
  return parsed.success ? parsed.data : null;
}

/** The path of the screen a payment started from. */
export function paymentOriginPath(origin: PaymentOrigin): string {
  return ROUTES[origin.route].path.replace(':id', origin.id ?? '');
}

export const createGatewayOrderRequestSchema = z.object({
  invoice_id: id,
  /** Where the payer started paying; the gateway's return brings them back there. */
  origin: paymentOriginSchema.optional(),
});
export type CreateGatewayOrderRequest = z.input<typeof createGatewayOrderRequestSchema>;

export const gatewayOrderSchema = z.object({
  id,
  invoice_id: id,
  invoice_number: z.string(),
  application_id: id,
  /** The protocol: razorpay. */
  gateway: z.string(),
  /** Paid in the sandbox (TEST MODE), not at a real bank. */
  test_mode: z.boolean(),
  gateway_order_id: z.string(),
  /** What the gateway was asked to collect: the invoice's amount plus `interest` (late yearly dues). */
  amount: z.number(),
  interest: z.number(),
  status: z.enum(GATEWAY_ORDER_STATUSES),
  settled_via: z.enum(GATEWAY_SETTLED_VIA).nullable(),
  /** Why the gateway's answer was not believed (amount_mismatch, already_paid...), for finance. */
  mismatch_code: z.string().nullable(),
  /** The receipt of the payment it recorded, once paid. */
  payment_id: id.nullable(),
  created_at: timestamp,
  settled_at: timestamp.nullable(),
});
export type GatewayOrder = z.infer<typeof gatewayOrderSchema>;

export const gatewayCheckoutSchema = z.object({
  order: gatewayOrderSchema,
  checkout: z.object({
    /** The gateway's hosted checkout page: the browser submits a POST form there. */
    action: z.string(),
    fields: z.record(z.string(), z.string()),
  }),
});
export type GatewayCheckout = z.infer<typeof gatewayCheckoutSchema>;

export const GATEWAY_ORDER_LIST = {
  sort: ['created_at', 'amount'] as const,
  defaultSort: '-created_at' as const,
  searches: 'gateway order id, invoice number',
  filters: {
    status: enumList(GATEWAY_ORDER_STATUSES),
    application_id: id.optional(),
    invoice_id: id.optional(),
  },
};
export const gatewayOrderListQuerySchema = /* @__PURE__ */ listQueryFor(GATEWAY_ORDER_LIST);
export type GatewayOrderListQuery = z.infer<typeof gatewayOrderListQuerySchema>;
