/** One application in the entrepreneur's list: number, badge, an "action needed" mark when the next step is the
 * applicant's, stage, the plot and its zone, type, investment, created date and jobs. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Application, type ApplicationListItem } from '@portal/contract';
import { ApplicationCard as Card } from '../../../../components/application-card';

function ApplicationCardView({ application }: { application: Application & Partial<ApplicationListItem> }) {
  const { t } = useTranslation('applications');
  return (
    <Card
      application={application}
      href={`/applications/${application.id}`}
      stageLabel={t('list.stage')}
      actionNeeded={application.waiting_on === 'entrepreneur' ? t('list.actionNeeded') : undefined}
      facts={[
        { label: t('list.plot'), value: application.asset_code || '—' },
        { label: t('list.location'), value: application.zone || '—' },
        { label: t('list.type'), value: t(`applicationTypes.${application.application_type}`) },
        { label: t('list.investment'), value: formatRupees(application.estimated_investment), numeric: true },
        { label: t('list.created'), value: formatDate(application.created_at), numeric: true },
        {
          label: t('list.employment'),
          value: t('list.jobs', { count: application.employment_generation }),
          numeric: true,
        },
      ]}
    />
  );
}

/** Kept while its row is the same object: each key typed into the list's search draws the page again, and the cards
 * with their facts drawn again per key cost a frame. A change of language still redraws it (useTranslation). */
export const ApplicationCard = memo(ApplicationCardView);
