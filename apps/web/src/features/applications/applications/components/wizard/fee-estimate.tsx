/** What an application costs, from the contract's fee estimate: the full breakdown (the review step and the public
 * Fees page) and the one-line estimate on an asset's card. */
import { useTranslation } from 'react-i18next';
import { FEES, feeEstimate, formatRupees } from '@portal/contract';

const percent = (rate: number) => String(Math.round(rate * 100));

/** The invoices submission raises, their total and due days, then the premium that follows approval. */
export function FeeBreakdown({ valuation }: { valuation: number }) {
  const { t } = useTranslation('applications');
  const estimate = feeEstimate(valuation);
  const row = (label: string, detail: string, amount: number, strong = false) => (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-900'}>
        {label}
        {detail && <span className="block text-sm text-slate-600">{detail}</span>}
      </dt>
      <dd className={strong ? 'font-semibold text-slate-900 tabular-nums' : 'font-medium text-slate-900 tabular-nums'}>
        {formatRupees(amount)}
      </dd>
    </div>
  );
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold text-slate-900">{t('fees.onSubmitTitle')}</h3>
        <dl className="divide-y divide-slate-200">
          {row(
            t('fees.processingFee'),
            t('fees.processingFeeDetail', {
              fee: formatRupees(estimate.processingFee),
              rate: percent(FEES.gstRate),
              gst: formatRupees(estimate.processingFeeGst),
            }),
            estimate.processingFeeWithGst,
          )}
          {row(
            t('fees.emd'),
            t('fees.emdDetail', { rate: percent(FEES.emdRateOfValuation), valuation: formatRupees(valuation) }),
            estimate.emd,
          )}
          {row(t('fees.dueOnSubmit'), '', estimate.dueOnSubmit, true)}
        </dl>
        <p className="mt-1 text-sm text-slate-600">{t('fees.dueWithin', { days: estimate.dueDays })}</p>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t('fees.afterApprovalTitle')}</h3>
        <dl className="divide-y divide-slate-200">
          {row(
            t('fees.premium'),
            t('fees.premiumDetail', { rate: percent(FEES.premiumInstalmentRateOfValuation) }),
            estimate.premiumInstalment,
          )}
        </dl>
      </div>
    </div>
  );
}

/** One line for an asset's card: what submitting raises, and the premium after approval. */
export function AssetFeeLine({ valuation }: { valuation: number }) {
  const { t } = useTranslation('applications');
  const estimate = feeEstimate(valuation);
  return (
    <p className="mt-2 border-t border-slate-200 pt-2 text-sm text-slate-700">
      {t('fees.assetLine', {
        total: formatRupees(estimate.dueOnSubmit),
        processing: formatRupees(estimate.processingFeeWithGst),
        emd: formatRupees(estimate.emd),
        premium: formatRupees(estimate.premiumInstalment),
      })}
    </p>
  );
}
