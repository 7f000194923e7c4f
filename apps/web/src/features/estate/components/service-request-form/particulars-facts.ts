/** What a service request names, in words, as label and value pairs for a list of facts: the transferee and whether a
 * legal heir, the new name, constitution or activity, the lender and loan, the sub-lessee, area and period. */
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRupees, type ServiceRequest } from '@portal/contract';
import { particularFieldsOf } from './form-schema';

export function useParticularsFacts() {
  const { t } = useTranslation('service-request-form');
  return (request: Pick<ServiceRequest, 'request_type' | 'particulars'>): Array<[string, string]> => {
    const particulars = request.particulars ?? {};
    return particularFieldsOf(request.request_type).flatMap((field): Array<[string, string]> => {
      const value = particulars[field];
      if (value === undefined || value === null) return [];
      const label = t(`facts.${field}`);
      switch (field) {
        case 'legal_heir':
          return [[label, value ? t('facts.yes') : t('facts.no')]];
        case 'new_constitution':
          return [[label, t(`constitutions.${String(value)}`, { defaultValue: String(value) })]];
        case 'loan_amount':
          return [[label, formatRupees(Number(value))]];
        case 'sublet_area':
          return [[label, formatNumber(Number(value))]];
        case 'months':
          return [[label, t('facts.monthsValue', { count: Number(value), months: formatNumber(Number(value)) })]];
        default:
          return [[label, String(value)]];
      }
    });
  };
}
