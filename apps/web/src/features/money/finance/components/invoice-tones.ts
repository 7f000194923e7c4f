/** Badge colours of invoice and payment statuses: paid and success green, overdue and failed red, pending amber,
 * cancelled grey. */
import type { InvoiceStatus, PaymentStatus } from '@portal/contract';
import type { StatusBadgeTone } from '../../../../components/ui/status-badge';

export const INVOICE_TONES: Record<InvoiceStatus, StatusBadgeTone> = {
  paid: 'green',
  overdue: 'red',
  pending: 'amber',
  cancelled: 'grey',
};
export const PAYMENT_TONES: Record<PaymentStatus, StatusBadgeTone> = { success: 'green', failed: 'red' };
