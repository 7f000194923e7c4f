/** The actions on a refund: Prepare (from a row of the refunds due, for the amount the rules computed), Approve or
 * Reject (offered only to someone other than its maker; the server refuses the maker too), Mark paid (the bank's UTR
 * and the day) and Verify bank details (the account as it stands, masked). Each says what will happen, shows its
 * progress, and a refusal is said in the dialog in the reader's language. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  formatDateTime,
  formatRupees,
  REFUND_REASON_LIMITS,
  UTR_PATTERN,
  type ErrorCode,
  type Refund,
  type RefundDue,
} from '@portal/contract';
import { FormDateField, inputDate } from '../../../../components/form/date-input';
import {
  CaseActionDialog,
  useRefusalText,
  type CaseActionDialogProps,
} from '../../../../components/form/case-action-dialog';
import { FormField, useSchemaForm, type AnyObjectSchema } from '../../../../components/form/schema-form';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-step';
import { Input, Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import {
  useApproveRefund,
  useBankVerification,
  useMarkRefundPaid,
  usePrepareRefund,
  useRejectRefund,
  useVerifyBank,
} from '../../../../api/refunds';

/** The codes this screen words itself, in the reader's language. */
const WORDED: readonly ErrorCode[] = ['maker_cannot_check', 'bank_not_verified', 'refund_state', 'utr_already_used'];

const confirmSchema = z.object({});
const reasonSchema = z.object({
  reason: z.string().trim().min(REFUND_REASON_LIMITS.min).max(REFUND_REASON_LIMITS.max),
});
const paidSchema = z.object({ utr: z.string().trim().regex(UTR_PATTERN), paid_on: inputDate() });

/** One action of this screen in the shared case dialog, with its words and refusals. */
function ActionDialog<Schema extends AnyObjectSchema>(
  props: Omit<CaseActionDialogProps<Schema>, 'namespace' | 'worded' | 'action' | 'danger'> & {
    kind: 'prepare' | 'reject' | 'paid' | 'verify';
  },
) {
  const { kind, ...rest } = props;
  return <CaseActionDialog {...rest} namespace="refunds" action={kind} worded={WORDED} danger={kind === 'reject'} />;
}

export function PrepareDialog({ due }: { due: RefundDue }) {
  const { t } = useTranslation('refunds');
  const prepare = usePrepareRefund();
  const form = useSchemaForm({
    schema: confirmSchema,
    defaultValues: {},
    messages: 'refunds:prepare.errors',
    idPrefix: `prepare-${due.kind}-${due.application_id}-`,
  });
  return (
    <ActionDialog
      form={form}
      kind="prepare"
      subject={due.application_number}
      params={{
        amount: formatRupees(due.amount),
        kind: t(`kinds.${due.kind}`),
        application: due.application_number,
        payee: due.payee_name,
      }}
      busy={prepare.isPending}
      run={(_values, done) => prepare.mutate({ application_id: due.application_id, kind: due.kind }, done)}
    />
  );
}

/** The checker's approval sends the money out and cannot be undone: the dialog is the confirmation itself, naming the
 * refund, its amount to the paisa and its payee (decision 024). */
export function ApproveDialog({ refund }: { refund: Refund }) {
  const { t } = useTranslation('refunds');
  const approve = useApproveRefund();
  const refusalText = useRefusalText('refunds', WORDED);
  const dialog = useDialogAction(approve.isPending);
  const params = {
    number: refund.refund_number,
    amount: formatRupees(refund.amount),
    payee: refund.payee_name,
    maker: refund.prepared_by_name,
    account: refund.bank?.bank_account_masked ?? '',
  };
  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('approve.title', params)}
      trigger={
        <Button size="sm" aria-label={t('approve.buttonFor', { subject: refund.refund_number })}>
          {t('approve.button')}
        </Button>
      }
      statement={t('approve.confirm', params)}
      details={<p className="text-slate-800">{t('approve.description', params)}</p>}
      consequence={t('approve.consequence', params)}
      refusal={dialog.refusal}
      confirmLabel={t('approve.submit')}
      busy={approve.isPending}
      busyText={t('approve.submitting')}
      onConfirm={() =>
        dialog.send((outcome) => approve.mutate(refund.id, outcome), {
          done: t('approve.done', params),
          failed: (error) => refusalText(error, t('approve.failed')),
        })
      }
    />
  );
}

export function RejectDialog({ refund }: { refund: Refund }) {
  const { t } = useTranslation('refunds');
  const reject = useRejectRefund();
  const form = useSchemaForm({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    messages: 'refunds:reject.errors',
    idPrefix: `reject-${refund.id}-`,
    messageParams: { reason: { min: REFUND_REASON_LIMITS.min, max: REFUND_REASON_LIMITS.max } },
  });
  return (
    <ActionDialog
      form={form}
      kind="reject"
      subject={refund.refund_number}
      params={{ number: refund.refund_number, amount: formatRupees(refund.amount) }}
      busy={reject.isPending}
      variant="secondary"
      run={(values, done) => reject.mutate({ id: refund.id, reason: values.reason }, done)}
    >
      <FormField form={form} name="reason" label={t('reject.reason')}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </ActionDialog>
  );
}

export function PaidDialog({ refund }: { refund: Refund }) {
  const { t } = useTranslation('refunds');
  const paid = useMarkRefundPaid();
  const form = useSchemaForm({
    schema: paidSchema,
    defaultValues: { utr: '', paid_on: '' },
    messages: 'refunds:paid.errors',
    idPrefix: `paid-${refund.id}-`,
  });
  return (
    <ActionDialog
      form={form}
      kind="paid"
      subject={refund.refund_number}
      params={{
        number: refund.refund_number,
        amount: formatRupees(refund.amount),
        payee: refund.payee_name,
        account: refund.bank?.bank_account_masked ?? '',
      }}
      busy={paid.isPending}
      run={(values, done) => paid.mutate({ id: refund.id, utr: values.utr, paid_on: values.paid_on }, done)}
    >
      <FormField form={form} name="utr" label={t('paid.utr')} hint={t('paid.utrHint')}>
        <Input className="uppercase" autoComplete="off" maxLength={30} {...form.register('utr')} />
      </FormField>
      <FormDateField form={form} name="paid_on" label={t('paid.paidOn')} />
    </ActionDialog>
  );
}

/** Verify bank details: reads the account as it stands (masked) when opened, and marks it verified. */
export function VerifyBankDialog({ applicantId, subject }: { applicantId: string; subject: string }) {
  const { t } = useTranslation('refunds');
  const [shown, setShown] = useState(false);
  const verify = useVerifyBank();
  const bank = useBankVerification(shown ? applicantId : null);
  const form = useSchemaForm({
    schema: confirmSchema,
    defaultValues: {},
    messages: 'refunds:verify.errors',
    idPrefix: `verify-${applicantId}-`,
  });
  return (
    <ActionDialog
      form={form}
      kind="verify"
      subject={subject}
      params={{ payee: subject }}
      busy={verify.isPending}
      variant="secondary"
      run={(_values, done) => verify.mutate(applicantId, done)}
      onOpen={() => setShown(true)}
    >
      {bank.data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
          <dt className="font-medium">{t('verify.bankName')}</dt>
          <dd>{bank.data.bank_name}</dd>
          <dt className="font-medium">{t('verify.account')}</dt>
          <dd className="font-mono">{bank.data.bank_account_masked}</dd>
          <dt className="font-medium">{t('verify.ifsc')}</dt>
          <dd className="font-mono">{bank.data.bank_ifsc}</dd>
          <dt className="font-medium">{t('verify.status')}</dt>
          <dd>
            {bank.data.verified_at
              ? t('verify.verifiedAt', { at: formatDateTime(bank.data.verified_at) })
              : t('verify.notVerified')}
          </dd>
        </dl>
      ) : (
        <p className="text-slate-700">{bank.isError ? t('verify.loadFailed') : t('verify.loading')}</p>
      )}
    </ActionDialog>
  );
}
