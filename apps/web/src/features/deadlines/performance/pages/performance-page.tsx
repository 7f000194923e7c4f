/** /performance: the corporation's service standards and how it meets them, for everyone, signed in or not. Each
 * stage with a service clock: the promised working days, the median and 90th percentile it really took over the
 * last 90 days, the share on time (and by month for the last three), and the appeals against it. Counts only: the
 * server sends no name. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, type PerformanceStage, type PublicPerformance } from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { GrievanceFiguresCard } from '../../../grievances/components/grievance-figures/grievance-figures';
import { TableScroll } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { usePublicPerformance } from '../api/performance';

const TH = 'px-3 py-2 text-left font-semibold text-slate-900';
const TD = 'px-3 py-2 align-top text-slate-800';

export default function PerformancePage() {
  const { t } = useTranslation('performance');
  const figures = usePublicPerformance();

  let body;
  if (figures.isPending) {
    // A screen high, as the route's own placeholder: the page below (and the footer) does not jump when the record comes.
    body = <Spinner label={t('loading')} align="start" className="min-h-screen" />;
  } else if (figures.isError) {
    const limited = figures.error instanceof ApiError && figures.error.status === 429;
    body = (
      <Card>
        <p role="alert" className="font-medium text-red-800">
          {limited ? t('rateLimited') : t('failed')}
        </p>
        <Button className="mt-4" variant="secondary" busy={figures.isRefetching} onClick={() => void figures.refetch()}>
          {t('retry')}
        </Button>
      </Card>
    );
  } else {
    body = <Figures figures={figures.data} />;
  }

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <p className="text-slate-800">{t('intro', { days: 90 })}</p>
        <p className="mt-2 text-sm text-slate-700">{t('howCounted')}</p>
        <p className="mt-2 text-sm text-slate-700">{t('noPersonal')}</p>
        <p className="mt-2">
          <Link to="/help#statuses" className="font-medium text-brand-700 underline underline-offset-2">
            {t('helpLink')}
          </Link>
        </p>
      </Card>
      {body}
    </div>
  );
}

function Figures({ figures }: { figures: PublicPerformance }) {
  const { t } = useTranslation(['performance', 'help']);
  const days = (value: number | null) => (value === null ? t('noneFinished') : t('workingDays', { count: value }));
  const share = (value: number | null) =>
    value === null ? t('noneFinished') : t('percent', { value: formatNumber(Math.round(value * 100)) });
  const months = figures.stages.find((stage) => stage.months.length > 0)?.months.map((month) => month.month) ?? [];
  const monthName = (month: string) =>
    t('monthLabel', { name: t(`months.${month.slice(5, 7)}`), year: month.slice(0, 4) });
  const stageName = (stage: PerformanceStage) => t(`help:statuses.${stage.status}.name`);

  return (
    <>
      <p className="text-slate-800" data-testid="performance-as-of">
        {figures.as_of && figures.since
          ? t('asOf', { date: formatDate(figures.as_of), since: formatDate(figures.since) })
          : t('notYet')}
      </p>
      <Card title={t('stagesCaption')}>
        <TableScroll caption={t('stagesCaption')}>
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t('stagesCaption')}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={TH}>
                  {t('columns.stage')}
                </th>
                <th scope="col" className={TH}>
                  {t('columns.waitsOn')}
                </th>
                <th scope="col" className={TH}>
                  {t('columns.promise')}
                </th>
                <th scope="col" className={TH}>
                  {t('columns.finished')}
                </th>
                <th scope="col" className={TH}>
                  {t('columns.median')}
                </th>
                <th scope="col" className={TH}>
                  {t('columns.p90')}
                </th>
                <th scope="col" className={TH}>
                  {t('columns.onTime')}
                </th>
                <th scope="col" className={TH}>
                  {t('columns.appeals')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {figures.stages.map((stage) => (
                <tr key={stage.status} data-testid={`performance-${stage.status}`}>
                  <th scope="row" className={`${TD} font-medium text-slate-900`}>
                    <Link to={`/help#status-${stage.status}`} className="text-brand-700 underline underline-offset-2">
                      {stageName(stage)}
                    </Link>
                  </th>
                  <td className={TD}>{t(`roles.${stage.waiting_on}`)}</td>
                  <td className={TD}>{days(stage.target_working_days)}</td>
                  <td className={TD}>{formatNumber(stage.finished)}</td>
                  <td className={TD}>{days(stage.median_working_days)}</td>
                  <td className={TD}>{days(stage.p90_working_days)}</td>
                  <td className={TD}>{share(stage.on_time_share)}</td>
                  <td className={TD}>
                    {t('appealsValue', {
                      filed: formatNumber(stage.appeals.filed),
                      allowed: formatNumber(stage.appeals.allowed),
                      dismissed: formatNumber(stage.appeals.dismissed),
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Card>
      {months.length > 0 && (
        <Card title={t('monthsCaption')}>
          <TableScroll caption={t('monthsCaption')}>
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t('monthsCaption')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={TH}>
                    {t('columns.stage')}
                  </th>
                  {months.map((month) => (
                    <th key={month} scope="col" className={TH}>
                      {monthName(month)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {figures.stages.map((stage) => (
                  <tr key={stage.status}>
                    <th scope="row" className={`${TD} font-medium text-slate-900`}>
                      {stageName(stage)}
                    </th>
                    {stage.months.map((month) => (
                      <td key={month.month} className={TD}>
                        {month.on_time_share === null
                          ? t('noneFinished')
                          : t('monthShare', {
                              percent: formatNumber(Math.round(month.on_time_share * 100)),
                              total: formatNumber(month.finished),
                            })}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Card>
      )}
      <GrievanceFiguresCard />
    </>
  );
}
