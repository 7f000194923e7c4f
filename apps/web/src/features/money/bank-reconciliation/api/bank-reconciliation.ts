/** Bank reconciliation for finance: imported statements (a page of them, one's report, an upload with progress) and
 * bank credits (a page of them, a maker's settlement, a checker's approval or rejection, setting one aside). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankCredit, StatementImport, StatementImportSummary } from '@portal/contract';
import { usePageQuery } from '../../../../api/page-query';
import { invoiceKeys } from '../../../../api/invoices';
import { api, type ListParams } from '../../../../lib/api-client';

export const reconciliationKeys = {
  imports: ['bank-statements'] as const,
  importReport: (id: string) => ['bank-statements', id] as const,
  credits: ['bank-credits'] as const,
};

export function useStatementImportsPage(params: ListParams) {
  return usePageQuery<StatementImportSummary>(reconciliationKeys.imports, '/bank-statements', params);
}

export function useStatementImport(id: string | null) {
  return useQuery({
    queryKey: reconciliationKeys.importReport(id ?? ''),
    queryFn: ({ signal }) => api.get<StatementImport>(`/bank-statements/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Uploads a statement, reporting progress 0..1. A file imported before is refused with 409 and the earlier report. */
export function useUploadStatement(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<StatementImport>('/bank-statements', form, onProgress);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.imports });
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.credits });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

export function useBankCreditsPage(params: ListParams) {
  return usePageQuery<BankCredit>(reconciliationKeys.credits, '/bank-credits', params);
}

/** A change of one credit: the list (and the invoices, which a settlement pays) are read again. */
function useCreditChange<Input>(request: (input: Input) => Promise<BankCredit>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.credits });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

export const useSettleCredit = () =>
  useCreditChange((input: { id: string; invoice_id: string; note: string }) =>
    api.post<BankCredit>(`/bank-credits/${input.id}/settlement`, { invoice_id: input.invoice_id, note: input.note }),
  );

export const useApproveSettlement = () =>
  useCreditChange((id: string) => api.post<BankCredit>(`/bank-credits/${id}/settlement/approve`));

export const useRejectSettlement = () =>
  useCreditChange((input: { id: string; reason: string }) =>
    api.post<BankCredit>(`/bank-credits/${input.id}/settlement/reject`, { reason: input.reason }),
  );

export const useSetAsideCredit = () =>
  useCreditChange((input: { id: string; reason: string }) =>
    api.post<BankCredit>(`/bank-credits/${input.id}/set-aside`, { reason: input.reason }),
  );
