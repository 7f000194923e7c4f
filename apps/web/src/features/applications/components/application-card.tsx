/** One application in the entrepreneur's list: number, badge, stage, type, investment, created date and jobs. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Application } from '@portal/contract';
import { ApplicationCard as Card } from '../../../components/application-card';

export function ApplicationCard({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  return (
    <Card
      application={application}
      href={`/applications/${application.id}`}
      stageLabel={t('list.stage')}
      facts={[
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
