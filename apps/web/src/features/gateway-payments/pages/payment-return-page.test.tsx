// Back from the bank: the page waits for the server's verified word on the order, checking again while it is
// pending, and words each outcome; it never says paid before the server does.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GatewayOrder } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../test/render-app';

const ORDER_ID = '70000000-0000-4000-8000-000000000001';
const APP_ID = 'c0000000-0000-4000-8000-000000000001';

function order(overrides: Partial<GatewayOrder> = {}): GatewayOrder {
  return {
    id: ORDER_ID,
    invoice_id: 'd0000000-0000-4000-8000-000000000001',
    invoice_number: 'INV-2026-000001',
    application_id: APP_ID,
    gateway: 'razorpay',
    test_mode: true,
    gateway_order_id: 'order_T1',
    amount: 11800,
    interest: 0,
    status: 'created',
    settled_via: null,
    mismatch_code: null,
    payment_id: null,
    created_at: '2026-02-02T10:00:00Z',
    settled_at: null,
    ...overrides,
  };
}

function openWith(answers: GatewayOrder[]) {
  signedInAs('entrepreneur');
  let asked = 0;
  stubFetch((url) => {
    if (url === `/api/payments/orders/${ORDER_ID}`) {
      const answer = answers[Math.min(asked, answers.length - 1)]!;
      asked += 1;
      return jsonResponse(200, answer);
    }
    return jsonResponse(200, []);
  });
  renderApp(`/payments/return/${ORDER_ID}`);
  return { asked: () => asked };
}

describe('payment return page', () => {
  it('says it is confirming while the order is pending, checks again, and says paid once the server does', async () => {
    const view = openWith([order(), order(), order({ status: 'paid', settled_via: 'webhook' })]);
    expect(await screen.findByText('Confirming your payment with the bank…')).toBeInTheDocument();
    expect(screen.getByText(/Please do not pay again/)).toBeInTheDocument();
    expect(
      await screen.findByText(
        "Payment received: ₹11,800 for invoice INV-2026-000001. Your receipt is on the application's Payments tab.",
        undefined,
        { timeout: 6000 },
      ),
    ).toBeInTheDocument();
    expect(view.asked()).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: 'Go to the application' })).toHaveAttribute(
      'href',
      `/applications/${APP_ID}`,
    );
  });

  it('words a failed payment and a payment finance must check', async () => {
    openWith([order({ status: 'failed' })]);
    expect(await screen.findByText(/did not go through\. Nothing was charged/)).toBeInTheDocument();
  });

  it('asks a payer whose order the bank answered wrongly not to pay again', async () => {
    openWith([order({ status: 'mismatch', mismatch_code: 'amount_mismatch' })]);
    const live = (await screen.findByText(/We are checking your payment for invoice INV-2026-000001/)).closest(
      '[aria-live]',
    );
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(within(live as HTMLElement).getByText(/finance office will contact you/)).toBeInTheDocument();
  });
});
