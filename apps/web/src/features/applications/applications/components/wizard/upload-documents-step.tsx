/** Step 3, Upload Documents: one chooser per document type; the files are sent when the application is. */
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPES, REQUIRED_DOCUMENT_TYPES, type DocumentType } from '@portal/contract';
import { DocumentPicker } from '../document-picker';

export interface ChosenDocuments {
  files: Partial<Record<DocumentType, File>>;
  errors: Partial<Record<DocumentType, string>>;
  progress: Partial<Record<DocumentType, number>>;
}

export const NO_DOCUMENTS: ChosenDocuments = { files: {}, errors: {}, progress: {} };

/** The required document types with no file chosen. */
export function missingRequiredDocuments(documents: ChosenDocuments): DocumentType[] {
  return REQUIRED_DOCUMENT_TYPES.filter((type) => !documents.files[type]);
}

export function UploadDocumentsStep({
  documents,
  disabled,
  onChange,
}: {
  documents: ChosenDocuments;
  disabled: boolean;
  onChange: (type: DocumentType, file: File | undefined, error: string | undefined) => void;
}) {
  const { t } = useTranslation('applications');
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t('wizard.documentsIntro')}</p>
      {DOCUMENT_TYPES.map((type) => (
        <DocumentPicker
          key={type}
          type={type}
          file={documents.files[type]}
          error={documents.errors[type]}
          progress={documents.progress[type]}
          disabled={disabled}
          onChange={(file, error) => onChange(type, file, error)}
        />
      ))}
    </div>
  );
}
