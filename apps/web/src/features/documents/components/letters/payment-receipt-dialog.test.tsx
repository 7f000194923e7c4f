// The payment receipt dialog: every fact of the receipt (the amount in figures and words) under the letterhead with
// the corporation's address and GSTIN, Print/Download and Close.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, type Invoice, type Payment } from '@portal/contract';
import { AppProviders } from '../../../../app/providers';
import { applicantFixture } from '../../../../test/fixtures';
import { jsonResponse, stubFetch } from '../../../../test/render-app';
import { PaymentReceiptDialog } from './payment-receipt-dialog';

const invoice: Invoice = {
  id: 'd0000000-0000-4000-8000-000000000002',
  invoice_number: 'INV-2026-000002',
  application_id: 'c0000000-0000-4000-8000-000000000001',
  invoice_type: 'emd',
  service_request_id: null,
  amount: 150000,
  due_date: '2026-03-03',
  status: 'paid',
  generated_at: '2026-02-01T10:00:00Z',
  paid_at: '2026-02-02T10:00:00Z',
  allotment_id: null,
  financial_year: null,
  interest: 0,
  amount_due: 0,
};
const payment: Payment = {
  id: 'e0000000-0000-4000-8000-000000000002',
  receipt_number: 'RCP-2026-000042',
  application_id: invoice.application_id,
  invoice_id: invoice.id,
  amount: 150000,
  payment_date: '2026-02-02T10:00:00Z',
  payment_method: 'online',
  transaction_reference: 'MOCK-1700000000000',
  status: 'success',
};

beforeEach(() => {
  stubFetch((url) =>
    url === '/api/organization'
      ? jsonResponse(200, {
          name: 'Industrial Infrastructure Corporation',
          address: 'Corporation House',
          gstin: '36AAACI1234F1Z3',
        })
      : jsonResponse(404, {}),
  );
});

function renderReceipt(onOpenChange = vi.fn()) {
  render(
    <PaymentReceiptDialog
      open
      onOpenChange={onOpenChange}
      payment={payment}
      invoice={invoice}
      applicationNumber="APP-2026-000007"
      applicant={applicantFixture()}
    />,
    { wrapper: AppProviders },
  );
  return screen.getByRole('dialog', { name: 'Payment Receipt' });
}

describe('payment receipt dialog', () => {
  it('shows the letterhead and every fact of the receipt', async () => {
    const dialog = renderReceipt();
    expect(within(dialog).getByTestId('letter')).toHaveTextContent('Industrial Infrastructure Corporation');
    expect(await within(dialog).findByText('GSTIN: 36AAACI1234F1Z3')).toBeInTheDocument();
    expect(within(dialog).getByTestId('letterhead')).toHaveTextContent('Corporation House');
    const value = (label: string) =>
      within(dialog).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value('Receipt number')).toBe('RCP-2026-000042');
    expect(value('Date and time')).toBe(formatDateTime(payment.payment_date));
    expect(value('Received from')).toBe('Kumar Precision Components Pvt Ltd');
    expect(value('Application number')).toBe('APP-2026-000007');
    expect(value('Invoice number')).toBe('INV-2026-000002');
    expect(value('Invoice type')).toBe('Earnest money deposit (EMD)');
    expect(value('Amount')).toBe('₹1,50,000');
    expect(value('Amount in words')).toBe('Rupees One Lakh Fifty Thousand Only');
    expect(value('Payment method')).toBe('Online');
    expect(value('Transaction reference')).toBe('MOCK-1700000000000');
    expect(value('Status')).toBe('Success');
  });

  it('prints the receipt in a window of its own, and Close closes', async () => {
    const written: string[] = [];
    const printWindow = {
      document: { open: vi.fn(), write: (html: string) => written.push(html), close: vi.fn() },
      focus: vi.fn(),
      print: vi.fn(),
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(printWindow as unknown as Window);
    const onOpenChange = vi.fn();
    const dialog = renderReceipt(onOpenChange);
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Print/Download' }));
    expect(open).toHaveBeenCalledWith('', '_blank', expect.any(String));
    expect(written.join('')).toContain('<title>Payment Receipt</title>');
    expect(written.join('')).toContain('RCP-2026-000042');
    expect(written.join('')).toContain('₹1,50,000');
    expect(printWindow.print).toHaveBeenCalled();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
