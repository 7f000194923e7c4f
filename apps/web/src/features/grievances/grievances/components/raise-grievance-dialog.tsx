/** Raise a grievance: what it is about (a category, with who answers it and in how many working days), the words,
 * and for an applicant optionally one of their applications. The new grievance opens once raised. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_CODES,
  GRIEVANCE_TEXT_LIMITS,
  isApplicantRole,
  type Grievance,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Button } from '../../../../components/ui/button';
import { Select, Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useApplicationPage } from '../../../../api/applications';
import { useAuth } from '../../../../lib/auth';
import { useRaiseGrievance } from '../api/grievances';
import { useGrievanceRefusal } from './grievance-dialogs';
import { grievancePath } from './grievances-table';

const { min, max } = GRIEVANCE_TEXT_LIMITS.text;
const raiseSchema = z.object({
  category: z.enum(GRIEVANCE_CATEGORY_CODES),
  text: z.string().trim().min(min).max(max),
  application_id: z.string(),
});

export function RaiseGrievanceDialog() {
  const { t } = useTranslation('grievances');
  const navigate = useNavigate();
  const { user } = useAuth();
  const applicant = user ? isApplicantRole(user.role) : false;
  const refusalText = useGrievanceRefusal();
  const raise = useRaiseGrievance();
  const dialog = useDialogAction(raise.isPending);
  const applications = useApplicationPage({ limit: 50, sort: '-created_at' }, { enabled: dialog.open && applicant });
  const form = useSchemaForm({
    schema: raiseSchema,
    defaultValues: { text: '', application_id: '' },
    messages: 'grievances:raise.errors',
    idPrefix: 'grievance-raise-',
    messageParams: { text: { min, max } },
  });
  const category = form.watch('category');
  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onValid={(values) =>
        dialog.send<Grievance>(
          (outcome) =>
            raise.mutate(
              {
                category: values.category,
                text: values.text,
                ...(values.application_id ? { application_id: values.application_id } : {}),
              },
              outcome,
            ),
          {
            done: (raised) => t('raise.done', { number: raised.grievance_number }),
            failed: (error) => (form.setServerErrors(error) ? undefined : refusalText(error, t('raise.failed'))),
            then: (raised) => {
              form.reset();
              void navigate(grievancePath(raised.id));
            },
          },
        )
      }
      refusal={dialog.refusal}
      title={t('raise.title')}
      description={t('raise.description')}
      trigger={<Button>{t('raise.button')}</Button>}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('raise.submit')}
      busy={raise.isPending}
      busyText={t('raise.submitting')}
      consequence={t('raise.consequence')}
    >
      <FormField
        form={form}
        name="category"
        label={t('raise.category')}
        hint={
          category ? t(`categoryHints.${category}`, { days: GRIEVANCE_CATEGORIES[category].workingDays }) : undefined
        }
      >
        <Select {...form.register('category')} defaultValue="">
          <option value="" disabled>
            {t('filters.allCategories')}
          </option>
          {GRIEVANCE_CATEGORY_CODES.map((code) => (
            <option key={code} value={code}>
              {t(`categories.${code}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField form={form} name="text" label={t('raise.text')} hint={t('raise.textHint')}>
        <Textarea rows={6} maxLength={max} {...form.register('text')} />
      </FormField>
      {applicant && (
        <FormField form={form} name="application_id" label={t('raise.application')} optional>
          <Select {...form.register('application_id')}>
            <option value="">{t('raise.noApplication')}</option>
            {(applications.data?.items ?? []).map((application) => (
              <option key={application.id} value={application.id}>
                {application.application_number}
              </option>
            ))}
          </Select>
        </FormField>
      )}
    </SchemaFormDialog>
  );
}
