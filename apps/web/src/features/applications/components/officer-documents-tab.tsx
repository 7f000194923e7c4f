/** Documents: the required-documents checklist, then each uploaded document with its state (a rejected one with the
 * reason, a replaced one superseded); Verify, and Reject with a reason, for each current unverified one
 * (zonal_manager, ho, committee, admin); legal and finance only read. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Download, X } from 'lucide-react';
import {
  can,
  formatDateTime,
  type Application,
  type ApplicationDocument,
  type DocumentChecklist,
  type Role,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DataTable } from '../../../components/ui/data-table';
import { downloadFile, useVerifyDocument } from '../api/officer-actions';
import { actionFailed } from '../lib/action-toasts';
import { DocumentChecklistCard } from './document-checklist';
import { RejectDocumentDialog } from './reject-document-dialog';

const TONES = { pending: 'grey', verified: 'green', rejected: 'red' } as const;

export function DocumentsTab({
  application,
  documents,
  checklist,
  role,
}: {
  application: Application;
  documents: QueryLike<ApplicationDocument[]>;
  checklist: QueryLike<DocumentChecklist>;
  role: Role;
}) {
  const { t } = useTranslation('officer-applications');
  const verify = useVerifyDocument(application.id);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ApplicationDocument>();
  const mayVerify = can(role, 'verify:document') && application.status !== 'draft';

  const approve = (document: ApplicationDocument) => {
    setBusy(document.id);
    verify.mutate(
      { documentId: document.id, verified: true },
      {
        onSuccess: () => toast.success(t('documents.verified')),
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
    <div className="space-y-4">
      <DocumentChecklistCard checklist={checklist} />
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
                cell: (document) =>
                  document.replaced_at ? (
                    <div className="space-y-1">
                      <StatusBadge status={t('documents.superseded')} tone="grey" />
                      <p className="text-sm text-slate-600">
                        {t('documents.replacedOn', { date: formatDateTime(document.replaced_at) })}
                      </p>
                    </div>
                  ) : (
                    <div className="space-y-1">
                      <StatusBadge
                        status={t(`documents.statuses.${document.verification_status}`)}
                        tone={TONES[document.verification_status]}
                      />
                      {document.verification_status === 'rejected' && document.rejection_reason && (
                        <p className="text-sm text-red-800">
                          {t('documents.reason', { reason: document.rejection_reason })}
                        </p>
                      )}
                    </div>
                  ),
              },
              {
                key: 'actions',
                header: t('documents.actions'),
                cell: (document) => {
                  const name = t(`documentTypes.${document.document_type}`);
                  return (
                    <div className="flex flex-wrap gap-2">
                      {mayVerify && !document.replaced_at && document.verification_status === 'pending' && (
                        <>
                          <Button
                            size="sm"
                            icon={<Check aria-hidden="true" className="h-4 w-4" />}
                            aria-label={t('documents.verifyLabel', { name })}
                            busy={busy === document.id}
                            disabled={busy !== null}
                            onClick={() => approve(document)}
                          >
                            {t('documents.verify')}
                          </Button>
                          <Button
                            size="sm"
                            variant="danger"
                            icon={<X aria-hidden="true" className="h-4 w-4" />}
                            aria-label={t('documents.rejectLabel', { name })}
                            disabled={busy !== null}
                            onClick={() => setRejecting(document)}
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
      <RejectDocumentDialog
        applicationId={application.id}
        document={rejecting}
        onClose={() => setRejecting(undefined)}
      />
    </div>
  );
}
