/** The register's counts above its list: allotments by status and those late on each milestone (in the zone chosen,
 * or all), each count a button that sets its filter; the chosen one is marked pressed. A failed load says so in a
 * line and leaves the list usable. */
import { useTranslation } from 'react-i18next';
import {
  ALLOTMENT_STATUSES,
  formatNumber,
  MILESTONE_KINDS,
  type AllotmentStatus,
  type MilestoneKind,
} from '@portal/contract';
import { useAllotmentSummary } from '../../../../api/allotments';
import { cn } from '../../../../components/ui/cn';
import { Spinner } from '../../../../components/ui/spinner';

export interface RegisterSummaryProps {
  zone: string | undefined;
  status: string | undefined;
  late: string | undefined;
  onStatus: (status: AllotmentStatus) => void;
  onLate: (kind: MilestoneKind) => void;
}

function CountButton({
  label,
  count,
  pressed,
  late,
  onClick,
}: {
  label: string;
  count: number;
  pressed: boolean;
  late?: boolean;
  onClick: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={pressed}
        onClick={onClick}
        className={cn(
          'flex min-h-11 w-full flex-col items-start rounded-md border px-3 py-2 text-left hover:bg-slate-50',
          pressed ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
        )}
      >
        <span
          className={cn('text-2xl font-semibold tabular-nums', late && count > 0 ? 'text-red-800' : 'text-slate-900')}
        >
          {formatNumber(count)}
        </span>{' '}
        <span className="text-sm text-slate-700">{label}</span>
      </button>
    </li>
  );
}

export function RegisterSummary({ zone, status, late, onStatus, onLate }: RegisterSummaryProps) {
  const { t } = useTranslation('allotments');
  const summary = useAllotmentSummary(zone);
  return (
    <section aria-label={t('summary.label')} className="mb-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {summary.isPending ? (
        <Spinner label={t('summary.label')} />
      ) : summary.isError ? (
        <p className="text-slate-700">{t('summary.loadFailed')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
          <div>
            <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('summary.byStatus')}</h2>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {ALLOTMENT_STATUSES.map((value) => {
                const count = summary.data.by_status?.[value] ?? 0;
                const label = t(`statuses.${value}`);
                return (
                  <CountButton
                    key={value}
                    label={label}
                    count={count}
                    pressed={status === value}
                    onClick={() => onStatus(value)}
                  />
                );
              })}
            </ul>
          </div>
          <div>
            <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('summary.lateHeading')}</h2>
            <ul className="grid grid-cols-2 gap-2">
              {MILESTONE_KINDS.map((kind) => {
                const count = summary.data.late?.[kind] ?? 0;
                const label = t(`late.${kind}`);
                return (
                  <CountButton
                    key={kind}
                    label={label}
                    count={count}
                    late
                    pressed={late === kind}
                    onClick={() => onLate(kind)}
                  />
                );
              })}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
