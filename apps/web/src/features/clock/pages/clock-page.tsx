/** The portal's clock (admin, decision 026): the portal's time, whether it may be moved, when it last was, and the
 * scheduled sweeps a move runs; with CLOCK=movable (demos and tests), a move forward. */
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, type PortalClock } from '@portal/contract';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { usePortalClock } from '../api/clock';
import { AdvanceClockDialog } from '../components/advance-clock-dialog';

/** An interval in words: minutes, hours or days, whichever is whole. */
function useEvery() {
  const { t } = useTranslation('clock');
  return (ms: number) => {
    const minutes = ms / 60_000;
    if (minutes >= 1440 && minutes % 1440 === 0)
      return t('every.days', { count: minutes / 1440, n: formatNumber(minutes / 1440) });
    if (minutes >= 60 && minutes % 60 === 0)
      return t('every.hours', { count: minutes / 60, n: formatNumber(minutes / 60) });
    if (minutes >= 1 && Number.isInteger(minutes))
      return t('every.minutes', { count: minutes, n: formatNumber(minutes) });
    return t('every.seconds', { count: ms / 1000, n: formatNumber(ms / 1000) });
  };
}

function ClockDetails({ clock }: { clock: PortalClock }) {
  const { t } = useTranslation('clock');
  const every = useEvery();
  const aheadDays = clock.offset_ms / 86_400_000;
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-700">{t('now')}</dt>
          <dd className="mt-1 text-xl font-semibold" data-testid="portal-time">
            {formatDateTime(clock.now)}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-700">{t('ahead')}</dt>
          <dd className="mt-1 text-xl font-semibold">
            {clock.offset_ms === 0 ? t('notAhead') : t('aheadBy', { n: formatNumber(Math.round(aheadDays * 10) / 10) })}
          </dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-700">{t('movedAt')}</dt>
          <dd className="mt-1 text-xl font-semibold">{clock.moved_at ? formatDateTime(clock.moved_at) : t('never')}</dd>
        </div>
      </dl>
      <div className="mt-6">
        {clock.movable ? (
          <>
            <p className="mb-3 max-w-prose">{t('movable')}</p>
            <AdvanceClockDialog clock={clock} />
          </>
        ) : (
          <p className="max-w-prose rounded-lg border-l-4 border-slate-500 bg-slate-50 p-4">{t('fixed')}</p>
        )}
      </div>
      <section aria-labelledby="clock-sweeps" className="mt-8">
        <h2 id="clock-sweeps" className="text-lg font-semibold">
          {t('sweeps.title')}
        </h2>
        <p className="mb-3 max-w-prose text-sm text-slate-700">{t('sweeps.intro')}</p>
        {clock.sweeps.length === 0 ? (
          <p>{t('sweeps.none')}</p>
        ) : (
          <ol className="list-decimal space-y-1 pl-6">
            {clock.sweeps.map((sweep) => (
              <li key={sweep.name}>
                {t(`sweeps.names.${sweep.name}`, { defaultValue: sweep.name })}{' '}
                <span className="text-slate-700">({every(sweep.every_ms)})</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

export default function ClockPage() {
  const { t } = useTranslation('clock');
  const clock = usePortalClock();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <QueryState query={clock} errorMessage={t('loadFailed')}>
        {(data) => <ClockDetails clock={data} />}
      </QueryState>
    </>
  );
}
