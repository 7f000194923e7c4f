/** Withdraw application: the applicant, after submission and before allotment, confirms the withdrawal (its
 * consequence stated, a reason if they wish); the button shows progress, and a refusal is said in the dialog. */
import { useTranslation } from 'react-i18next';
import { Undo2 } from 'lucide-react';
import { z } from 'zod';
import { WITHDRAW_REASON_MAX, type Application } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Button } from '../../../../components/ui/button';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useWithdrawApplication } from '../../../../api/refunds';
import { errorDetail } from '../../../../lib/api-client';

const withdrawSchema = z.object({ reason: z.string().trim().max(WITHDRAW_REASON_MAX) });

export function WithdrawDialog({ application }: { application: Application }) {
  const { t } = useTranslation('applications');
  const withdraw = useWithdrawApplication(application.id);
  const dialog = useDialogAction(withdraw.isPending);
  const form = useSchemaForm({
    schema: withdrawSchema,
    defaultValues: { reason: '' },
    messages: 'applications:withdraw.errors',
    idPrefix: 'withdraw-',
    messageParams: { reason: { max: WITHDRAW_REASON_MAX } },
  });
  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) =>
        dialog.send((outcome) => withdraw.mutate(values.reason, outcome), {
          done: t('withdraw.done', { number: application.application_number }),
          failed: (error) => errorDetail(error, t('withdraw.failed')),
        })
      }
      refusal={dialog.refusal}
      confirm={() => ({
        statement: t('withdraw.confirm', { number: application.application_number }),
        consequence: t('withdraw.consequence'),
      })}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('withdraw.title', { number: application.application_number })}
      description={t('withdraw.description')}
      trigger={
        <Button variant="secondary" icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}>
          {t('withdraw.button')}
        </Button>
      }
      cancelLabel={t('withdraw.cancel')}
      submitLabel={t('withdraw.submit')}
      submitVariant="danger"
      busy={withdraw.isPending}
      busyText={t('withdraw.submitting')}
      consequence={t('withdraw.consequence')}
    >
      <FormField form={form} name="reason" label={t('withdraw.reason')} hint={t('withdraw.reasonHint')}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </SchemaFormDialog>
  );
}
