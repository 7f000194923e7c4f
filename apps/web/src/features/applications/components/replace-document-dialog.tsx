/** Upload a replacement for a rejected document: the officer's reason, then the same upload as Add a document with
 * the type already chosen; the server puts the new document in the rejected one's place. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import type { ApplicationDocument } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorDetail } from '../../../lib/api-client';
import { uploadDocument } from '../api/applications';
import { DocumentPicker } from './document-picker';

export interface ReplaceDocumentDialogProps {
  /** The rejected document to replace; the dialog is open while there is one. */
  document: ApplicationDocument | undefined;
  onClose: () => void;
  onUploaded: () => void;
}

export function ReplaceDocumentDialog({ document, onClose, onUploaded }: ReplaceDocumentDialogProps) {
  const { t } = useTranslation('applications');
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setFile(undefined);
    setError(undefined);
    setProgress(undefined);
    onClose();
  };

  const upload = async () => {
    if (!document) return;
    if (!file) {
      setError(t('detail.leaseDeed.selectFile'));
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      await uploadDocument(document.application_id, document.document_type, file, setProgress);
      toast.success(t('detail.documents.replaced'));
      setFile(undefined);
      setProgress(undefined);
      onUploaded();
      onClose();
    } catch (uploadError) {
      toast.error(errorDetail(uploadError, t('detail.documents.uploadFailed')));
      setProgress(undefined);
    } finally {
      setBusy(false);
    }
  };

  const type = document ? t(`documentTypes.${document.document_type}`) : '';
  return (
    <Dialog
      open={document !== undefined}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t('detail.documents.replaceTitle', { type })}
      description={
        document?.rejection_reason ? t('detail.documents.reason', { reason: document.rejection_reason }) : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button
            icon={<Upload aria-hidden="true" className="h-4 w-4" />}
            busy={busy}
            busyText={t('detail.documents.uploading')}
            onClick={() => void upload()}
          >
            {t('detail.documents.upload')}
          </Button>
        </>
      }
    >
      {document && (
        <DocumentPicker
          type={document.document_type}
          file={file}
          error={error}
          progress={progress}
          disabled={busy}
          onChange={(chosen, problem) => {
            setFile(chosen);
            setError(problem);
          }}
        />
      )}
    </Dialog>
  );
}
