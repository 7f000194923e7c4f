/** Propose cancelling an unpaid invoice (decision 023): the reason is required, the dialog says that another finance
 * officer or an admin must approve it (in Adjustments) and what the approval does, and a refusal is said in the
 * dialog in the reader's language. The dialog sits in a table row that opens the application: its clicks and keys
 * stay in the dialog. */
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ADJUSTMENT_REASON_LIMITS,
  formatRupees,
  type ErrorCode,
  type Invoice,
  type LedgerAdjustment,
  type PrepareLedgerAdjustmentRequest,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Button } from '../../../../components/ui/button';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { invoiceKeys } from '../../../../api/invoices';
import { api, errorCode, errorDetail } from '../../../../lib/api-client';

/** The codes this dialog words itself. */
const WORDED: readonly ErrorCode[] = ['invoice_not_cancellable'];

const schema = z.object({
  reason: z.string().trim().min(ADJUSTMENT_REASON_LIMITS.min).max(ADJUSTMENT_REASON_LIMITS.max),
});

function useProposeCancellation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrepareLedgerAdjustmentRequest) => api.post<LedgerAdjustment>('/ledger-adjustments', input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['ledger-adjustments'] });
    },
  });
}

export function CancelInvoiceDialog({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('finance');
  const propose = useProposeCancellation();
  const dialog = useDialogAction(propose.isPending);
  const form = useSchemaForm({
    schema,
    defaultValues: { reason: '' },
    messages: 'finance:cancelInvoice.errors',
    idPrefix: `cancel-invoice-${invoice.id}-`,
    messageParams: { reason: { min: ADJUSTMENT_REASON_LIMITS.min, max: ADJUSTMENT_REASON_LIMITS.max } },
  });
  const params = { number: invoice.invoice_number, amount: formatRupees(invoice.amount) };
  return (
    // Only keeps the dialog's clicks and keys from the row it sits in: a wrapper, not a control.
    <span
      role="presentation"
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <SchemaFormDialog
        form={form}
        onValid={(values) =>
          dialog.send(
            (outcome) =>
              propose.mutate(
                {
                  application_id: invoice.application_id,
                  kind: 'invoice_cancellation',
                  invoice_id: invoice.id,
                  reason: values.reason,
                },
                outcome,
              ),
            {
              done: t('cancelInvoice.done', params),
              failed: (error) => {
                const code = errorCode(error);
                return code && WORDED.includes(code)
                  ? t(`cancelInvoice.refusals.${code}`)
                  : errorDetail(error, t('cancelInvoice.failed'));
              },
              then: () => form.reset(),
            },
          )
        }
        refusal={dialog.refusal}
        open={dialog.open}
        onOpenChange={dialog.onOpenChange}
        title={t('cancelInvoice.title', params)}
        description={t('cancelInvoice.description', params)}
        trigger={
          <Button size="sm" variant="secondary" aria-label={t('cancelInvoice.buttonFor', params)}>
            {t('cancelInvoice.button')}
          </Button>
        }
        cancelLabel={t('cancelInvoice.keep')}
        submitLabel={t('cancelInvoice.submit')}
        submitVariant="danger"
        busy={propose.isPending}
        busyText={t('cancelInvoice.submitting')}
        consequence={t('cancelInvoice.consequence', params)}
      >
        <FormField form={form} name="reason" label={t('cancelInvoice.reason')}>
          <Textarea rows={3} {...form.register('reason')} />
        </FormField>
      </SchemaFormDialog>
    </span>
  );
}
