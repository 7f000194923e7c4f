/** The payment receipt: the letterhead, the receipt's facts in one table (the amount in figures and in words), and
 * Print/Download. */
import { useTranslation } from 'react-i18next';
import {
  amountInWords,
  formatDateTime,
  formatRupees,
  type Applicant,
  type Invoice,
  type Payment,
} from '@portal/contract';
import { LetterDialogFrame, LetterFactsTable } from './letter-dialog-frame';
import { Letterhead } from './letterhead';

export interface PaymentReceiptDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  payment: Payment;
  invoice: Invoice | undefined;
  applicationNumber: string;
  applicant: Applicant | undefined;
}

export function PaymentReceiptDialog({
  open,
  onOpenChange,
  payment,
  invoice,
  applicationNumber,
  applicant,
}: PaymentReceiptDialogProps) {
  const { t } = useTranslation('letters');
  const title = t('receipt.title');
  const na = t('notAvailable');
  const rows: Array<[string, string]> = [
    [t('receipt.receiptNumber'), payment.receipt_number],
    [t('receipt.dateTime'), formatDateTime(payment.payment_date)],
    [t('receipt.receivedFrom'), applicant?.organization_name ?? na],
    [t('receipt.applicationNumber'), applicationNumber],
    [t('receipt.invoiceNumber'), invoice?.invoice_number ?? na],
    [t('receipt.invoiceType'), invoice ? t(`receipt.invoiceTypes.${invoice.invoice_type}`) : na],
    [t('receipt.amount'), formatRupees(payment.amount)],
    [t('receipt.amountInWords'), amountInWords(payment.amount)],
    [t('receipt.paymentMethod'), t(`receipt.methods.${payment.payment_method}`)],
    [t('receipt.transactionReference'), payment.transaction_reference],
    [t('receipt.status'), t(`receipt.statuses.${payment.status}`)],
  ];

  return (
    <LetterDialogFrame open={open} onOpenChange={onOpenChange} title={title}>
      <Letterhead />
      <h2 className="letter-title">{title}</h2>
      <hr className="letter-rule" />
      <LetterFactsTable rows={rows} />
      <p className="letter-block">{t('receipt.note')}</p>
    </LetterDialogFrame>
  );
}
