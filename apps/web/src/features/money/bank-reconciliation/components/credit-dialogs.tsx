/** The actions on a bank credit: Settle (a maker chooses the unpaid invoice it pays, found by its number, and says
 * why), Approve or Reject a pending settlement (only someone other than its maker is offered them; the server refuses
 * the maker too), and Set aside (not the corporation's money, with the reason). Each says what will happen, and a
 * refusal is said in the dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatRupees, type BankCredit, type ErrorCode } from '@portal/contract';
import { CaseActionDialog } from '../../../../components/form/case-action-dialog';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SearchSelect } from '../../../../components/search-select';
import { Textarea } from '../../../../components/ui/input';
import { useInvoicePage } from '../../../../api/invoices';
import {
  useApproveSettlement,
  useRejectSettlement,
  useSetAsideCredit,
  useSettleCredit,
} from '../api/bank-reconciliation';

/** The codes this screen words itself, in the reader's language. */
const WORDED: readonly ErrorCode[] = [
  'maker_cannot_check',
  'bank_credit_state',
  'settlement_amount_mismatch',
  'invoice_already_paid',
];

const reasonSchema = z.object({ reason: z.string().trim().min(1).max(500) });
const settleSchema = z.object({ invoice_id: z.string().min(1), note: z.string().trim().min(1).max(500) });
const confirmSchema = z.object({});

/** The words' parameters of an action on this credit. */
const paramsOf = (credit: BankCredit) => ({
  amount: formatRupees(credit.amount),
  reference: credit.bank_reference,
  invoice: credit.settle_invoice_number ?? '',
  maker: credit.settle_prepared_by_name ?? '',
});

export function SettleDialog({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation('bank-reconciliation');
  const [shown, setShown] = useState(false);
  const [search, setSearch] = useState('');
  const settle = useSettleCredit();
  const form = useSchemaForm({
    schema: settleSchema,
    defaultValues: { invoice_id: '', note: '' },
    messages: 'bank-reconciliation:settle.errors',
    idPrefix: `settle-${credit.id}-`,
  });
  const invoices = useInvoicePage(
    { limit: 20, sort: '-generated_at', status: ['pending', 'overdue'], ...(search ? { q: search } : {}) },
    { enabled: shown },
  );
  const invoiceId = form.watch('invoice_id');
  const options = (invoices.data?.items ?? []).map((invoice) => ({
    value: invoice.id,
    label: t('settle.invoiceOption', { number: invoice.invoice_number, amount: formatRupees(invoice.amount_due) }),
  }));

  return (
    <CaseActionDialog
      namespace="bank-reconciliation"
      action="settle"
      worded={WORDED}
      form={form}
      subject={credit.bank_reference}
      params={paramsOf(credit)}
      busy={settle.isPending}
      onOpen={() => setShown(true)}
      run={(values, outcome) =>
        settle.mutate({ id: credit.id, invoice_id: values.invoice_id, note: values.note }, outcome)
      }
    >
      <SearchSelect
        id={form.idOf('invoice_id')}
        label={t('settle.invoice')}
        searchLabel={t('settle.findInvoice')}
        noneLabel={t('settle.none')}
        value={invoiceId}
        onChange={(value) => form.setValue('invoice_id', value, { shouldValidate: form.formState.isSubmitted })}
        search={search}
        onSearch={setSearch}
        hasMore={Boolean(invoices.data && invoices.data.total > invoices.data.items.length)}
        error={form.errorOf('invoice_id')}
        options={options}
      />
      <FormField form={form} name="note" label={t('settle.note')} hint={t('settle.noteHint')}>
        <Textarea rows={3} {...form.register('note')} />
      </FormField>
    </CaseActionDialog>
  );
}

/** Reject a pending settlement, or set a credit aside: a reason, then the change. */
export function ReasonDialog({ credit, kind }: { credit: BankCredit; kind: 'reject' | 'setAside' }) {
  const { t } = useTranslation('bank-reconciliation');
  const reject = useRejectSettlement();
  const setAside = useSetAsideCredit();
  const change = kind === 'reject' ? reject : setAside;
  const form = useSchemaForm({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    messages: `bank-reconciliation:${kind}.errors`,
    idPrefix: `${kind}-${credit.id}-`,
  });
  return (
    <CaseActionDialog
      namespace="bank-reconciliation"
      action={kind}
      worded={WORDED}
      form={form}
      subject={credit.bank_reference}
      params={paramsOf(credit)}
      busy={change.isPending}
      variant="secondary"
      danger={kind === 'reject'}
      run={(values, outcome) => change.mutate({ id: credit.id, reason: values.reason }, outcome)}
    >
      <FormField form={form} name="reason" label={t(`${kind}.reason`)}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </CaseActionDialog>
  );
}

export function ApproveDialog({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation('bank-reconciliation');
  const approve = useApproveSettlement();
  const form = useSchemaForm({
    schema: confirmSchema,
    defaultValues: {},
    messages: 'bank-reconciliation:approve.errors',
    idPrefix: `approve-${credit.id}-`,
  });
  return (
    <CaseActionDialog
      namespace="bank-reconciliation"
      action="approve"
      worded={WORDED}
      form={form}
      subject={credit.bank_reference}
      params={paramsOf(credit)}
      busy={approve.isPending}
      run={(_values, outcome) => approve.mutate(credit.id, outcome)}
    >
      {credit.settle_note && (
        <p className="text-slate-800">
          <span className="font-medium">{t('approve.note')}</span> {credit.settle_note}
        </p>
      )}
    </CaseActionDialog>
  );
}
