/** Invoices as every feature reads them: the query keys, the fetchers and the query hooks. */
import { useQuery } from '@tanstack/react-query';
import type { Invoice } from '@portal/contract';
import { api, type ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';

export const invoiceKeys = {
  all: ['invoices'] as const,
  forApplication: (applicationId: string) => ['invoices', { application_id: applicationId }] as const,
};

/** One application's invoices (a whole collection is only ever read a page at a time). */
export const fetchInvoices = (applicationId: string) =>
  api.get<Invoice[]>('/invoices', { query: { application_id: applicationId } });

/** One page of the invoices the caller may see (INVOICE_LIST's sort, filters and search). */
export function useInvoicePage(params: ListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return usePageQuery<Invoice>(invoiceKeys.all, '/invoices', params, { enabled });
}

/** One application's invoices. */
export function useInvoices(applicationId: string) {
  return useQuery({ queryKey: invoiceKeys.forApplication(applicationId), queryFn: () => fetchInvoices(applicationId) });
}
