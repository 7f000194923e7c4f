/** "Pay by bank transfer (NEFT/RTGS)": for an unpaid invoice, the applicant raises its challan and sees the
 * corporation's account, the challan number to quote in the transfer's remarks, the amount and the day it is valid
 * until, and downloads the challan as a PDF. The invoice is paid when the bank statement with the transfer is
 * imported (decision 016). */
import { useTranslation } from 'react-i18next';
import { Landmark } from 'lucide-react';
import { formatDate, formatRupees, isInvoiceOwed, type Challan, type Invoice } from '@portal/contract';
import { challanPdfPath, useOpenChallan, useRaiseChallan } from '../../../../../api/challans';
import { errorDetail } from '../../../../../lib/api-client';
import { FileDownloadButton } from '../../../../documents/components/letters/file-download-button';
import { Button } from '../../../../../components/ui/button';

function ChallanDetails({ challan }: { challan: Challan }) {
  const { t } = useTranslation('challan');
  const rows: [string, string][] = [
    [t('account.beneficiary'), challan.account.beneficiary_name],
    [t('account.number'), challan.account.account_number],
    [t('account.ifsc'), challan.account.ifsc],
    [t('account.bank'), `${challan.account.bank_name}, ${challan.account.branch}`],
    [t('amount'), formatRupees(challan.amount)],
    [t('validUntil'), formatDate(challan.valid_until)],
  ];
  return (
    <div className="space-y-3">
      <p className="rounded-md border-l-4 border-brand-700 bg-brand-50 p-3 text-slate-900">
        {t('quote')} <strong className="font-mono text-lg tracking-wide">{challan.challan_number}</strong>
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {challan.interest > 0 && (
        <p className="text-sm text-slate-700">
          {t('interest', { interest: formatRupees(challan.interest), date: formatDate(challan.valid_until) })}
        </p>
      )}
      <p className="text-sm text-slate-700">{t('howPaid')}</p>
      <FileDownloadButton
        path={challanPdfPath(challan)}
        fileName={`challan-${challan.challan_number}.pdf`}
        busyText={t('downloading')}
        failedText={t('downloadFailed')}
        label={t('downloadLabel', { number: challan.challan_number })}
      >
        {t('download')}
      </FileDownloadButton>
    </div>
  );
}

export function ChallanOption({ invoice }: { invoice: Pick<Invoice, 'id' | 'invoice_number' | 'status'> }) {
  const { t } = useTranslation('challan');
  const open = useOpenChallan(invoice.id);
  const raise = useRaiseChallan(invoice.id);
  if (!isInvoiceOwed(invoice.status)) return null;
  const challan = raise.data ?? open.data ?? null;
  const headingId = `challan-${invoice.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-300 p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Landmark aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('title')}
      </h3>
      {challan ? (
        <ChallanDetails challan={challan} />
      ) : (
        <>
          <p className="text-slate-700">{t('intro')}</p>
          <Button
            variant="secondary"
            busy={raise.isPending}
            busyText={t('raising')}
            disabled={open.isPending}
            aria-label={t('raiseLabel', { number: invoice.invoice_number })}
            onClick={() => raise.mutate()}
          >
            {t('raise')}
          </Button>
          {raise.isError && (
            <p role="alert" className="text-red-800">
              {errorDetail(raise.error, t('raiseFailed'))}
            </p>
          )}
        </>
      )}
    </section>
  );
}
