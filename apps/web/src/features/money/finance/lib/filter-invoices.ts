/** The finance dashboard's invoice status filter choices (filtering, search and paging are the server's). */
import { INVOICE_STATUSES, type InvoiceStatus } from '@portal/contract';

export const INVOICE_STATUS_FILTER = ['all', ...INVOICE_STATUSES] as const;
export type InvoiceStatusFilter = 'all' | InvoiceStatus;
