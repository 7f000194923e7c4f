/** A plot's yearly dues (lease rent and maintenance charges), as its holder reads them: the holder's dues invoices,
 * read in one page, kept for this allotment. */
import { useQuery } from '@tanstack/react-query';
import { DUES_INVOICE_TYPES, type Invoice } from '@portal/contract';
import { invoiceKeys } from '../../../../api/invoices';
import { api } from '../../../../lib/api-client';

/** Up to 50 years of both kinds; a plot's dues beyond that are read on its statement of account. */
const DUES_PAGE = 100;

export function usePlotDues(allotmentId: string) {
  return useQuery({
    queryKey: [...invoiceKeys.all, 'dues', allotmentId],
    queryFn: ({ signal }) =>
      api
        .page<Invoice>(
          '/invoices',
          { invoice_type: [...DUES_INVOICE_TYPES], sort: '-due_date', limit: DUES_PAGE },
          { signal },
        )
        .then((page) => page.items.filter((invoice) => invoice.allotment_id === allotmentId)),
  });
}
