/** Small pieces every scheme screen shows the same way: the status badge, the mode, an outcome, the window, and the
 * paths of the scheme screens. */
import { useTranslation } from 'react-i18next';
import { formatDateTime, ROUTES, type SchemeMode, type SchemeOutcome, type SchemeStatus } from '@portal/contract';

export const schemePaths = {
  officerDetail: (id: string) => ROUTES.officerSchemeDetail.path.replace(':id', id),
  detail: (id: string) => ROUTES.schemeDetail.path.replace(':id', id),
  auction: (id: string) => ROUTES.schemeAuction.path.replace(':id', id),
  result: (schemeNumber: string) => ROUTES.schemeResult.path.replace(':schemeNumber', encodeURIComponent(schemeNumber)),
  apply: (schemeId: string, assetId: string) =>
    `${ROUTES.newApplication.path}?scheme=${encodeURIComponent(schemeId)}&asset=${encodeURIComponent(assetId)}`,
  officerApplication: (applicationId: string) => ROUTES.officerApplicationDetail.path.replace(':id', applicationId),
  myApplication: (applicationId: string) => ROUTES.applicationDetail.path.replace(':id', applicationId),
};

// The status badges' 800-on-100 pairs (above 4.5:1 contrast).
const STATUS_TONES: Record<SchemeStatus, string> = {
  open: 'bg-green-100 text-green-800 ring-green-700/30',
  closed: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  decided: 'bg-blue-100 text-blue-800 ring-blue-700/30',
};

export function SchemeStatusBadge({ status }: { status: SchemeStatus }) {
  const { t } = useTranslation('schemes');
  return (
    <span
      data-testid="scheme-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${STATUS_TONES[status]}`}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

export function useSchemeWords() {
  const { t } = useTranslation('schemes');
  return {
    mode: (mode: SchemeMode) => t(`modes.${mode}`),
    outcome: (outcome: SchemeOutcome | null) => (outcome ? t(`outcomes.${outcome}`) : t('outcomes.pending')),
    window: (opensAt: string, closesAt: string) =>
      t('window', { opens: formatDateTime(opensAt), closes: formatDateTime(closesAt) }),
    category: (category: string) => t(`applications:applicantCategories.${category}`, { defaultValue: category }),
  };
}
