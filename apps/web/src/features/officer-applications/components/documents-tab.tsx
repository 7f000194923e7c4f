/** Documents: each uploaded document with its verification state; Verify and Reject for each unverified one
 * (zonal_manager, ho, committee, admin); legal and finance only read. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Download, X } from 'lucide-react';
import { can, formatDateTime, type Application, type ApplicationDocument, type Role } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DataTable } from '../../../components/ui/data-table';
import { downloadFile, useVerifyDocument } from '../api/officer-applications';
import { actionFailed } from '../lib/action-toasts';

const TONES = { pending: 'grey', verified: 'green', rejected: 'red' } as const;

export function DocumentsTab({
  application,
  documents,
  role,
}: {
  application: Application;
  documents: QueryLike<ApplicationDocument[]>;
  role: Role;
}) {
  const { t } = useTranslation('officer-applications');
  const verify = useVerifyDocument(application.id);
  const [busy, setBusy] = useState<string | null>(null);
  const mayVerify = can(role, 'verify:document') && application.status !== 'draft';

  const decide = (document: ApplicationDocument, verified: boolean) => {
    setBusy(`${document.id}:${verified}`);
    verify.mutate(
      { documentId: document.id, verified },
      {
        onSuccess: () => toast.success(verified ? t('documents.verified') : t('documents.rejected')),
        onError: (error) => actionFailed(t('documents.failed'), error),
        onSettled: () => setBusy(null),
      },
    );
  };
  const download = (document: ApplicationDocument) =>
    downloadFile(`/applications/${application.id}/documents/${document.id}/file`, document.file_name).catch(() =>
      toast.error(t('documents.downloadFailed')),
    );

  return (
    <QueryState query={documents} empty={<EmptyState message={t('documents.empty')} />}>
      {(list) => (
        <DataTable
          caption={t('documents.caption')}
          rows={list}
          rowKey={(document) => document.id}
          columns={[
            {
              key: 'type',
              header: t('documents.type'),
              cell: (document) => t(`documentTypes.${document.document_type}`),
            },
            { key: 'file', header: t('documents.file'), cell: (document) => document.file_name },
            {
              key: 'uploaded',
              header: t('documents.uploaded'),
              cell: (document) => formatDateTime(document.uploaded_at),
            },
            {
              key: 'status',
              header: t('documents.status'),
              cell: (document) => (
                <StatusBadge
                  status={t(`documents.statuses.${document.verification_status}`)}
                  tone={TONES[document.verification_status]}
                />
              ),
            },
            {
              key: 'actions',
              header: t('documents.actions'),
              cell: (document) => {
                const name = t(`documentTypes.${document.document_type}`);
                return (
                  <div className="flex flex-wrap gap-2">
                    {mayVerify && document.verification_status === 'pending' && (
                      <>
                        <Button
                          size="sm"
                          icon={<Check aria-hidden="true" className="h-4 w-4" />}
                          aria-label={t('documents.verifyLabel', { name })}
                          busy={busy === `${document.id}:true`}
                          disabled={busy !== null}
                          onClick={() => decide(document, true)}
                        >
                          {t('documents.verify')}
                        </Button>
                        <Button
                          size="sm"
                          variant="danger"
                          icon={<X aria-hidden="true" className="h-4 w-4" />}
                          aria-label={t('documents.rejectLabel', { name })}
                          busy={busy === `${document.id}:false`}
                          disabled={busy !== null}
                          onClick={() => decide(document, false)}
                        >
                          {t('documents.reject')}
                        </Button>
                      </>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<Download aria-hidden="true" className="h-4 w-4" />}
                      aria-label={t('documents.downloadLabel', { name })}
                      onClick={() => void download(document)}
                    >
                      {t('documents.download')}
                    </Button>
                  </div>
                );
              },
            },
          ]}
        />
      )}
    </QueryState>
  );
}
