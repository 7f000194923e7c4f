/** The Allotments screen's calls: every allotment (staff see all), and the applications for their numbers. */
import { useQuery } from '@tanstack/react-query';
import type { Allotment, Application } from '@portal/contract';
import { api } from '../../../lib/api-client';

export function useAllAllotments() {
  return useQuery({ queryKey: ['allotments'], queryFn: () => api.get<Allotment[]>('/allotments') });
}

/** Application numbers by id; only a nicety beside each allotment, so a failure leaves the column blank. */
export function useApplicationNumbers() {
  return useQuery({
    queryKey: ['applications'],
    queryFn: () => api.get<Application[]>('/applications'),
    select: (applications) =>
      new Map(applications.map((application) => [application.id, application.application_number])),
    retry: false,
  });
}
