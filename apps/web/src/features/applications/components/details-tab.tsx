/** Details: the application's own fields and its project description. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Application } from '@portal/contract';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DefinitionGrid } from './definition-grid';

export function DetailsTab({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  return (
    <Card>
      <DefinitionGrid
        items={[
          [t('detail.fields.applicationNumber'), application.application_number],
          [t('detail.fields.applicationType'), t(`applicationTypes.${application.application_type}`)],
          [t('detail.fields.status'), <StatusBadge key="status" status={application.status} />],
          [t('detail.fields.currentStage'), application.current_stage],
          [t('detail.fields.estimatedInvestment'), formatRupees(application.estimated_investment)],
          [t('detail.fields.employmentGeneration'), t('list.jobs', { count: application.employment_generation })],
          [t('detail.fields.createdAt'), formatDate(application.created_at)],
          [t('detail.fields.submittedAt'), formatDate(application.submitted_at)],
        ]}
      />
      <div className="mt-4">
        <p className="text-sm text-slate-600">{t('detail.fields.projectDescription')}</p>
        <p className="whitespace-pre-line font-medium text-slate-900">{application.project_description}</p>
      </div>
    </Card>
  );
}
