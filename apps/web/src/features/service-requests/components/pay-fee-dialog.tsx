/** Pay Now asks first: the invoice, the amount and what paying does, before it pays (as for the application's own
 * invoices). */
import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import { formatDate, formatRupees, type Invoice } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export interface PayFeeDialogProps {
  /** The invoice to pay; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  paying: boolean;
  onConfirm: (invoice: Invoice) => void;
  onCancel: () => void;
}

export function PayFeeDialog({ invoice, paying, onConfirm, onCancel }: PayFeeDialogProps) {
  const { t } = useTranslation('service-requests');
  const amount = invoice ? formatRupees(invoice.amount) : '';
  const number = invoice?.invoice_number ?? '';
  const rows: Array<[string, string]> = invoice
    ? [
        [t('invoice.number'), invoice.invoice_number],
        [t('invoice.amount'), amount],
        [t('invoice.dueDate'), formatDate(invoice.due_date)],
        [t('invoice.method'), t('invoice.online')],
      ]
    : [];
  return (
    <Dialog
      open={invoice !== undefined}
      onOpenChange={(open) => {
        if (!open && !paying) onCancel();
      }}
      title={t('invoice.confirmTitle', { number })}
      description={t('invoice.confirmConsequence', { amount, number })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={paying}>
            {t('invoice.cancel')}
          </Button>
          <Button
            icon={<CreditCard aria-hidden="true" className="h-4 w-4" />}
            busy={paying}
            busyText={t('invoice.paying')}
            onClick={() => invoice && onConfirm(invoice)}
          >
            {t('invoice.confirm', { amount })}
          </Button>
        </>
      }
    >
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
