/** One plot the entrepreneur holds or held, as a card: its allotment, zone, activity, status, possession and lease
 * dates, each milestone (due date, where it stands, extensions used as the server counts them), the refund of a
 * surrendered plot, the services the server says may be asked for on it now as buttons, and those it refuses with
 * their reason and what to do (decision 020: the form never opens to be refused), each open request with where it
 * stands, the orders of its services that took effect, and its history under a disclosure, and the show-cause notice
 * open on it with its reply. A plot held before a transfer says when it was transferred and offers nothing but its
 * history. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightLeft, CalendarPlus, FileText, Undo2 } from 'lucide-react';
import {
  allotmentEnded,
  formatDate,
  formatRupees,
  type Allotment,
  type Milestone,
  type ServiceRequest,
  type ServiceRequestType,
} from '@portal/contract';
import { eligibilityOf, ServiceRefusals, OpenRequestNote } from './service-eligibility';
import { ServiceOrderButton } from '../../components/service-request-form/service-order-button';
import { ShowCausePanel } from '../../components/show-causes/show-cause-panel';
import { StatementLink } from '../../../money/components/account-statement/statement-link';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { ALLOTMENT_STATUS_TONES } from './allotment-status';
import { MilestoneList } from '../../components/milestones/milestone-list';
import type { PlotService } from './allottee-service-dialog';
import { PlotDues } from './plot-dues';
import { PlotHistory } from './plot-history';

/** The services asked for from the card's row of actions, in this order (an extension of time sits by its milestone,
 * and surrender comes last). */
const ROW_SERVICES = [
  'transfer',
  'change_name',
  'change_constitution',
  'activity_change',
  'mortgage_noc',
  'subletting',
] as const satisfies readonly ServiceRequestType[];

export interface PlotCardProps {
  allotment: Allotment;
  /** The caller's requests on this plot that took effect, each with its order. */
  orders?: readonly ServiceRequest[];
  onAskExtension: (allotment: Allotment, milestone: Milestone) => void;
  onAskService: (allotment: Allotment, service: PlotService) => void;
}

export function PlotCard({ allotment, orders = [], onAskExtension, onAskService }: PlotCardProps) {
  const { t } = useTranslation('allotments');
  const headingId = useId();
  const plot = allotment.asset_code ?? allotment.allotment_number;
  const previous = Boolean(allotment.held_until);
  const services = previous ? [] : eligibilityOf(allotment);
  const allowed = (type: ServiceRequestType) => services.some((row) => row.request_type === type && row.allowed);
  const extension = (milestone: Milestone) =>
    services.find((row) => row.request_type === 'eot' && row.milestone === milestone.kind);
  const canSurrender = allowed('withdrawal');
  const facts: Array<[string, string]> = [
    [t('plots.allotmentNumber'), allotment.allotment_number],
    [t('plots.zone'), allotment.zone ?? '—'],
    [t('plots.activity'), allotment.activity || t('plots.noActivity')],
    [
      t('plots.possessionDate'),
      allotment.possession_date ? formatDate(allotment.possession_date) : t('plots.noPossession'),
    ],
  ];
  // A lease that ended with the plot's surrender or cancellation no longer runs to its 99th year.
  if (!allotmentEnded(allotment.status))
    facts.push([t('plots.leaseEndsOn'), allotment.lease_ends_on ? formatDate(allotment.lease_ends_on) : '—']);
  if (allotment.held_until) facts.push([t('plots.transferredOn'), formatDate(allotment.held_until)]);
  if (allotment.status === 'cancelled' && !previous && allotment.ended_on)
    facts.push([t('plots.cancelledOn'), formatDate(allotment.ended_on)]);
  if (allotment.status === 'surrendered' && !previous) {
    if (allotment.ended_on) facts.push([t('plots.surrenderedOn'), formatDate(allotment.ended_on)]);
    facts.push([t('plots.refundDue'), formatRupees(allotment.refund_due ?? 0)]);
  }

  return (
    <Card aria-labelledby={headingId} className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {t('plots.plot', { plot })}
        </h2>
        {previous ? (
          <StatusBadge status={t('plots.transferred')} tone="grey" />
        ) : (
          <StatusBadge status={allotment.status} tone={ALLOTMENT_STATUS_TONES[allotment.status]} />
        )}
      </div>
      {allotment.held_until && (
        <p className="mb-4 text-slate-800">{t('plots.heldUntil', { date: formatDate(allotment.held_until) })}</p>
      )}
      {/* A show-cause notice open on the plot (or the order that cancelled it): reply from here. */}
      {!previous && (allotment.open_show_cause_id || allotment.status === 'cancelled') && (
        <div className="mb-4">
          <ShowCausePanel allotment={allotment} />
        </div>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="font-medium break-words text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      {previous || allotmentEnded(allotment.status) ? null : allotment.milestones.length === 0 ? (
        <p className="mt-6 text-slate-700">{t('plots.noMilestones')}</p>
      ) : (
        <>
          <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t('plots.milestones')}</h3>
          <MilestoneList
            milestones={allotment.milestones}
            action={(milestone, name) => {
              const row = extension(milestone);
              if (row?.open_request) return <OpenRequestNote request={row.open_request} />;
              return row?.allowed && milestone.met_on === null ? (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<CalendarPlus aria-hidden="true" className="h-4 w-4" />}
                  aria-label={t('plots.askExtensionFor', { milestone: name })}
                  onClick={() => onAskExtension(allotment, milestone)}
                >
                  {t('plots.askExtension')}
                </Button>
              ) : null;
            }}
          />
        </>
      )}

      {orders.length > 0 && (
        <>
          <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t('plots.orders')}</h3>
          <ul className="space-y-2">
            {orders.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center gap-3">
                <span className="text-slate-800">
                  {t('plots.orderOf', {
                    type: t(`service-requests:types.${request.request_type}`),
                    date: formatDate(request.took_effect_at ?? request.updated_at),
                  })}
                </span>
                <ServiceOrderButton requestId={request.id} requestNumber={request.request_number} />
              </li>
            ))}
          </ul>
        </>
      )}

      {!previous && (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Link to={`/applications/${allotment.application_id}`} className={buttonClasses('secondary', 'sm')}>
            <FileText aria-hidden="true" className="h-4 w-4" />
            {allotment.application_number
              ? t('plots.openApplicationNumber', { number: allotment.application_number })
              : t('plots.openApplication')}
          </Link>
          <StatementLink kind="allotment" id={allotment.id} number={allotment.allotment_number} />
          {ROW_SERVICES.filter((service) => allowed(service)).map((service) => (
            <Button
              key={service}
              variant="secondary"
              size="sm"
              icon={service === 'transfer' ? <ArrowRightLeft aria-hidden="true" className="h-4 w-4" /> : undefined}
              onClick={() => onAskService(allotment, service)}
            >
              {t(`services.${service}.action`)}
            </Button>
          ))}
          {canSurrender && (
            <Button
              variant="danger"
              size="sm"
              icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}
              onClick={() => onAskService(allotment, 'withdrawal')}
            >
              {t('plots.surrender')}
            </Button>
          )}
        </div>
      )}
      {!previous && !allotmentEnded(allotment.status) && (
        <ServiceRefusals allotment={allotment} services={services} types={[...ROW_SERVICES, 'withdrawal']} />
      )}

      {!previous && allotment.possession_date && <PlotDues allotment={allotment} plot={plot} />}

      <PlotHistory allotmentId={allotment.id} plot={plot} />
    </Card>
  );
}
