/** What the portal asks of a payment gateway (decision 016). Razorpay's protocol is the one implementation; the
 * sandbox speaks it too. Amounts here are in paise, as the gateway counts them. */
export interface GatewayOrderCreated {
  /** The gateway's order id (order_...). */
  id: string;
  amountPaise: number;
}

export interface GatewayPayment {
  /** The gateway's payment id (pay_...). */
  id: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  /** captured (money taken), failed, or another state on the way (created, authorized, refunded). */
  status: string;
}

export interface CheckoutForm {
  /** The hosted checkout page: the browser POSTs `fields` there. */
  action: string;
  fields: Record<string, string>;
}

export interface PaymentGateway {
  /** The protocol spoken: razorpay. */
  readonly name: 'razorpay';
  /** The sandbox (TEST MODE), not a real bank. */
  readonly testMode: boolean;
  /** Throws when the gateway cannot be reached or refuses. */
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrderCreated>;
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** The signed redirect back: the signature of `order_id|payment_id`. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** A webhook: the signature of its raw body. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
  checkout(
    order: { gatewayOrderId: string; amountPaise: number; description: string; email?: string },
    urls: { callbackUrl: string; cancelUrl: string },
  ): CheckoutForm;
}
