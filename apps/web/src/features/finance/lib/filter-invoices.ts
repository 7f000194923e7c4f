/** The finance dashboard's client-side filters (spec section 5): a case-insensitive match on the invoice number
 * and an exact status match, 'all' meaning no filter; and the ten most recent payments. */
import {
  INVOICE_STATUSES,
  RECENT_PAYMENTS_ON_FINANCE_DASHBOARD,
  type Invoice,
  type InvoiceStatus,
  type Payment,
} from '@portal/contract';

export const INVOICE_STATUS_FILTER = ['all', ...INVOICE_STATUSES] as const;
export type InvoiceStatusFilter = 'all' | InvoiceStatus;

export function filterInvoices(invoices: Invoice[], search: string, status: InvoiceStatusFilter): Invoice[] {
  const needle = search.trim().toLowerCase();
  return invoices.filter(
    (invoice) =>
      (needle === '' || invoice.invoice_number.toLowerCase().includes(needle)) &&
      (status === 'all' || invoice.status === status),
  );
}

export function recentPayments(payments: Payment[]): Payment[] {
  return [...payments]
    .sort((a, b) => Date.parse(b.payment_date) - Date.parse(a.payment_date))
    .slice(0, RECENT_PAYMENTS_ON_FINANCE_DASHBOARD);
}
