/** The fee of a service in words: the amount the contract computes (serviceFee) when the plot's valuation is known or
 * the fee does not depend on it, else the rule; free to a legal heir; then when it is billed and when the service
 * takes effect. */
import { useTranslation } from 'react-i18next';
import {
  ALLOTTEE_SERVICES,
  ESTATE_TERMS,
  formatNumber,
  formatRupees,
  serviceFee,
  serviceFeeNeedsValuation,
  SUBLETTING_MAX_MONTHS,
  type ServiceRequestType,
} from '@portal/contract';
import { numberFromBox } from './form-schema';

export interface FeeParticulars {
  legal_heir?: boolean;
  /** The box's value: a subletting's period in months (a part year counts as a year). */
  months?: unknown;
}

/** The months of a subletting, when the box holds a period the contract takes. */
function validMonths(value: unknown): number | undefined {
  const months = numberFromBox(value);
  return months !== undefined && Number.isInteger(months) && months >= 1 && months <= SUBLETTING_MAX_MONTHS
    ? months
    : undefined;
}

export function useServiceFeeText() {
  const { t } = useTranslation('service-request-form');
  /** The fee in one sentence, and when it is billed and takes effect in another. */
  return (type: ServiceRequestType, valuation: number | undefined, particulars: FeeParticulars = {}) => {
    const rule = ALLOTTEE_SERVICES[type].fee;
    if (rule.kind === 'free') return `${t('fee.free')} ${t('fee.onApproval')}`;
    if (type === 'transfer' && particulars.legal_heir) return `${t('fee.legalHeir')} ${t('fee.onApproval')}`;
    const months = validMonths(particulars.months);
    const percent = rule.kind === 'fixed' ? '' : formatNumber(rule.share * 100);
    let fee: string;
    if (serviceFeeNeedsValuation(type) && valuation === undefined) {
      fee =
        type === 'subletting'
          ? t('fee.subletRule', { percent })
          : rule.kind === 'per_year_of_extension'
            ? t('fee.perYearRule', { percent })
            : t('fee.shareRule', { percent });
    } else {
      const amount = formatRupees(serviceFee(type, valuation ?? 0, { months }));
      const years = months === undefined ? 1 : Math.max(1, Math.ceil(months / 12));
      fee =
        rule.kind === 'fixed'
          ? t('fee.fixed', { fee: amount })
          : type === 'subletting'
            ? months === undefined
              ? t('fee.subletPerYear', { fee: amount, percent, valuation: formatRupees(valuation ?? 0) })
              : t('fee.sublet', {
                  fee: amount,
                  percent,
                  valuation: formatRupees(valuation ?? 0),
                  count: years,
                  years: formatNumber(years),
                })
            : rule.kind === 'per_year_of_extension'
              ? t('fee.perYear', {
                  fee: amount,
                  percent,
                  valuation: formatRupees(valuation ?? 0),
                  months: formatNumber(ESTATE_TERMS.extensionMonths),
                })
              : t('fee.share', { fee: amount, percent, valuation: formatRupees(valuation ?? 0) });
    }
    return `${fee} ${t('fee.onPayment')}`;
  };
}
