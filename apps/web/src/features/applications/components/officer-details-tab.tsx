/** Details: the application's own fields and the applicant's organisation. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Applicant, type Application, type User } from '@portal/contract';
import { Card } from '../../../components/ui/card';
import { DefinitionList } from './definition-list';

export function DetailsTab({
  application,
  applicant,
  users,
}: {
  application: Application;
  applicant: Applicant | null | undefined;
  users: User[];
}) {
  const { t } = useTranslation('officer-applications');
  const assignee = application.assigned_to
    ? users.find((user) => user.id === application.assigned_to)?.full_name
    : undefined;
  return (
    <div className="space-y-4">
      <Card>
        <DefinitionList
          items={[
            [t('details.applicationNumber'), application.application_number],
            [t('details.type'), t(`applicationTypes.${application.application_type}`)],
            [t('details.investment'), formatRupees(application.estimated_investment)],
            [t('details.employment'), t('details.jobs', { count: application.employment_generation })],
            [t('details.created'), formatDate(application.created_at)],
            [t('details.submitted'), formatDate(application.submitted_at)],
            [
              t('details.assignedTo'),
              application.assigned_to ? (assignee ?? application.assigned_to) : t('details.notAssigned'),
            ],
          ]}
        />
        <div className="mt-4">
          <h3 className="text-sm text-slate-600">{t('details.description')}</h3>
          <p className="whitespace-pre-line text-slate-900">{application.project_description}</p>
        </div>
      </Card>
      <Card title={t('details.applicant')}>
        {applicant ? (
          <DefinitionList
            items={[
              [t('details.organization'), applicant.organization_name],
              [t('details.pan'), applicant.pan_number],
              [t('details.category'), applicant.category.toUpperCase()],
              [
                t('details.address'),
                `${applicant.address}, ${applicant.city}, ${applicant.state} - ${applicant.pincode}`,
              ],
            ]}
          />
        ) : (
          <p className="text-slate-700">{t('details.applicantUnavailable')}</p>
        )}
      </Card>
    </div>
  );
}
