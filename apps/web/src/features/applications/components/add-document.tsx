/** Add a document: choose its type and file, then upload (the same upload a replacement uses). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { DOCUMENT_TYPES, type Application, type DocumentType } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { errorDetail } from '../../../lib/api-client';
import { uploadDocument } from '../api/applications';
import { DocumentPicker } from './document-picker';

export function AddDocument({ application, onUploaded }: { application: Application; onUploaded: () => void }) {
  const { t } = useTranslation('applications');
  const [type, setType] = useState<DocumentType>('dpr');
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    if (!file) {
      setError(t('detail.leaseDeed.selectFile'));
      return;
    }
    setBusy(true);
    setProgress(0);
    try {
      await uploadDocument(application.id, type, file, setProgress);
      toast.success(t('detail.documents.uploaded'));
      setFile(undefined);
      setProgress(undefined);
      onUploaded();
    } catch (uploadError) {
      toast.error(errorDetail(uploadError, t('detail.documents.uploadFailed')));
      setProgress(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('detail.documents.addTitle')} className="no-print">
      <div className="space-y-4">
        <Field id="add-document-type" label={t('detail.documents.documentType')}>
          <Select
            value={type}
            disabled={busy}
            onChange={(event) => {
              setType(event.target.value as DocumentType);
              setFile(undefined);
              setError(undefined);
            }}
          >
            {DOCUMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`documentTypes.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <DocumentPicker
          type={type}
          file={file}
          error={error}
          progress={progress}
          disabled={busy}
          onChange={(chosen, problem) => {
            setFile(chosen);
            setError(problem);
          }}
        />
        <Button
          icon={<Upload aria-hidden="true" className="h-4 w-4" />}
          busy={busy}
          busyText={t('detail.documents.uploading')}
          onClick={() => void upload()}
        >
          {t('detail.documents.upload')}
        </Button>
      </div>
    </Card>
  );
}
