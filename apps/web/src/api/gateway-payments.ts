/** Payments through the gateway (decision 016): an order for an invoice, made by the server with the server's amount,
 * and the order read back while the bank's answer is awaited. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { GatewayCheckout, GatewayOrder, PaymentOrigin } from '@portal/contract';
import { api } from '../lib/api-client';

export const gatewayOrderKeys = {
  one: (id: string) => ['gateway-orders', id] as const,
};

/** Sends the whole page to the gateway's hosted checkout: a POST form with the order's fields, as the gateway asks. */
export function goToCheckout({ checkout }: GatewayCheckout): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = checkout.action;
  form.hidden = true;
  for (const [name, value] of Object.entries(checkout.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Starts paying an invoice online: the server makes the gateway order; on success the browser leaves for the bank.
 * `origin` is the screen the payment started from: the return page goes back there (decision 019). */
export function useStartGatewayPayment(navigate: (checkout: GatewayCheckout) => void = goToCheckout) {
  return useMutation({
    mutationFn: ({ invoiceId, origin }: { invoiceId: string; origin: PaymentOrigin }) =>
      api.post<GatewayCheckout>('/payments/orders', { invoice_id: invoiceId, origin }),
    onSuccess: navigate,
  });
}

/** One gateway order, checked again every 1.5 s while `polling` says so (the bank's answer is awaited). */
export function useGatewayOrder(id: string, polling: (order: GatewayOrder | undefined) => boolean) {
  return useQuery({
    queryKey: gatewayOrderKeys.one(id),
    queryFn: () => api.get<GatewayOrder>(`/payments/orders/${id}`),
    refetchInterval: (query) => (polling(query.state.data) ? 1500 : false),
  });
}
