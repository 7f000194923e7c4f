/** Create Allotment: type (default provisional), date (default today) and expiry (starts empty), for an approved or
 * payment-verified application. It cannot be undone: the submit shows the allotment in words first (decision 024). */
import { useTranslation } from 'react-i18next';
import {
  ALLOTMENT_TYPES,
  createAllotmentRequestSchema,
  formatDate,
  businessToday,
  toInputDate,
  type Allotment,
  type Application,
} from '@portal/contract';
import { FormDateField, inputDate } from '../../../../components/form/date-input';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Select } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useCreateAllotment } from '../api/officer-actions';
import { refusalText } from './refusal-text';

/** The contract's body without the application and asset (the dialog's own), the days typed as dd/mm/yyyy. The spec
 * enforces no rule between the two dates. */
const createAllotmentFormSchema = createAllotmentRequestSchema.omit({ application_id: true, asset_id: true }).extend({
  allotment_date: inputDate(),
  expiry_date: inputDate({ optional: true }),
});

export interface CreateAllotmentDialogProps {
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (allotment: Allotment) => void;
}

export function CreateAllotmentDialog({ application, open, onOpenChange, onCreated }: CreateAllotmentDialogProps) {
  const { t } = useTranslation('applications');
  const create = useCreateAllotment(application.id);
  const dialog = useDialogAction(create.isPending, { open, onOpenChange });
  const form = useSchemaForm({
    schema: createAllotmentFormSchema,
    defaultValues: { allotment_type: 'provisional', allotment_date: toInputDate(businessToday()), expiry_date: '' },
    messages: 'applications:createAllotment.errors',
    idPrefix: 'create-allotment-',
  });
  const type = form.watch('allotment_type') ?? 'provisional';

  return (
    <SchemaFormDialog
      form={form}
      onValid={({ allotment_type, allotment_date, expiry_date }) =>
        dialog.send<Allotment>(
          (outcome) =>
            create.mutate(
              {
                application_id: application.id,
                asset_id: application.asset_id,
                allotment_type,
                allotment_date,
                expiry_date: expiry_date || null,
              },
              outcome,
            ),
          {
            done: t('createAllotment.success'),
            failed: (error) => refusalText(t, t('createAllotment.failed'), error),
            then: (allotment) => {
              form.reset();
              onCreated?.(allotment);
            },
          },
        )
      }
      refusal={dialog.refusal}
      confirm={(values) => ({
        statement: t(`createAllotment.confirm.${values.allotment_type}`, {
          number: application.application_number,
          date: formatDate(values.allotment_date),
        }),
        consequence: t(`createAllotment.consequence_${values.allotment_type}`),
      })}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('createAllotment.title')}
      cancelLabel={t('cancel')}
      submitLabel={t('createAllotment.submit')}
      busy={create.isPending}
      busyText={t('createAllotment.submitting')}
      consequence={t(`createAllotment.consequence_${type}`)}
    >
      <FormField form={form} name="allotment_type" label={t('createAllotment.type')}>
        <Select {...form.register('allotment_type')}>
          {ALLOTMENT_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`detail.allotment.${value}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormDateField form={form} name="allotment_date" label={t('createAllotment.date')} />
      <FormDateField form={form} name="expiry_date" label={t('createAllotment.expiry')} optional />
    </SchemaFormDialog>
  );
}
