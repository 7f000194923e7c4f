/** Documents: every document with its state; a rejected one with the officer's reason and, while documents may be
 * uploaded, Upload a replacement; replaced ones marked superseded; and Add a document. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { DOCUMENT_UPLOAD_STATUSES, formatDate, type Application, type ApplicationDocument } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorDetail } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { downloadDocument } from '../api/applications';
import { AddDocument } from './add-document';
import { ReplaceDocumentDialog } from './replace-document-dialog';
import { DOCUMENT_TONES } from './status-tones';

async function saveDocument(application: Application, document: ApplicationDocument, failed: string) {
  try {
    saveFile(await downloadDocument(application.id, document.id), document.file_name);
  } catch (error) {
    toast.error(errorDetail(error, failed));
  }
}

/** Current documents first, the superseded after them, each group in the server's order. */
function inShowingOrder(documents: ApplicationDocument[]): ApplicationDocument[] {
  return [...documents.filter((d) => !d.replaced_at), ...documents.filter((d) => d.replaced_at)];
}

export function DocumentsTab({
  application,
  documents,
  onChanged,
}: {
  application: Application;
  documents: QueryLike<ApplicationDocument[]>;
  onChanged: () => void;
}) {
  const { t } = useTranslation('applications');
  const [replacing, setReplacing] = useState<ApplicationDocument>();
  const canUpload = DOCUMENT_UPLOAD_STATUSES.includes(application.status);
  return (
    <div className="space-y-4">
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
                cell: (document) => formatDate(document.uploaded_at),
              },
              {
                key: 'status',
                header: t('detail.documents.status'),
                cell: (document) => <DocumentState document={document} />,
              },
              {
                key: 'actions',
                header: <span className="sr-only">{t('detail.documents.actions')}</span>,
                cell: (document) => {
                  const type = t(`documentTypes.${document.document_type}`);
                  return (
                    <div className="flex flex-wrap gap-2">
                      {canUpload && !document.replaced_at && document.verification_status === 'rejected' && (
                        <Button
                          size="sm"
                          icon={<Upload aria-hidden="true" className="h-4 w-4" />}
                          aria-label={t('detail.documents.replaceLabel', { type })}
                          onClick={() => setReplacing(document)}
                        >
                          {t('detail.documents.replace')}
                        </Button>
                      )}
                      <Button
                        variant="secondary"
                        size="sm"
                        icon={<Download aria-hidden="true" className="h-4 w-4" />}
                        aria-label={t('detail.documents.downloadLabel', { name: document.file_name })}
                        onClick={() => void saveDocument(application, document, t('detail.documents.downloadFailed'))}
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
      {canUpload && <AddDocument application={application} onUploaded={onChanged} />}
      <ReplaceDocumentDialog document={replacing} onClose={() => setReplacing(undefined)} onUploaded={onChanged} />
    </div>
  );
}

function DocumentState({ document }: { document: ApplicationDocument }) {
  const { t } = useTranslation('applications');
  if (document.replaced_at) {
    return (
      <div className="space-y-1">
        <StatusBadge status={t('detail.documents.superseded')} tone="grey" />
        <p className="text-sm text-slate-600">
          {t('detail.documents.replacedOn', { date: formatDate(document.replaced_at) })}
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
