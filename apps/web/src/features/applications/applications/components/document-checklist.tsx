/** The required-documents checklist: each document type with where it stands (missing, waiting to be checked,
 * verified, rejected with the reason), required types first. */
import { useTranslation } from 'react-i18next';
import type { DocumentChecklist } from '@portal/contract';
import { Card } from '../../../../components/ui/card';
import { QueryState, type QueryLike } from '../../../../components/ui/query-state';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { CHECKLIST_TONES } from './status-tones';

export function DocumentChecklistCard({ checklist }: { checklist: QueryLike<DocumentChecklist> }) {
  const { t } = useTranslation('applications');
  return (
    <Card title={t('detail.checklist.title')}>
      <QueryState query={checklist}>
        {(items) => {
          // Optional types appear only once something was uploaded for them.
          const shown = items.filter((item) => item.required || item.state !== 'missing');
          return (
            <ul aria-label={t('detail.checklist.title')} className="divide-y divide-slate-200">
              {shown.map((item) => (
                <li key={item.document_type} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-slate-900">
                    {t(`documentTypes.${item.document_type}`)}
                    {item.required && <span className="text-sm text-slate-600"> {t('required')}</span>}
                  </span>
                  <span className="flex flex-col items-end gap-1">
                    <StatusBadge
                      status={t(`detail.checklist.states.${item.state}`)}
                      tone={CHECKLIST_TONES[item.state]}
                    />
                    {item.state === 'rejected' && item.rejection_reason && (
                      <span className="text-sm text-red-800">
                        {t('detail.documents.reason', { reason: item.rejection_reason })}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </Card>
  );
}
