/** One plot the entrepreneur holds, as a card: its allotment, zone, status, possession and lease dates, each milestone
 * (due date, where it stands, extensions used), the refund of a surrendered plot, and only the services the server
 * says may be asked for on it now, with a link to the application. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CalendarPlus, FileText, Undo2 } from 'lucide-react';
import { formatDate, formatRupees, type Allotment, type Milestone } from '@portal/contract';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ALLOTMENT_STATUS_TONES, allotmentEnded } from './allotment-status';
import { MilestoneList } from '../../../components/milestones/milestone-list';

export interface PlotCardProps {
  allotment: Allotment;
  onAskExtension: (allotment: Allotment, milestone: Milestone) => void;
  onSurrender: (allotment: Allotment) => void;
}

export function PlotCard({ allotment, onAskExtension, onSurrender }: PlotCardProps) {
  const { t } = useTranslation('allotments');
  const headingId = useId();
  const plot = allotment.asset_code ?? allotment.allotment_number;
  const canExtend = allotment.services_allowed.includes('eot');
  const canSurrender = allotment.services_allowed.includes('withdrawal');
  const facts: Array<[string, string]> = [
    [t('plots.allotmentNumber'), allotment.allotment_number],
    [t('plots.zone'), allotment.zone ?? '—'],
    [
      t('plots.possessionDate'),
      allotment.possession_date ? formatDate(allotment.possession_date) : t('plots.noPossession'),
    ],
    [t('plots.leaseEndsOn'), allotment.lease_ends_on ? formatDate(allotment.lease_ends_on) : '—'],
  ];
  if (allotment.status === 'surrendered') {
    if (allotment.ended_on) facts.push([t('plots.surrenderedOn'), formatDate(allotment.ended_on)]);
    facts.push([t('plots.refundDue'), formatRupees(allotment.refund_due ?? 0)]);
  }

  return (
    <Card aria-labelledby={headingId} className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {t('plots.plot', { plot })}
        </h2>
        <StatusBadge status={allotment.status} tone={ALLOTMENT_STATUS_TONES[allotment.status]} />
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="font-medium break-words text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      {allotmentEnded(allotment.status) ? null : allotment.milestones.length === 0 ? (
        <p className="mt-6 text-slate-700">{t('plots.noMilestones')}</p>
      ) : (
        <>
          <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t('plots.milestones')}</h3>
          <MilestoneList
            milestones={allotment.milestones}
            action={(milestone, name) =>
              canExtend && milestone.met_on === null && milestone.extensions_left > 0 ? (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<CalendarPlus aria-hidden="true" className="h-4 w-4" />}
                  aria-label={t('plots.askExtensionFor', { milestone: name })}
                  onClick={() => onAskExtension(allotment, milestone)}
                >
                  {t('plots.askExtension')}
                </Button>
              ) : null
            }
          />
        </>
      )}

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Link to={`/applications/${allotment.application_id}`} className={buttonClasses('secondary', 'sm')}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          {allotment.application_number
            ? t('plots.openApplicationNumber', { number: allotment.application_number })
            : t('plots.openApplication')}
        </Link>
        {canSurrender && (
          <Button
            variant="danger"
            size="sm"
            icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}
            onClick={() => onSurrender(allotment)}
          >
            {t('plots.surrender')}
          </Button>
        )}
      </div>
    </Card>
  );
}
