// Back from the bank: the page waits for the server's verified word on the order, checking again while it is
// pending, and words each outcome; it never says paid before the server does.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GatewayOrder } from '@portal/contract';
import { jsonResponse, renderApp, signedInAs, stubFetch } from '../../../../test/render-app';

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

function openWith(answers: GatewayOrder[], query = '') {
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
  renderApp(`/payments/return/${ORDER_ID}${query}`);
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
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(view.asked()).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: 'Go to the application' })).toHaveAttribute(
      'href',
      `/applications/${APP_ID}`,
    );
  });

  it("says it is confirming with the bank, not that it failed, when the bank's page said failed, until the server knows", async () => {
    const view = openWith(
      [order(), order(), order({ status: 'paid', settled_via: 'requery' })],
      '?from=myPlots&said=failed',
    );
    expect(await screen.findByText('Confirming your payment with the bank…')).toBeInTheDocument();
    expect(screen.getByText(/The bank's page said your payment of ₹11,800 .* did not go through/)).toBeInTheDocument();
    expect(screen.queryByText(/did not go through\. Nothing was charged/)).not.toBeInTheDocument();
    expect(
      await screen.findByText(/^Payment received: ₹11,800 for invoice INV-2026-000001/, undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(view.asked()).toBeGreaterThanOrEqual(3);
    // Back to My plots, where the yearly dues were paid from; the application (with the receipt) beside it.
    expect(screen.getByRole('link', { name: 'Back to My plots' })).toHaveAttribute('href', '/allotments');
    expect(screen.getByRole('link', { name: 'Go to the application' })).toHaveAttribute(
      'href',
      `/applications/${APP_ID}`,
    );
  });

  it('goes back to the scheme a payment started from', async () => {
    const SCHEME_ID = 'e0000000-0000-4000-8000-000000000001';
    openWith([order({ status: 'paid' })], `?from=schemeDetail&from_id=${SCHEME_ID}`);
    expect(await screen.findByRole('link', { name: 'Back to the scheme' })).toHaveAttribute(
      'href',
      `/schemes/${SCHEME_ID}`,
    );
  });

  it('offers only the application when the origin is unknown or names an address', async () => {
    openWith([order({ status: 'paid' })], '?from=https%3A%2F%2Fevil.example&from_id=..%2F..%2Flogin');
    expect(await screen.findByRole('link', { name: 'Go to the application' })).toHaveAttribute(
      'href',
      `/applications/${APP_ID}`,
    );
    expect(screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.includes('evil'))).toEqual([]);
    expect(screen.queryByRole('link', { name: /^Back to/ })).not.toBeInTheDocument();
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
