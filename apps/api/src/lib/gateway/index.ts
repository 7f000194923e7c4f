/** The payment gateway the app uses, as a decoration tests may point at their own sandbox. */
import { gatewayConfigFrom, type GatewayConfig } from '../../config';
import { createRazorpayGateway } from './razorpay';
import type { PaymentGateway } from './types';

export type { CheckoutForm, GatewayPayment, PaymentGateway } from './types';
export { createRazorpayGateway } from './razorpay';

export interface PaymentGatewaySetup {
  gateway: PaymentGateway;
  config: GatewayConfig;
  /** The portal's own address: the gateway sends the browser back to it. */
  portalUrl: string;
}

export function paymentGatewaySetup(config: GatewayConfig | undefined, portalUrl: string): PaymentGatewaySetup {
  const gatewayConfig = config ?? gatewayConfigFrom(process.env, 8000);
  return { gateway: createRazorpayGateway(gatewayConfig), config: gatewayConfig, portalUrl };
}
