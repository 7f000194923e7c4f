/** Step 2, Project Details: application type, description, investment and jobs, each checked when Next is pressed
 * against the contract's rules for a new application. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { APPLICATION_TYPES, createApplicationRequestSchema } from '@portal/contract';
import { FormField, type SchemaForm } from '../../../../../components/form/schema-form';
import { Input, Select, Textarea } from '../../../../../components/ui/input';

/** A number typed as text, then held to the contract's rule for it. */
function typedNumber(rule: z.ZodType<number, number>) {
  return z
    .string()
    .transform((text, context) => {
      const value = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(value)) {
        context.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
      return value;
    })
    .pipe(rule);
}

const contract = createApplicationRequestSchema.shape;

/** The step's fields as typed (text) in, the contract's values out. */
export const projectDetailsSchema = z.object({
  application_type: contract.application_type,
  project_description: contract.project_description,
  estimated_investment: typedNumber(contract.estimated_investment),
  employment_generation: typedNumber(contract.employment_generation),
});

export type ProjectDetails = z.input<typeof projectDetailsSchema>;
export type ProjectDetailsForm = SchemaForm<typeof projectDetailsSchema>;

export const DETAIL_FIELDS = ['project_description', 'estimated_investment', 'employment_generation'] as const;

export const EMPTY_DETAILS = {
  application_type: 'new',
  project_description: '',
  estimated_investment: '',
  employment_generation: '',
} as const satisfies ProjectDetails;

export function ProjectDetailsStep({ form }: { form: ProjectDetailsForm }) {
  const { t } = useTranslation('applications');
  return (
    <div className="space-y-5">
      <FormField<typeof projectDetailsSchema> form={form} name="application_type" label={t('wizard.applicationType')}>
        <Select {...form.register('application_type')}>
          {APPLICATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`applicationTypes.${type}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField<typeof projectDetailsSchema>
        form={form}
        name="project_description"
        label={t('wizard.projectDescription')}
        hint={t('wizard.projectDescriptionHint')}
      >
        <Textarea rows={5} {...form.register('project_description')} />
      </FormField>
      <div className="grid gap-5 md:grid-cols-2">
        <FormField<typeof projectDetailsSchema>
          form={form}
          name="estimated_investment"
          label={t('wizard.estimatedInvestment')}
        >
          <Input type="number" inputMode="decimal" min={0} step="any" {...form.register('estimated_investment')} />
        </FormField>
        <FormField<typeof projectDetailsSchema>
          form={form}
          name="employment_generation"
          label={t('wizard.employmentGeneration')}
        >
          <Input type="number" inputMode="numeric" min={0} step={1} {...form.register('employment_generation')} />
        </FormField>
      </div>
    </div>
  );
}
