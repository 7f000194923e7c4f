/** Grievances on the public performance page (decision 038): per month and category, received, resolved by their
 * promised day and reopened, over the last three months. Counts only, no one named; read from one grouped count. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, GRIEVANCE_CATEGORY_CODES, type GrievanceFigures } from '@portal/contract';
import { api } from '../../../../lib/api-client';
import { Card } from '../../../../components/ui/card';
import { TableScroll } from '../../../../components/ui/data-table';
import { Spinner } from '../../../../components/ui/spinner';

const TH = 'px-3 py-2 text-left font-semibold text-slate-900';
const TD = 'px-3 py-2 text-slate-800 tabular-nums';

export function GrievanceFiguresCard() {
  const { t } = useTranslation(['grievance-figures', 'performance']);
  const figures = useQuery({
    queryKey: ['grievances', 'figures'],
    queryFn: ({ signal }) => api.get<GrievanceFigures>('/public/grievance-figures', { signal }),
  });
  const monthName = (month: string) =>
    t('performance:monthLabel', { name: t(`performance:months.${month.slice(5, 7)}`), year: month.slice(0, 4) });
  return (
    <Card title={t('title')}>
      {figures.isPending ? (
        <Spinner />
      ) : figures.isError || !figures.data ? (
        <p className="text-red-800">{t('loadFailed')}</p>
      ) : (
        <>
          <p className="mb-4 text-slate-800">{t('subtitle', { since: formatDate(figures.data.since) })}</p>
          {figures.data.figures.length === 0 ? (
            <p className="text-slate-800">{t('empty')}</p>
          ) : (
            <TableScroll caption={t('caption')}>
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">{t('caption')}</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={TH}>
                      {t('month')}
                    </th>
                    <th scope="col" className={TH}>
                      {t('category')}
                    </th>
                    <th scope="col" className={TH}>
                      {t('received')}
                    </th>
                    <th scope="col" className={TH}>
                      {t('onTime')}
                    </th>
                    <th scope="col" className={TH}>
                      {t('reopened')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {[...figures.data.figures]
                    .sort(
                      (a, b) =>
                        b.month.localeCompare(a.month) ||
                        GRIEVANCE_CATEGORY_CODES.indexOf(a.category) - GRIEVANCE_CATEGORY_CODES.indexOf(b.category),
                    )
                    .map((row) => (
                      <tr key={`${row.month}-${row.category}`}>
                        <th scope="row" className={`${TD} font-medium text-slate-900`}>
                          {monthName(row.month)}
                        </th>
                        <td className={TD}>{t(`categories.${row.category}`)}</td>
                        <td className={TD}>{formatNumber(row.received)}</td>
                        <td className={TD}>{formatNumber(row.resolved_on_time)}</td>
                        <td className={TD}>{formatNumber(row.reopened)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </Card>
  );
}
