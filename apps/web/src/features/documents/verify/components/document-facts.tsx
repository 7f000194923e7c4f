/** What the verified document says: its type, number, holder, asset, date of issue and who signed it, then the facts
 * printed on it (in the contract's terms: a letter's, a receipt's, or what an order of the allotment's life ordered),
 * each formatted as the portal shows it. */
import { useTranslation } from 'react-i18next';
import {
  amountInWords,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  type IssuedDocumentFacts,
  type VerifiedDocument,
} from '@portal/contract';
import { Card } from '../../../../components/ui/card';

/** The facts in the order a reader expects them; area_unit is shown in the areas' labels. */
const FACT_ORDER = [
  'order_number',
  'request_number',
  'application_number',
  'submitted_on',
  'receipt_number',
  'invoice_number',
  'invoice_type',
  'amount',
  'payment_date',
  'allotment_number',
  'allotment_date',
  'expiry_date',
  'certificate_number',
  'possession_date',
  'as_on',
  // What an order of the allotment's life ordered.
  'milestone',
  'previous_due_on',
  'due_on',
  'transferor',
  'transferee',
  'changed',
  'new_value',
  'lender',
  'loan_amount',
  'sub_lessee',
  'sublet_area',
  'months',
  'ended_on',
  'reply_by',
  'outcome',
  'asset_type',
  'location',
  'area',
  'area_handed_over',
] as const satisfies readonly Exclude<keyof IssuedDocumentFacts, 'area_unit'>[];

type FactKey = (typeof FACT_ORDER)[number];

export function DocumentFacts({ document }: { document: VerifiedDocument }) {
  const { t } = useTranslation('verify');
  const { facts } = document;
  const unit = facts.area_unit ? t(`units.${facts.area_unit}`) : '';
  const valueOf = (key: FactKey): string => {
    const value = facts[key];
    switch (key) {
      case 'submitted_on':
      case 'allotment_date':
      case 'expiry_date':
      case 'possession_date':
      case 'previous_due_on':
      case 'due_on':
      case 'ended_on':
      case 'reply_by':
      case 'as_on':
        return formatDate(value as string | null);
      case 'payment_date':
        return formatDateTime(value as string);
      case 'amount':
      case 'loan_amount':
        return t('amountWithWords', { figures: formatRupees(value as number), words: amountInWords(value as number) });
      case 'invoice_type':
        return t(`invoiceTypes.${value as string}`);
      case 'asset_type':
        return t(`assetTypes.${value as string}`);
      case 'area':
      case 'area_handed_over':
      case 'sublet_area':
        return formatNumber(value as number);
      case 'months':
        return t('monthsValue', { months: formatNumber(value as number) });
      case 'milestone':
        return t(`milestones.${value as string}`);
      case 'changed':
        return t(`changes.${value as string}`);
      case 'outcome':
        return t(`outcomes.${value as string}`);
      default:
        return String(value);
    }
  };
  const rows: Array<[string, string]> = [
    [t('fields.kind'), t(`kinds.${document.kind}`)],
    [t('fields.number'), document.document_number],
    [t('fields.holder'), document.holder_name],
    ...(document.asset_code ? [[t('fields.asset'), document.asset_code] as [string, string]] : []),
    [t('fields.issuedAt'), formatDateTime(document.issued_at)],
    [
      t('fields.signedBy'),
      !document.signature
        ? t('notSigned')
        : document.signature.demo
          ? t('signedByDemo', { signer: document.signature.signer })
          : document.signature.signer,
    ],
    ...FACT_ORDER.filter((key) => facts[key] !== undefined).map(
      (key) => [t(`fields.${key}`, { unit }), valueOf(key)] as [string, string],
    ),
  ];
  return (
    <Card title={t('detailsHeading')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,max-content)_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="sm:contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
