/** Record possession: date (default today), area verified (required, numeric, step 0.01), boundary marked (default
 * checked) and remarks; needs an allotment ('No allotment found for this application'). */
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  recordPossessionRequestSchema,
  businessToday,
  toInputDate,
  type Allotment,
  type Asset,
  type Possession,
} from '@portal/contract';
import { FormDateField, inputDate } from '../../../../components/form/date-input';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Checkbox, Input, Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { errorDetail } from '../../../../lib/api-client';
import { useRecordPossession } from '../api/officer-actions';

const recordPossessionFormSchema = recordPossessionRequestSchema.extend({ possession_date: inputDate() });

export interface RecordPossessionDialogProps {
  applicationId: string;
  allotment: Allotment | null | undefined;
  asset: Asset | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRecorded?: (possession: Possession) => void;
}

export function RecordPossessionDialog({
  applicationId,
  allotment,
  asset,
  open,
  onOpenChange,
  onRecorded,
}: RecordPossessionDialogProps) {
  const { t } = useTranslation('applications');
  const record = useRecordPossession(applicationId);
  const dialog = useDialogAction(record.isPending, { open, onOpenChange });
  const form = useSchemaForm({
    schema: recordPossessionFormSchema,
    defaultValues: { possession_date: toInputDate(businessToday()), boundary_marked: true, remarks: '' },
    messages: 'applications:possession.errors',
    idPrefix: 'record-possession-',
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) => {
        if (!allotment) {
          if (!record.isPending) dialog.setRefusal(t('possession.noAllotment'));
          return;
        }
        dialog.send<Possession>(
          (outcome) => record.mutate({ allotmentId: allotment.id, ...values, remarks: values.remarks ?? '' }, outcome),
          {
            done: t('possession.success'),
            // The spec prefers the server's detail here.
            failed: (error) => errorDetail(error, t('possession.failed')),
            then: (possession) => {
              form.reset();
              onRecorded?.(possession);
            },
          },
        );
      }}
      refusal={dialog.refusal}
      confirm={(values) => ({
        statement: t('possession.confirm', {
          number: allotment?.allotment_number ?? '',
          date: formatDate(values.possession_date),
        }),
        consequence: t('possession.consequence'),
      })}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('possession.title')}
      cancelLabel={t('cancel')}
      submitLabel={t('possession.submit')}
      busy={record.isPending}
      busyText={t('possession.submitting')}
      consequence={t('possession.consequence')}
    >
      <FormDateField form={form} name="possession_date" label={t('possession.date')} />
      <FormField
        form={form}
        name="area_verified"
        label={t('possession.area')}
        hint={asset ? t('possession.areaHint', { unit: t(`units.${asset.unit}`) }) : undefined}
      >
        <Input
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          {...form.register('area_verified', { valueAsNumber: true })}
        />
      </FormField>
      <Checkbox
        id={form.idOf('boundary_marked')}
        label={t('possession.boundary')}
        {...form.register('boundary_marked')}
      />
      <FormField form={form} name="remarks" label={t('possession.remarks')} optional>
        <Textarea maxLength={2000} {...form.register('remarks')} />
      </FormField>
    </SchemaFormDialog>
  );
}
