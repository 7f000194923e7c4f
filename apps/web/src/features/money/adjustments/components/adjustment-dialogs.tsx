/** The actions on a ledger adjustment: Waive interest (from a late dues invoice, with a reason), Prepare a debit or
 * credit (an application by its number, the amount and the reason), Approve or Reject (offered only to someone other
 * than the maker; the server refuses the maker too). Each says what will happen, shows its progress, and a refusal is
 * said in the dialog in the reader's language. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ADJUSTMENT_REASON_LIMITS,
  formatRupees,
  type ErrorCode,
  type Invoice,
  type LedgerAdjustment,
} from '@portal/contract';
import { CaseActionDialog, type CaseActionDialogProps } from '../../../../components/form/case-action-dialog';
import { FormField, useSchemaForm, type AnyObjectSchema } from '../../../../components/form/schema-form';
import { Input, Select, Textarea } from '../../../../components/ui/input';
import {
  findApplicationByNumber,
  useApproveAdjustment,
  usePrepareAdjustment,
  useRejectAdjustment,
} from '../api/adjustments';

/** The codes this screen words itself, in the reader's language. */
const WORDED: readonly ErrorCode[] = [
  'maker_cannot_check',
  'adjustment_state',
  'no_interest_to_waive',
  'invoice_not_cancellable',
];

class UnknownApplication extends Error {}

/** One action of this screen in the shared case dialog, with its words and refusals. */
function ActionDialog<Schema extends AnyObjectSchema>(
  props: Omit<CaseActionDialogProps<Schema>, 'namespace' | 'worded' | 'knownRefusal' | 'action' | 'danger'> & {
    kind: 'waive' | 'correct' | 'approve' | 'reject';
  },
) {
  const { t } = useTranslation('adjustments');
  const { kind, ...rest } = props;
  return (
    <CaseActionDialog
      {...rest}
      namespace="adjustments"
      action={kind}
      worded={WORDED}
      knownRefusal={(error) => (error instanceof UnknownApplication ? t('correct.unknownApplication') : undefined)}
      danger={kind === 'reject'}
    />
  );
}

const reason = z.string().trim().min(ADJUSTMENT_REASON_LIMITS.min).max(ADJUSTMENT_REASON_LIMITS.max);
const confirmSchema = z.object({});
const reasonSchema = z.object({ reason });
const correctionSchema = z.object({
  kind: z.enum(['debit', 'credit']),
  application_number: z.string().trim().min(1),
  amount: z.coerce.number<string>().positive().max(1e13),
  reason,
});
const reasonParams = { reason: { min: ADJUSTMENT_REASON_LIMITS.min, max: ADJUSTMENT_REASON_LIMITS.max } };

export function WaiveDialog({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('adjustments');
  const prepare = usePrepareAdjustment();
  const form = useSchemaForm({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    messages: 'adjustments:waive.errors',
    idPrefix: `waive-${invoice.id}-`,
    messageParams: reasonParams,
  });
  return (
    <ActionDialog
      form={form}
      kind="waive"
      subject={invoice.invoice_number}
      params={{ number: invoice.invoice_number, interest: formatRupees(invoice.interest) }}
      busy={prepare.isPending}
      run={(values, done) =>
        prepare.mutate(
          {
            application_id: invoice.application_id,
            kind: 'interest_waiver',
            invoice_id: invoice.id,
            reason: values.reason,
          },
          done,
        )
      }
    >
      <FormField form={form} name="reason" label={t('reason')}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </ActionDialog>
  );
}

export function CorrectionDialog() {
  const { t } = useTranslation('adjustments');
  const prepare = usePrepareAdjustment();
  const [finding, setFinding] = useState(false);
  const form = useSchemaForm({
    schema: correctionSchema,
    defaultValues: { kind: 'debit', application_number: '', amount: '', reason: '' },
    messages: 'adjustments:correct.errors',
    idPrefix: 'correct-',
    messageParams: reasonParams,
  });
  return (
    <ActionDialog
      form={form}
      kind="correct"
      subject=""
      params={{}}
      busy={finding || prepare.isPending}
      run={(values, done) => {
        setFinding(true);
        findApplicationByNumber(values.application_number)
          .then((application) => {
            if (!application) throw new UnknownApplication();
            prepare.mutate(
              { application_id: application.id, kind: values.kind, amount: values.amount, reason: values.reason },
              done,
            );
          })
          .catch(done.onError)
          .finally(() => setFinding(false));
      }}
    >
      <FormField form={form} name="kind" label={t('correct.kind')}>
        <Select {...form.register('kind')}>
          <option value="debit">{t('kinds.debit')}</option>
          <option value="credit">{t('kinds.credit')}</option>
        </Select>
      </FormField>
      <FormField form={form} name="application_number" label={t('correct.application')}>
        <Input autoComplete="off" placeholder="APP-2026-000001" {...form.register('application_number')} />
      </FormField>
      <FormField form={form} name="amount" label={t('correct.amount')}>
        <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </FormField>
      <FormField form={form} name="reason" label={t('reason')}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </ActionDialog>
  );
}

const paramsOf = (adjustment: LedgerAdjustment, t: (key: string) => string) => ({
  number: adjustment.adjustment_number,
  kind: t(`kinds.${adjustment.kind}`),
  amount: formatRupees(adjustment.amount),
  application: adjustment.application_number,
  maker: adjustment.maker_name,
});

export function ApproveDialog({ adjustment }: { adjustment: LedgerAdjustment }) {
  const { t } = useTranslation('adjustments');
  const approve = useApproveAdjustment();
  const form = useSchemaForm({
    schema: confirmSchema,
    defaultValues: {},
    messages: 'adjustments:approve.errors',
    idPrefix: `approve-${adjustment.id}-`,
  });
  return (
    <ActionDialog
      form={form}
      kind="approve"
      subject={adjustment.adjustment_number}
      params={{
        ...paramsOf(adjustment, t),
        consequenceKind: t(`approve.consequences.${adjustment.kind}`),
      }}
      busy={approve.isPending}
      run={(_values, done) => approve.mutate(adjustment.id, done)}
    />
  );
}

export function RejectDialog({ adjustment }: { adjustment: LedgerAdjustment }) {
  const { t } = useTranslation('adjustments');
  const reject = useRejectAdjustment();
  const form = useSchemaForm({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    messages: 'adjustments:reject.errors',
    idPrefix: `reject-${adjustment.id}-`,
    messageParams: reasonParams,
  });
  return (
    <ActionDialog
      form={form}
      kind="reject"
      subject={adjustment.adjustment_number}
      params={paramsOf(adjustment, t)}
      busy={reject.isPending}
      variant="secondary"
      run={(values, done) => reject.mutate({ id: adjustment.id, reason: values.reason }, done)}
    >
      <FormField form={form} name="reason" label={t('reason')}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </ActionDialog>
  );
}
