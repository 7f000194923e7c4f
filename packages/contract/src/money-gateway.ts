/** Request and response schemas of money: the payment gateway (decision 016). Razorpay's protocol, spoken by the
 * real gateway or by the sandbox that `npm start` runs beside the portal.
 *
 * API:
 * - POST /api/payments/orders {invoice_id} -> 201 gatewayCheckoutSchema: the order (amount from the server) and the
 *   hosted checkout the browser POSTs a form to (`checkout.action` with `checkout.fields`).
 * - GET /api/payments/orders/:id -> gatewayOrderSchema (its payer, or staff with read:finance).
 * - GET /api/payments/orders -> a page of gatewayOrderSchema (finance all, an entrepreneur their own).
 * - POST /api/payments/gateway/callback: the gateway's signed redirect back (form-encoded); answers 303 to the web
 *   route /payments/return/:orderId.
 * - POST /api/payments/gateway/webhook: the gateway's signed webhook (401 when the signature is wrong). */
import { z } from 'zod';
import { GATEWAY_ORDER_STATUSES, GATEWAY_SETTLED_VIA } from './money';
import { enumList, listQueryFor } from './listing';

const id = z.uuid();
const timestamp = z.string();

export const createGatewayOrderRequestSchema = z.object({ invoice_id: id });
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
