/** Details: the application's own fields and its project description; staff also see whom it is assigned to and the
 * applicant's organisation. */
import type { ReactNode } from 'react';
import { formatDate, formatRupees, type Applicant, type Application, type Role, type User } from '@portal/contract';
import { Card } from '../../../../components/ui/card';
import { StageText } from '../../../../components/ui/stage-text';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { isStaff, useViewerText } from '../lib/viewer';
import { DefinitionGrid } from './definition-grid';

export interface DetailsTabProps {
  application: Application;
  /** The viewer's role. */
  role: Role;
  /** The applicant's profile (staff). */
  applicant?: Applicant | null;
  /** Users to name the assignee by (staff). */
  users?: User[];
}

export function DetailsTab({ application, role, applicant, users = [] }: DetailsTabProps) {
  const t = useViewerText(role);
  const staff = isStaff(role);
  const assignee = users.find((user) => user.id === application.assigned_to)?.full_name;
  const items: Array<[string, ReactNode]> = [
    [t('detail.fields.applicationNumber'), application.application_number],
    [t('detail.fields.applicationType'), t(`applicationTypes.${application.application_type}`)],
  ];
  // Staff read the status and stage in the Right now card above the tabs.
  if (!staff) {
    items.push(
      [t('detail.fields.status'), <StatusBadge key="status" status={application.status} helpLink />],
      [t('detail.fields.currentStage'), <StageText key="stage" application={application} />],
    );
  }
  items.push(
    [t('detail.fields.estimatedInvestment'), formatRupees(application.estimated_investment)],
    [t('detail.fields.employmentGeneration'), t('list.jobs', { count: application.employment_generation })],
    [t('detail.fields.createdAt'), formatDate(application.created_at)],
    [t('detail.fields.submittedAt'), formatDate(application.submitted_at)],
  );
  if (staff) {
    items.push([
      t('detail.fields.assignedTo'),
      application.assigned_to ? (assignee ?? application.assigned_to) : t('detail.fields.notAssigned'),
    ]);
  }
  return (
    <div className="space-y-4">
      <Card>
        <DefinitionGrid items={items} />
        <div className="mt-4">
          <p className="text-sm text-slate-600">{t('detail.fields.projectDescription')}</p>
          <p className="whitespace-pre-line font-medium text-slate-900">{application.project_description}</p>
        </div>
      </Card>
      {staff && (
        <Card title={t('detail.applicant.title')}>
          {applicant ? (
            <DefinitionGrid
              items={[
                [t('detail.applicant.organization'), applicant.organization_name],
                [t('detail.applicant.pan'), applicant.pan_number],
                [t('detail.applicant.category'), t(`applicantCategories.${applicant.category}`)],
                [
                  t('detail.applicant.address'),
                  `${applicant.address}, ${applicant.city}, ${applicant.state} - ${applicant.pincode}`,
                ],
              ]}
            />
          ) : (
            <p className="text-slate-700">{t('detail.applicant.unavailable')}</p>
          )}
        </Card>
      )}
    </div>
  );
}
