/** Paying an invoice (decision 016): the invoice, what it asks today (with interest on late yearly dues), and two
 * ways to pay. "Pay online" has the server make a gateway order for that amount and sends the whole page to the
 * bank's secure page; the bank's signed answer, not this page, marks the invoice paid. "Pay by bank transfer" raises
 * a challan to quote in a NEFT/RTGS transfer. */
import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import { formatDate, formatRupees, type GatewayCheckout, type Invoice, type PaymentOrigin } from '@portal/contract';
import { goToCheckout, useStartGatewayPayment } from '../../../../../api/gateway-payments';
import { ApiError } from '../../../../../lib/api-client';
import { Button } from '../../../../../components/ui/button';
import { Dialog } from '../../../../../components/ui/dialog';
import { ChallanOption } from '../challan-option';

export interface PayInvoiceDialogProps {
  /** The invoice to pay; the dialog is open while there is one. */
  invoice: Invoice | undefined;
  onClose: () => void;
  /** The screen the payment starts from: the bank's return page goes back there. */
  origin: PaymentOrigin;
  /** Where "Pay online" sends the browser (the gateway's page); tests pass their own. */
  navigate?: (checkout: GatewayCheckout) => void;
}

/** The refusal's code, when the server gave one. */
function codeOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

export function PayInvoiceDialog({ invoice, onClose, origin, navigate = goToCheckout }: PayInvoiceDialogProps) {
  const { t } = useTranslation('online-payment');
  const start = useStartGatewayPayment(navigate);
  // Once the order is made the page is leaving for the bank: the button stays busy until it has gone.
  const leaving = start.isPending || start.isSuccess;
  const number = invoice?.invoice_number ?? '';
  const total = invoice ? formatRupees(invoice.amount_due || invoice.amount) : '';
  const failure = start.isError
    ? ((
        { invoice_already_paid: t('alreadyPaid'), gateway_unavailable: t('gatewayUnavailable') } as Record<
          string,
          string
        >
      )[codeOf(start.error) ?? ''] ?? t('failed'))
    : undefined;
  const rows: Array<[string, string]> = invoice
    ? [
        [t('invoiceNumber'), invoice.invoice_number],
        [t('invoiceType'), t(`invoiceTypes.${invoice.invoice_type}`)],
        [t('amount'), formatRupees(invoice.amount)],
        ...(invoice.interest > 0 ? ([[t('interest'), formatRupees(invoice.interest)]] as Array<[string, string]>) : []),
        [t('total'), total],
        [t('dueDate'), formatDate(invoice.due_date)],
      ]
    : [];
  return (
    <Dialog
      open={invoice !== undefined}
      onOpenChange={(open) => {
        if (!open && !leaving) {
          start.reset();
          onClose();
        }
      }}
      title={t('title', { number })}
      description={t('description', { amount: total, number })}
      size="lg"
      footer={
        <Button
          variant="secondary"
          onClick={() => {
            start.reset();
            onClose();
          }}
          disabled={leaving}
        >
          {t('close')}
        </Button>
      }
    >
      {invoice && (
        <div className="space-y-4">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {invoice.interest > 0 && <p className="text-sm text-slate-700">{t('interestNote')}</p>}
          <section aria-labelledby="pay-online-heading" className="space-y-3 rounded-lg border border-slate-300 p-4">
            <h3 id="pay-online-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <CreditCard aria-hidden="true" className="h-5 w-5 text-brand-700" />
              {t('online.title')}
            </h3>
            <p className="text-slate-700">{t('online.intro')}</p>
            <Button
              icon={<CreditCard aria-hidden="true" className="h-4 w-4" />}
              busy={leaving}
              busyText={t('online.going')}
              onClick={() => start.mutate({ invoiceId: invoice.id, origin })}
            >
              {t('online.pay', { amount: total })}
            </Button>
            {failure && (
              <p role="alert" className="text-red-800">
                {failure}
              </p>
            )}
          </section>
          <ChallanOption invoice={invoice} />
        </div>
      )}
    </Dialog>
  );
}
