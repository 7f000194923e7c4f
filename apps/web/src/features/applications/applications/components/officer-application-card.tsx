/** One card of the officer list: number, status, stage, the applicant's organisation, the asset and its zone, type,
 * investment, submitted date and the service clock (days in the stage, due date or overdue); opens the detail. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatRupees, type ApplicationListItem } from '@portal/contract';
import { ClockBadge, DaysInStage, EscalatedBadge } from '../../../../components/clock/clock-badge';
import { StageText } from '../../../../components/ui/stage-text';
import { StatusBadge } from '../../../../components/ui/status-badge';

function OfficerApplicationCardView({ application }: { application: ApplicationListItem }) {
  const { t } = useTranslation('applications');
  const facts = [
    { label: t('list.applicant'), value: application.organization_name },
    { label: t('list.asset'), value: application.asset_code },
    { label: t('list.zone'), value: application.zone },
    { label: t('list.type'), value: t(`applicationTypes.${application.application_type}`) },
    { label: t('list.investment'), value: formatRupees(application.estimated_investment), numeric: true },
    {
      label: t('list.submitted'),
      value: application.submitted_at ? formatDate(application.submitted_at) : t('list.notSubmitted'),
      numeric: true,
    },
  ];
  return (
    <li>
      {/* content-visibility: a card off screen is not styled, laid out or painted until it scrolls near (a list's answer
          put fifty new cards through all three in the frame it was drawn); it keeps its place at its last height, or
          about one card's height before it has been drawn. Its own border, shadow and focus ring are not clipped. */}
      <Link
        to={`/officer/applications/${application.id}`}
        className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm [contain-intrinsic-size:auto_14.5rem] [content-visibility:auto] hover:border-brand-600 hover:bg-brand-50"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-lg font-semibold text-brand-800">{application.application_number}</span>
          <StatusBadge status={application.status} />
        </div>
        <p className="mt-1 text-slate-700">
          <span className="sr-only">{t('list.stage')}: </span>
          <StageText application={application} />
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label} className="min-w-0">
              <dt className="text-slate-600">{fact.label}</dt>
              <dd className={fact.numeric ? 'font-medium tabular-nums' : 'font-medium break-words'}>{fact.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm">
          <span className="text-slate-600">
            {t('list.inStage')}: <DaysInStage days={application.days_in_stage} />
          </span>
          <ClockBadge clock={application} />
          <EscalatedBadge to={application.escalated_to} />
        </div>
      </Link>
    </li>
  );
}

/** Kept while its row is the same object: each key typed into the list's search draws the page again, and fifty
 * cards redrawn per key cost a frame. A change of language still redraws it (useTranslation). */
export const OfficerApplicationCard = memo(OfficerApplicationCardView);
