/** Lease deed verification: approved, rejected or needs revision, with remarks; approval makes the allotment final. */
import { useTranslation } from 'react-i18next';
import { LEASE_DEED_VERDICTS, verifyLeaseDeedRequestSchema, type Allotment } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Select, Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useVerifyLeaseDeed } from '../api/officer-actions';
import { refusalText } from './refusal-text';

export interface VerifyLeaseDeedDialogProps {
  applicationId: string;
  allotment: Allotment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function VerifyLeaseDeedDialog({ applicationId, allotment, open, onOpenChange }: VerifyLeaseDeedDialogProps) {
  const { t } = useTranslation('applications');
  const verify = useVerifyLeaseDeed(applicationId);
  const dialog = useDialogAction(verify.isPending, { open, onOpenChange });
  const form = useSchemaForm({
    schema: verifyLeaseDeedRequestSchema,
    defaultValues: { verification_status: 'approved', remarks: '' },
    messages: 'applications:verifyDeed.errors',
    idPrefix: 'verify-lease-deed-',
  });
  const verdict = form.watch('verification_status') ?? 'approved';

  return (
    <SchemaFormDialog
      form={form}
      onValid={({ verification_status, remarks }) =>
        dialog.send(
          (outcome) =>
            verify.mutate({ allotmentId: allotment.id, verification_status, remarks: remarks ?? '' }, outcome),
          {
            done: t('verifyDeed.success'),
            failed: (error) => refusalText(t, t('verifyDeed.failed'), error),
            then: () => form.reset(),
          },
        )
      }
      refusal={dialog.refusal}
      // Approval makes the allotment final and cannot be undone; a return can (decision 024).
      confirm={({ verification_status }) =>
        verification_status === 'approved'
          ? {
              statement: t('verifyDeed.confirm', { number: allotment.allotment_number }),
              consequence: t('verifyDeed.consequence_approved'),
            }
          : null
      }
      confirmsNow={verdict === 'approved'}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('verifyDeed.title')}
      cancelLabel={t('cancel')}
      submitLabel={t('verifyDeed.submit')}
      busy={verify.isPending}
      busyText={t('verifyDeed.submitting')}
      consequence={t(`verifyDeed.consequence_${verdict}`)}
    >
      <FormField form={form} name="verification_status" label={t('verifyDeed.verdict')}>
        <Select {...form.register('verification_status')}>
          {LEASE_DEED_VERDICTS.map((value) => (
            <option key={value} value={value}>
              {t(`verifyDeed.verdicts.${value}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField form={form} name="remarks" label={t('verifyDeed.remarks')} optional>
        <Textarea maxLength={2000} {...form.register('remarks')} />
      </FormField>
    </SchemaFormDialog>
  );
}
