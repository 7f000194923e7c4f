/** Refunds as more than one feature reads them (decision 016): finance's lists and actions, an application's refunds
 * on its payments tab, the applicant's withdrawal, and the verification of an applicant's bank details. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Application, BankVerification, Refund, RefundDue } from '@portal/contract';
import { api, type ListParams } from '../lib/api-client';
import { applicantKeys } from './applicants';
import { applicationKeys } from './applications';
import { usePageQuery } from './page-query';

export const refundKeys = {
  all: ['refunds'] as const,
  due: ['refunds', 'due'] as const,
  ofApplication: (id: string) => ['refunds', 'application', id] as const,
  bank: (applicantId: string) => ['refunds', 'bank', applicantId] as const,
};

export function useDueRefundsPage(params: ListParams, options?: { enabled?: boolean }) {
  return usePageQuery<RefundDue>(refundKeys.due, '/refunds/due', params, options);
}

export function useRefundsPage(params: ListParams, options?: { enabled?: boolean }) {
  return usePageQuery<Refund>(refundKeys.all, '/refunds', params, options);
}

/** The refunds of one application (the applicant's own, or all for finance): a short list, read in one page. */
export function useApplicationRefunds(applicationId: string) {
  return useQuery({
    queryKey: refundKeys.ofApplication(applicationId),
    queryFn: ({ signal }) =>
      api.page<Refund>('/refunds', { application_id: applicationId, limit: 50 }, { signal }).then((page) => page.items),
  });
}

export function useBankVerification(applicantId: string | null) {
  return useQuery({
    queryKey: refundKeys.bank(applicantId ?? ''),
    queryFn: ({ signal }) => api.get<BankVerification>(`/applicants/${applicantId}/bank-verification`, { signal }),
    enabled: applicantId !== null,
  });
}

function useRefundChange<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: refundKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['applicants'] });
    },
  });
}

export const usePrepareRefund = () =>
  useRefundChange((input: { application_id: string; kind: RefundDue['kind'] }) => api.post<Refund>('/refunds', input));
export const useApproveRefund = () => useRefundChange((id: string) => api.post<Refund>(`/refunds/${id}/approve`));
export const useRejectRefund = () =>
  useRefundChange((input: { id: string; reason: string }) =>
    api.post<Refund>(`/refunds/${input.id}/reject`, { reason: input.reason }),
  );
export const useMarkRefundPaid = () =>
  useRefundChange((input: { id: string; utr: string; paid_on: string }) =>
    api.post<Refund>(`/refunds/${input.id}/paid`, { utr: input.utr, paid_on: input.paid_on }),
  );
export const useVerifyBank = () =>
  useRefundChange((applicantId: string) => api.put<BankVerification>(`/applicants/${applicantId}/bank-verification`));

/** The applicant withdraws their application: the application, its timeline and its refunds are read again. */
export function useWithdrawApplication(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<Application>(`/applications/${applicationId}/withdraw`, reason ? { reason } : {}),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      void queryClient.invalidateQueries({ queryKey: refundKeys.all });
      void queryClient.invalidateQueries({ queryKey: applicantKeys.me });
    },
  });
}
