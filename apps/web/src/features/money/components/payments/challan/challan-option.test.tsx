// Pay by bank transfer (NEFT/RTGS): the applicant gets the invoice's challan from the server and sees the
// corporation's account, the reference to quote and the amount, and downloads the challan's PDF; an invoice with an
// open challan shows it at once; a paid invoice offers nothing.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Challan } from '@portal/contract';
import { AppProviders } from '../../../../../app/providers';
import { jsonResponse, pageResponse, stubFetch } from '../../../../../test/render-app';
import { ChallanOption } from '../challan-option';

const INVOICE = {
  id: 'd0000000-0000-4000-8000-000000000002',
  invoice_number: 'INV-2026-000002',
  status: 'pending' as const,
};

const CHALLAN: Challan = {
  id: 'c1000000-0000-4000-8000-000000000001',
  challan_number: 'CHL-2026-000007',
  invoice_id: INVOICE.id,
  invoice_number: INVOICE.invoice_number,
  invoice_type: 'emd',
  application_id: 'c0000000-0000-4000-8000-000000000001',
  application_number: 'APP-2026-000001',
  amount: 200000,
  interest: 0,
  status: 'open',
  valid_until: '2026-12-12',
  created_at: '2026-11-27T06:00:00.000Z',
  paid_at: null,
  account: {
    beneficiary_name: 'Industrial Infrastructure Corporation Collections',
    account_number: '00000041234567890',
    ifsc: 'SBIN0020000',
    bank_name: 'State Bank of India',
    branch: 'Corporate Accounts Group, Hyderabad',
  },
};

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

describe('challan option', () => {
  it('gets the challan and shows the account, the reference to quote and the amount, with its PDF', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'POST' && url === '/api/challans') return jsonResponse(201, CHALLAN);
      if (url === `/api/challans/${CHALLAN.id}/challan.pdf`)
        return new Response('%PDF-1.7 challan', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      return pageResponse([]);
    });
    render(<ChallanOption invoice={INVOICE} />, { wrapper: AppProviders });
    const section = await screen.findByRole('region', { name: 'Pay by bank transfer (NEFT/RTGS)' });
    await user.click(
      within(section).getByRole('button', { name: 'Get a challan to pay invoice INV-2026-000002 by bank transfer' }),
    );
    expect(await within(section).findByText('CHL-2026-000007')).toBeInTheDocument();
    expect(within(section).getByText('00000041234567890')).toBeInTheDocument();
    expect(within(section).getByText('SBIN0020000')).toBeInTheDocument();
    expect(within(section).getByText('₹2,00,000')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ invoice_id: INVOICE.id });

    await user.click(within(section).getByRole('button', { name: 'Download challan CHL-2026-000007 (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['challan-CHL-2026-000007.pdf']));
  });

  it('shows an open challan at once, and nothing for a paid invoice', async () => {
    stubFetch((url) => (url.startsWith('/api/challans?') ? pageResponse([CHALLAN]) : pageResponse([])));
    const { unmount } = render(<ChallanOption invoice={INVOICE} />, { wrapper: AppProviders });
    expect(await screen.findByText('CHL-2026-000007')).toBeInTheDocument();
    unmount();
    render(<ChallanOption invoice={{ ...INVOICE, status: 'paid' }} />, { wrapper: AppProviders });
    expect(screen.queryByRole('region', { name: 'Pay by bank transfer (NEFT/RTGS)' })).not.toBeInTheDocument();
  });

  it('asks the amount to transfer to the paisa, as the bank must send it', async () => {
    const maintenance = { ...CHALLAN, invoice_type: 'maintenance_charge' as const, amount: 6131.6 };
    stubFetch((url) => (url.startsWith('/api/challans?') ? pageResponse([maintenance]) : pageResponse([])));
    render(<ChallanOption invoice={INVOICE} />, { wrapper: AppProviders });
    const amount = await screen.findByText('Amount to transfer');
    expect(amount.nextElementSibling).toHaveTextContent(/^₹6,131\.60$/);
    expect(screen.getByText(/Transfer exactly this amount/)).toBeInTheDocument();
  });
});
