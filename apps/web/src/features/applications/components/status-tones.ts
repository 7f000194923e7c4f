/** Badge colours for invoice and payment statuses (the application badge uses the contract's statusTone). */
import type { InvoiceStatus, LeaseDeedStatus, PaymentStatus } from '@portal/contract';
import type { StatusBadgeTone } from '../../../components/ui/status-badge';

export const INVOICE_TONES: Record<InvoiceStatus, StatusBadgeTone> = {
  pending: 'amber',
  paid: 'green',
  overdue: 'red',
};
export const PAYMENT_TONES: Record<PaymentStatus, StatusBadgeTone> = { success: 'green', failed: 'red' };
export const LEASE_DEED_TONES: Record<LeaseDeedStatus, StatusBadgeTone> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  needs_revision: 'amber',
};
export const DOCUMENT_TONES: Record<string, StatusBadgeTone> = { pending: 'grey', verified: 'green', rejected: 'red' };
