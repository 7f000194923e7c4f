/** The finance dashboard's client-side lists (spec section 5): the invoice status filter's choices (the filtering
 * itself is lib/list-filter.ts) and the ten most recent payments. */
import {
  INVOICE_STATUSES,
  RECENT_PAYMENTS_ON_FINANCE_DASHBOARD,
  type InvoiceStatus,
  type Payment,
} from '@portal/contract';

export const INVOICE_STATUS_FILTER = ['all', ...INVOICE_STATUSES] as const;
export type InvoiceStatusFilter = 'all' | InvoiceStatus;

export function recentPayments(payments: Payment[]): Payment[] {
  return [...payments]
    .sort((a, b) => Date.parse(b.payment_date) - Date.parse(a.payment_date))
    .slice(0, RECENT_PAYMENTS_ON_FINANCE_DASHBOARD);
}
