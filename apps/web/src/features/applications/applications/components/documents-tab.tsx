/** Documents: every document with its state (a rejected one with the officer's reason, a replaced one superseded),
 * current ones first. The applicant, while documents may be uploaded, replaces a rejected one and adds more; staff see
 * the required-documents checklist, and a role that may verify documents verifies or rejects (with a reason) each
 * current one still waiting; everyone downloads. */
import { useState } from 'react';
import { Check, Download, Upload, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  can,
  formatDate,
  formatDateTime,
  mayDo,
  statusesFor,
  type Application,
  type ApplicationDocument,
  type DocumentChecklist,
  type Role,
} from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DataTable } from '../../../../components/ui/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../../components/ui/query-state';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { errorDetail } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { downloadDocument, useRefreshApplication } from '../api/applications';
import { useVerifyDocument } from '../api/officer-actions';
import { actionFailed } from '../lib/action-toasts';
import { isStaff, useViewerText, type ViewerText } from '../lib/viewer';
import { AddDocument } from './add-document';
import { DocumentChecklistCard } from './document-checklist';
import { RejectDocumentDialog } from './reject-document-dialog';
import { ReplaceDocumentDialog } from './replace-document-dialog';
import { DOCUMENT_TONES } from './status-tones';

export interface DocumentsTabProps {
  application: Application;
  /** The viewer's role. */
  role: Role;
  documents: QueryLike<ApplicationDocument[]>;
  /** The required-documents checklist, shown to staff. */
  checklist?: QueryLike<DocumentChecklist>;
  /** Changes each time the applicant is sent to upload: the upload's first field takes focus. */
  uploadFocusKey?: number;
}

/** Current documents first, the superseded after them, each group in the server's order. */
function inShowingOrder(documents: ApplicationDocument[]): ApplicationDocument[] {
  return [...documents.filter((d) => !d.replaced_at), ...documents.filter((d) => d.replaced_at)];
}

export function DocumentsTab({ application, role, documents, checklist, uploadFocusKey }: DocumentsTabProps) {
  const t = useViewerText(role);
  const staff = isStaff(role);
  const refresh = useRefreshApplication(application.id);
  const verify = useVerifyDocument(application.id);
  const [busy, setBusy] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<ApplicationDocument>();
  const [rejecting, setRejecting] = useState<ApplicationDocument>();
  const mayUpload = mayDo('upload_document', application.status, role, !staff);
  // Documents are verified once the application is submitted (no longer in a status it is submitted from).
  const mayVerify = can(role, 'verify:document') && !statusesFor('submit').includes(application.status);
  // Staff screens give the time of day as well.
  const when = staff ? formatDateTime : formatDate;

  const approve = (document: ApplicationDocument) => {
    setBusy(document.id);
    verify.mutate(
      { documentId: document.id, verified: true },
      {
        onSuccess: () => toast.success(t('detail.documents.verified')),
        onError: (error) => actionFailed(t('detail.documents.failed'), error),
        onSettled: () => setBusy(null),
      },
    );
  };
  const download = async (document: ApplicationDocument) => {
    try {
      saveFile(await downloadDocument(application.id, document.id), document.file_name);
    } catch (error) {
      toast.error(errorDetail(error, t('detail.documents.downloadFailed')));
    }
  };

  return (
    <div className="space-y-4">
      {staff && checklist && <DocumentChecklistCard checklist={checklist} />}
      <QueryState
        query={documents}
        empty={
          <Card>
            <EmptyState message={t('detail.documents.empty')} />
          </Card>
        }
      >
        {(list) => (
          <DataTable
            caption={t('detail.documents.caption')}
            rows={inShowingOrder(list)}
            rowKey={(document) => document.id}
            columns={[
              {
                key: 'type',
                header: t('detail.documents.type'),
                cell: (document) => t(`documentTypes.${document.document_type}`),
              },
              { key: 'name', header: t('detail.documents.fileName'), cell: (document) => document.file_name },
              {
                key: 'uploaded',
                header: t('detail.documents.uploadedAt'),
                cell: (document) => when(document.uploaded_at),
              },
              {
                key: 'status',
                header: t('detail.documents.status'),
                cell: (document) => <DocumentState document={document} t={t} when={when} />,
              },
              {
                key: 'actions',
                card: 'actions',
                header: staff ? (
                  t('detail.documents.actions')
                ) : (
                  <span className="sr-only">{t('detail.documents.actions')}</span>
                ),
                cell: (document) => {
                  const type = t(`documentTypes.${document.document_type}`);
                  const current = !document.replaced_at;
                  return (
                    <div className="flex flex-wrap gap-2">
                      {mayUpload && current && document.verification_status === 'rejected' && (
                        <Button
                          size="sm"
                          icon={<Upload aria-hidden="true" className="h-4 w-4" />}
                          aria-label={t('detail.documents.replaceLabel', { type })}
                          onClick={() => setReplacing(document)}
                        >
                          {t('detail.documents.replace')}
                        </Button>
                      )}
                      {mayVerify && current && document.verification_status === 'pending' && (
                        <>
                          <Button
                            size="sm"
                            icon={<Check aria-hidden="true" className="h-4 w-4" />}
                            aria-label={t('detail.documents.verifyLabel', { name: type })}
                            busy={busy === document.id}
                            disabled={busy !== null}
                            onClick={() => approve(document)}
                          >
                            {t('detail.documents.verify')}
                          </Button>
                          <Button
                            size="sm"
                            variant="danger"
                            icon={<X aria-hidden="true" className="h-4 w-4" />}
                            aria-label={t('detail.documents.rejectLabel', { name: type })}
                            disabled={busy !== null}
                            onClick={() => setRejecting(document)}
                          >
                            {t('detail.documents.reject')}
                          </Button>
                        </>
                      )}
                      <Button
                        variant="secondary"
                        size="sm"
                        icon={<Download aria-hidden="true" className="h-4 w-4" />}
                        aria-label={t('detail.documents.downloadLabel', { name: document.file_name })}
                        onClick={() => void download(document)}
                      >
                        {t('detail.documents.download')}
                      </Button>
                    </div>
                  );
                },
              },
            ]}
          />
        )}
      </QueryState>
      {mayUpload && (
        <AddDocument application={application} onUploaded={() => void refresh()} focusKey={uploadFocusKey} />
      )}
      {mayUpload && (
        <ReplaceDocumentDialog
          document={replacing}
          onClose={() => setReplacing(undefined)}
          onUploaded={() => void refresh()}
        />
      )}
      {mayVerify && (
        <RejectDocumentDialog
          applicationId={application.id}
          document={rejecting}
          onClose={() => setRejecting(undefined)}
        />
      )}
    </div>
  );
}

function DocumentState({
  document,
  t,
  when,
}: {
  document: ApplicationDocument;
  t: ViewerText;
  when: (date: string | null) => string;
}) {
  if (document.replaced_at) {
    return (
      <div className="space-y-1">
        <StatusBadge status={t('detail.documents.superseded')} tone="grey" />
        <p className="text-sm text-slate-600">
          {t('detail.documents.replacedOn', { date: when(document.replaced_at) })}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <StatusBadge
        status={t(`detail.documents.states.${document.verification_status}`)}
        tone={DOCUMENT_TONES[document.verification_status]}
      />
      {document.verification_status === 'rejected' && document.rejection_reason && (
        <p className="text-sm text-red-800">{t('detail.documents.reason', { reason: document.rejection_reason })}</p>
      )}
    </div>
  );
}
