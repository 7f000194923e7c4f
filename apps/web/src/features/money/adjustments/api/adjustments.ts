/** Ledger adjustments (maker-checker): the list a page at a time, the late yearly dues a waiver is prepared on, and
 * the maker's and checker's actions. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DUES_INVOICE_TYPES,
  type ApplicationListItem,
  type Invoice,
  type LedgerAdjustment,
  type PrepareLedgerAdjustmentRequest,
} from '@portal/contract';
import { invoiceKeys } from '../../../../api/invoices';
import { usePageQuery } from '../../../../api/page-query';
import { api, type ListParams } from '../../../../lib/api-client';

export const adjustmentKeys = { all: ['ledger-adjustments'] as const };

export function useAdjustmentsPage(params: ListParams) {
  return usePageQuery<LedgerAdjustment>(adjustmentKeys.all, '/ledger-adjustments', params);
}

/** Unpaid yearly dues past their due date: those whose interest may be waived. */
export function useLateDuesPage(params: ListParams) {
  const chosen = params.invoice_type;
  return usePageQuery<Invoice>([...invoiceKeys.all, 'late-dues'], '/invoices', {
    ...params,
    status: ['overdue'],
    invoice_type: Array.isArray(chosen) && chosen.length > 0 ? chosen : [...DUES_INVOICE_TYPES],
  });
}

/** The application an officer names by its number (exactly), or undefined. */
export async function findApplicationByNumber(number: string): Promise<ApplicationListItem | undefined> {
  const wanted = number.trim().toUpperCase();
  const page = await api.page<ApplicationListItem>('/applications', { q: wanted, limit: 10 });
  return page.items.find((item) => item.application_number.toUpperCase() === wanted);
}

function useAdjustmentChange<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adjustmentKeys.all });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

export const usePrepareAdjustment = () =>
  useAdjustmentChange((input: PrepareLedgerAdjustmentRequest) =>
    api.post<LedgerAdjustment>('/ledger-adjustments', input),
  );
export const useApproveAdjustment = () =>
  useAdjustmentChange((id: string) => api.post<LedgerAdjustment>(`/ledger-adjustments/${id}/approve`));
export const useRejectAdjustment = () =>
  useAdjustmentChange((input: { id: string; reason: string }) =>
    api.post<LedgerAdjustment>(`/ledger-adjustments/${input.id}/reject`, { reason: input.reason }),
  );
