/** The Razorpay protocol through the official SDK: orders.create, orders.fetchPayments, and the two signatures. The
 * same code talks to the sandbox gateway (TEST MODE): only the host differs. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Razorpay from 'razorpay';
import type { GatewayConfig } from '../../config';
import type { GatewayPayment, PaymentGateway } from './types';

/** Compares two hex signatures in constant time. The SDK's validatePaymentVerification and validateWebhookSignature
 * compare with ===, which leaks through timing how much of a forged signature is right; so the HMAC is computed here
 * and compared with timingSafeEqual. */
function signatureMatches(data: string, secret: string, signature: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(data).digest('hex'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number | string;
  currency: string;
  status: string;
}

export function createRazorpayGateway(config: GatewayConfig): PaymentGateway {
  const client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  // The SDK's host is fixed to https://api.razorpay.com; this is the one place the sandbox's address replaces it
  // (the SDK keeps its axios instance at api.rq). A timeout, so an unreachable gateway answers in seconds.
  const rq = (client as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq;
  rq.defaults.baseURL = config.apiUrl;
  rq.defaults.timeout = 15_000;

  return {
    name: 'razorpay',
    testMode: config.mode === 'sandbox',
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
      return { id: order.id, amountPaise: Number(order.amount) };
    },
    async fetchOrderPayments(gatewayOrderId) {
      const answer = (await client.orders.fetchPayments(gatewayOrderId)) as unknown as {
        items: RazorpayPaymentEntity[];
      };
      return answer.items.map((item): GatewayPayment => ({
        id: item.id,
        orderId: item.order_id,
        amountPaise: Number(item.amount),
        currency: item.currency,
        status: item.status,
      }));
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return signatureMatches(`${orderId}|${paymentId}`, config.keySecret, signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(rawBody, config.webhookSecret, signature);
    },
    checkout(order, urls) {
      return {
        action: `${config.mode === 'sandbox' ? config.apiUrl : 'https://api.razorpay.com'}/v1/checkout/embedded`,
        fields: {
          key_id: config.keyId,
          order_id: order.gatewayOrderId,
          name: 'Allotment Portal',
          description: order.description,
          callback_url: urls.callbackUrl,
          // The portal's return page of this order: where a cancelled payment goes, and the link the sandbox shows
          // when it loses the redirect back on purpose.
          cancel_url: urls.cancelUrl,
          ...(order.email ? { 'prefill[email]': order.email } : {}),
        },
      };
    },
  };
}
