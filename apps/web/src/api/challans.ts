/** NEFT/RTGS challans as the applicant's screens read them: an invoice's open challan, raised (or found) on the
 * server, and its PDF's address. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Challan } from '@portal/contract';
import { api } from '../lib/api-client';

export const challanKeys = {
  all: ['challans'] as const,
  forInvoice: (invoiceId: string) => ['challans', { invoice_id: invoiceId }] as const,
};

/** The invoice's open challan, if one was raised already. */
export function useOpenChallan(invoiceId: string) {
  return useQuery({
    queryKey: challanKeys.forInvoice(invoiceId),
    queryFn: async ({ signal }) =>
      (await api.get<Challan[]>('/challans', { query: { invoice_id: invoiceId, status: 'open' }, signal }))[0] ?? null,
  });
}

/** Raises the invoice's challan: the open one while it holds, else a new one (POST /challans). */
export function useRaiseChallan(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Challan>('/challans', { invoice_id: invoiceId }),
    onSuccess: (challan) => {
      queryClient.setQueryData(challanKeys.forInvoice(invoiceId), challan);
      void queryClient.invalidateQueries({ queryKey: challanKeys.all });
    },
  });
}

export const challanPdfPath = (challan: Pick<Challan, 'id'>) => `/challans/${challan.id}/challan.pdf`;
