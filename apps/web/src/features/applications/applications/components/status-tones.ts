/** Badge colours for the statuses of what hangs off an application (the application badge uses the contract's
 * statusTone). */
import type {
  AllotmentStatus,
  AssetStatus,
  DocumentChecklistState,
  DocumentStatus,
  InvoiceStatus,
  LeaseDeedStatus,
  PaymentStatus,
  QueryStatus,
} from '@portal/contract';
import type { StatusBadgeTone } from '../../../../components/ui/status-badge';

export const INVOICE_TONES: Record<InvoiceStatus, StatusBadgeTone> = {
  pending: 'amber',
  paid: 'green',
  overdue: 'red',
  cancelled: 'grey',
};
export const PAYMENT_TONES: Record<PaymentStatus, StatusBadgeTone> = { success: 'green', failed: 'red' };
export const LEASE_DEED_TONES: Record<LeaseDeedStatus, StatusBadgeTone> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  needs_revision: 'amber',
};
export const DOCUMENT_TONES: Record<DocumentStatus, StatusBadgeTone> = {
  pending: 'grey',
  verified: 'green',
  rejected: 'red',
};
export const CHECKLIST_TONES: Record<DocumentChecklistState, StatusBadgeTone> = {
  missing: 'amber',
  pending: 'grey',
  verified: 'green',
  rejected: 'red',
};
export const QUERY_TONES: Record<QueryStatus, StatusBadgeTone> = { open: 'amber', answered: 'blue', closed: 'grey' };
export const ASSET_TONES: Record<AssetStatus, StatusBadgeTone> = {
  available: 'green',
  reserved: 'amber',
  allotted: 'blue',
  other: 'grey',
};
export const ALLOTMENT_TONES: Record<AllotmentStatus, StatusBadgeTone> = {
  active: 'green',
  expired: 'grey',
  cancelled: 'grey',
  surrendered: 'grey',
};
