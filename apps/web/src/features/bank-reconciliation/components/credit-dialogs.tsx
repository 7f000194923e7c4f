/** The actions on a bank credit: Settle (a maker chooses the unpaid invoice it pays, found by its number, and says
 * why), Approve or Reject a pending settlement (only someone other than its maker is offered them; the server refuses
 * the maker too), and Set aside (not the corporation's money, with the reason). Each says what will happen, and a
 * refusal is said in the dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { formatRupees, type BankCredit, type ErrorCode } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { SearchSelect } from '../../../components/search-select';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { useInvoicePage } from '../../../api/invoices';
import { errorCode, errorDetail } from '../../../lib/api-client';
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

function useRefusalText() {
  const { t } = useTranslation('bank-reconciliation');
  return (error: unknown, fallback: string) => {
    const code = errorCode(error);
    return code && WORDED.includes(code) ? t(`refusals.${code}`) : errorDetail(error, fallback);
  };
}

const reasonSchema = z.object({ reason: z.string().trim().min(1).max(500) });
const settleSchema = z.object({ invoice_id: z.string().min(1), note: z.string().trim().min(1).max(500) });
const confirmSchema = z.object({});

export function SettleDialog({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation('bank-reconciliation');
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [search, setSearch] = useState('');
  const settle = useSettleCredit();
  const refusalText = useRefusalText();
  const form = useSchemaForm({
    schema: settleSchema,
    defaultValues: { invoice_id: '', note: '' },
    messages: 'bank-reconciliation:settle.errors',
    idPrefix: `settle-${credit.id}-`,
  });
  const invoices = useInvoicePage(
    { limit: 20, sort: '-generated_at', status: ['pending', 'overdue'], ...(search ? { q: search } : {}) },
    { enabled: open },
  );
  const invoiceId = form.watch('invoice_id');
  const options = (invoices.data?.items ?? []).map((invoice) => ({
    value: invoice.id,
    label: t('settle.invoiceOption', { number: invoice.invoice_number, amount: formatRupees(invoice.amount_due) }),
  }));

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) => {
        if (settle.isPending) return;
        setRefusal(undefined);
        settle.mutate(
          { id: credit.id, invoice_id: values.invoice_id, note: values.note },
          {
            onSuccess: () => {
              toast.success(t('settle.done'));
              setOpen(false);
              form.reset();
            },
            onError: (error) => setRefusal(refusalText(error, t('settle.failed'))),
          },
        );
      }}
      refusal={refusal}
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(undefined);
        setOpen(next);
      }}
      title={t('settle.title')}
      description={t('settle.description', { amount: formatRupees(credit.amount), reference: credit.bank_reference })}
      trigger={
        <Button size="sm" aria-label={t('settle.buttonFor', { reference: credit.bank_reference })}>
          {t('settle.button')}
        </Button>
      }
      cancelLabel={t('cancel')}
      submitLabel={t('settle.submit')}
      busy={settle.isPending}
      busyText={t('settle.submitting')}
      consequence={t('settle.consequence')}
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
    </SchemaFormDialog>
  );
}

/** Reject a pending settlement, or set a credit aside: a reason, then the change. */
export function ReasonDialog({ credit, kind }: { credit: BankCredit; kind: 'reject' | 'setAside' }) {
  const { t } = useTranslation('bank-reconciliation');
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const reject = useRejectSettlement();
  const setAside = useSetAsideCredit();
  const change = kind === 'reject' ? reject : setAside;
  const refusalText = useRefusalText();
  const form = useSchemaForm({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    messages: `bank-reconciliation:${kind}.errors`,
    idPrefix: `${kind}-${credit.id}-`,
  });
  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) => {
        if (change.isPending) return;
        setRefusal(undefined);
        change.mutate(
          { id: credit.id, reason: values.reason },
          {
            onSuccess: () => {
              toast.success(t(`${kind}.done`));
              setOpen(false);
              form.reset();
            },
            onError: (error) => setRefusal(refusalText(error, t(`${kind}.failed`))),
          },
        );
      }}
      refusal={refusal}
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(undefined);
        setOpen(next);
      }}
      title={t(`${kind}.title`)}
      description={t(`${kind}.description`, { amount: formatRupees(credit.amount), reference: credit.bank_reference })}
      trigger={
        <Button size="sm" variant="secondary" aria-label={t(`${kind}.buttonFor`, { reference: credit.bank_reference })}>
          {t(`${kind}.button`)}
        </Button>
      }
      cancelLabel={t('cancel')}
      submitLabel={t(`${kind}.submit`)}
      submitVariant={kind === 'reject' ? 'danger' : undefined}
      busy={change.isPending}
      busyText={t(`${kind}.submitting`)}
      consequence={t(`${kind}.consequence`)}
    >
      <FormField form={form} name="reason" label={t(`${kind}.reason`)}>
        <Textarea rows={3} {...form.register('reason')} />
      </FormField>
    </SchemaFormDialog>
  );
}

export function ApproveDialog({ credit }: { credit: BankCredit }) {
  const { t } = useTranslation('bank-reconciliation');
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const approve = useApproveSettlement();
  const refusalText = useRefusalText();
  const form = useSchemaForm({
    schema: confirmSchema,
    defaultValues: {},
    messages: 'bank-reconciliation:approve.errors',
    idPrefix: `approve-${credit.id}-`,
  });
  return (
    <SchemaFormDialog
      form={form}
      onValid={() => {
        if (approve.isPending) return;
        setRefusal(undefined);
        approve.mutate(credit.id, {
          onSuccess: () => {
            toast.success(t('approve.done'));
            setOpen(false);
          },
          onError: (error) => setRefusal(refusalText(error, t('approve.failed'))),
        });
      }}
      refusal={refusal}
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(undefined);
        setOpen(next);
      }}
      title={t('approve.title')}
      description={t('approve.description', {
        amount: formatRupees(credit.amount),
        reference: credit.bank_reference,
        invoice: credit.settle_invoice_number ?? '',
        maker: credit.settle_prepared_by_name ?? '',
      })}
      trigger={
        <Button size="sm" aria-label={t('approve.buttonFor', { reference: credit.bank_reference })}>
          {t('approve.button')}
        </Button>
      }
      cancelLabel={t('cancel')}
      submitLabel={t('approve.submit')}
      busy={approve.isPending}
      busyText={t('approve.submitting')}
      consequence={t('approve.consequence', { invoice: credit.settle_invoice_number ?? '' })}
    >
      {credit.settle_note && (
        <p className="text-slate-800">
          <span className="font-medium">{t('approve.note')}</span> {credit.settle_note}
        </p>
      )}
    </SchemaFormDialog>
  );
}
