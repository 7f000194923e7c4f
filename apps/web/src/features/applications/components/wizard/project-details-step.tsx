/** Step 2, Project Details: application type, description, investment and jobs, each checked when Next is pressed. */
import { useTranslation } from 'react-i18next';
import { APPLICATION_TYPES, type ApplicationType } from '@portal/contract';
import { Field } from '../../../../components/ui/field';
import { Input, Select, Textarea } from '../../../../components/ui/input';

export interface ProjectDetails {
  application_type: ApplicationType;
  project_description: string;
  estimated_investment: string;
  employment_generation: string;
}

export const DETAIL_FIELDS = ['project_description', 'estimated_investment', 'employment_generation'] as const;
export type DetailErrors = Partial<Record<(typeof DETAIL_FIELDS)[number], string>>;

export const EMPTY_DETAILS: ProjectDetails = {
  application_type: 'new',
  project_description: '',
  estimated_investment: '',
  employment_generation: '',
};

/** The required fields' messages, in the order they are on the screen (none when the step is complete). */
export function detailErrorsOf(details: ProjectDetails, t: (key: string) => string): DetailErrors {
  const errors: DetailErrors = {};
  if (!details.project_description.trim()) errors.project_description = t('wizard.descriptionRequired');
  const investment = Number(details.estimated_investment);
  if (!details.estimated_investment.trim() || !Number.isFinite(investment) || investment <= 0) {
    errors.estimated_investment = t('wizard.investmentRequired');
  }
  const jobs = Number(details.employment_generation);
  if (!details.employment_generation.trim() || !Number.isInteger(jobs) || jobs < 0) {
    errors.employment_generation = t('wizard.employmentRequired');
  }
  return errors;
}

export function ProjectDetailsStep({
  details,
  errors,
  onChange,
}: {
  details: ProjectDetails;
  errors: DetailErrors;
  onChange: (details: ProjectDetails) => void;
}) {
  const { t } = useTranslation('applications');
  const set = <K extends keyof ProjectDetails>(key: K, value: ProjectDetails[K]) =>
    onChange({ ...details, [key]: value });
  return (
    <div className="space-y-5">
      <Field id="application_type" label={t('wizard.applicationType')}>
        <Select
          value={details.application_type}
          onChange={(event) => set('application_type', event.target.value as ApplicationType)}
        >
          {APPLICATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`applicationTypes.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="project_description"
        label={t('wizard.projectDescription')}
        hint={t('wizard.projectDescriptionHint')}
        error={errors.project_description}
      >
        <Textarea
          rows={5}
          value={details.project_description}
          onChange={(event) => set('project_description', event.target.value)}
        />
      </Field>
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="estimated_investment" label={t('wizard.estimatedInvestment')} error={errors.estimated_investment}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={details.estimated_investment}
            onChange={(event) => set('estimated_investment', event.target.value)}
          />
        </Field>
        <Field id="employment_generation" label={t('wizard.employmentGeneration')} error={errors.employment_generation}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={details.employment_generation}
            onChange={(event) => set('employment_generation', event.target.value)}
          />
        </Field>
      </div>
    </div>
  );
}
