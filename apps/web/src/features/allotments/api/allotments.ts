/** The Allotments screen's own read: the application number beside each allotment of the page shown. */
import { useQueries } from '@tanstack/react-query';
import type { Allotment } from '@portal/contract';
import { applicationKeys, fetchApplication } from '../../../api/applications';
import { orNone } from '../../../api/or-none';

/** An allotment row; a server that joins the application's number sends it along. */
export type AllotmentRow = Allotment & { application_number?: string };

/** Application numbers by id for the rows on screen (at most a page's worth, each kept for the next visit); only
 * a nicety beside each allotment, so a failure leaves the cell blank. */
export function useApplicationNumbers(rows: readonly AllotmentRow[]): Map<string, string> {
  const missing = [...new Set(rows.filter((row) => !row.application_number).map((row) => row.application_id))];
  const lookups = useQueries({
    queries: missing.map((id) => ({
      queryKey: [...applicationKeys.detail(id), 'number'],
      queryFn: async () => (await orNone(fetchApplication(id)))?.application_number ?? null,
      retry: false,
    })),
  });
  const numbers = new Map<string, string>();
  for (const row of rows) if (row.application_number) numbers.set(row.application_id, row.application_number);
  missing.forEach((id, index) => {
    const number = lookups[index]?.data;
    if (number) numbers.set(id, number);
  });
  return numbers;
}
