/** The Allotments screen's own call: the applications for their numbers (every allotment comes from api/). */
import { useQuery } from '@tanstack/react-query';
import { applicationKeys, fetchApplications } from '../../../api/applications';

/** Application numbers by id; only a nicety beside each allotment, so a failure leaves the column blank. */
export function useApplicationNumbers() {
  return useQuery({
    queryKey: applicationKeys.all,
    queryFn: fetchApplications,
    select: (applications) =>
      new Map(applications.map((application) => [application.id, application.application_number])),
    retry: false,
  });
}
