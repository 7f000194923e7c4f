/** GET /reports/{type} with the chosen filters (status only when it is not 'all'; empty filters left out). */
import { useMutation } from '@tanstack/react-query';
import type { Report, ReportType } from '@portal/contract';
import { api } from '../../../lib/api-client';

export interface ReportRequest {
  type: ReportType;
  from_date: string;
  to_date: string;
  status: string;
  zone: string;
}

export function reportQuery(request: ReportRequest): Record<string, string | undefined> {
  return {
    from_date: request.from_date || undefined,
    to_date: request.to_date || undefined,
    status: request.type === 'applications' && request.status !== 'all' ? request.status : undefined,
    zone: request.zone.trim() || undefined,
  };
}

export function useGenerateReport() {
  return useMutation({
    mutationFn: (request: ReportRequest) =>
      api.get<Report>(`/reports/${request.type}`, { query: reportQuery(request) }),
  });
}
