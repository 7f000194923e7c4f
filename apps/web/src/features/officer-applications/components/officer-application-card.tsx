/** One card of the officer list: number, status, stage, type, investment and submitted date; opens the detail. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Application } from '@portal/contract';
import { ApplicationCard } from '../../../components/application-card';

export function OfficerApplicationCard({ application }: { application: Application }) {
  const { t } = useTranslation('officer-applications');
  return (
    <ApplicationCard
      application={application}
      href={`/officer/applications/${application.id}`}
      stageLabel={t('list.stage')}
      stageLabelHidden
      facts={[
        { label: t('list.type'), value: t(`applicationTypes.${application.application_type}`) },
        { label: t('list.investment'), value: formatRupees(application.estimated_investment), numeric: true },
        {
          label: t('list.submitted'),
          value: application.submitted_at ? formatDate(application.submitted_at) : t('list.notSubmitted'),
        },
      ]}
    />
  );
}
