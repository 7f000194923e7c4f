/** Pay Now asks first: a small dialog naming the invoice and the amount, and what paying does, before it pays. */
import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import { formatDate, formatRupees, type Invoice } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { DefinitionGrid } from './definition-grid';

export interface PayInvoiceDialogProps {
  /** The invoice to pay; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  paying: boolean;
  onConfirm: (invoice: Invoice) => void;
  onCancel: () => void;
}

export function PayInvoiceDialog({ invoice, paying, onConfirm, onCancel }: PayInvoiceDialogProps) {
  const { t } = useTranslation('applications');
  const amount = invoice ? formatRupees(invoice.amount) : '';
  const number = invoice?.invoice_number ?? '';
  return (
    <Dialog
      open={invoice !== undefined}
      onOpenChange={(open) => {
        if (!open && !paying) onCancel();
      }}
      title={t('detail.payments.confirmTitle', { number })}
      description={t('detail.payments.confirmConsequence', { amount, number })}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={paying}>
            {t('cancel')}
          </Button>
          <Button
            icon={<CreditCard aria-hidden="true" className="h-4 w-4" />}
            busy={paying}
            busyText={t('detail.payments.paying')}
            onClick={() => invoice && onConfirm(invoice)}
          >
            {t('detail.payments.confirm')}
          </Button>
        </>
      }
    >
      {invoice && (
        <DefinitionGrid
          items={[
            [t('detail.payments.invoiceNumber'), invoice.invoice_number],
            [t('detail.payments.invoiceType'), t(`invoiceTypes.${invoice.invoice_type}`)],
            [t('detail.payments.amount'), <span className="tabular-nums">{amount}</span>],
            [t('detail.payments.dueDate'), formatDate(invoice.due_date)],
            [t('detail.payments.method'), t('detail.payments.online')],
          ]}
        />
      )}
    </Dialog>
  );
}
