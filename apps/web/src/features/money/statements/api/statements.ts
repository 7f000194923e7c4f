/** The statement of account of an application or an allotment (a page of its entries for a period), and the
 * allotment's no-dues certificate. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LEDGER_PATHS, type NoDuesCertificate, type Statement } from '@portal/contract';
import { api } from '../../../../lib/api-client';

export type AccountKind = 'application' | 'allotment';

export interface StatementParams {
  from: string;
  to: string;
  limit: number;
  offset: number;
}

export const statementKeys = {
  all: ['statements'] as const,
  of: (kind: AccountKind, id: string) => ['statements', kind, id] as const,
};

export function statementPath(kind: AccountKind, id: string): string {
  return kind === 'allotment' ? LEDGER_PATHS.allotmentStatement(id) : LEDGER_PATHS.applicationStatement(id);
}

export function statementPdfPath(kind: AccountKind, id: string, period: { from: string; to: string }): string {
  const base = kind === 'allotment' ? LEDGER_PATHS.allotmentStatementPdf(id) : LEDGER_PATHS.applicationStatementPdf(id);
  const query = new URLSearchParams();
  if (period.from) query.set('from', period.from);
  if (period.to) query.set('to', period.to);
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

export function useStatement(kind: AccountKind, id: string, params: StatementParams) {
  return useQuery({
    queryKey: [...statementKeys.of(kind, id), params],
    queryFn: ({ signal }) =>
      api.get<Statement>(statementPath(kind, id), {
        signal,
        query: {
          ...(params.from ? { from: params.from } : {}),
          ...(params.to ? { to: params.to } : {}),
          limit: params.limit,
          offset: params.offset,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Issues (or finds today's) no-dues certificate; 409 dues_outstanding while anything is owed. */
export function useIssueNoDues(allotmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NoDuesCertificate>(LEDGER_PATHS.noDuesCertificate(allotmentId)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: statementKeys.all }),
  });
}
