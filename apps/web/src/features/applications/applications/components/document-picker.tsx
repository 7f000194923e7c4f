/** One document type's file chooser: the type's label ("(required)" where the spec labels it) and its accepted types. */
import { useTranslation } from 'react-i18next';
import { DOCUMENT_RULES, type DocumentType } from '@portal/contract';
import { FileDropZone } from './file-drop-zone';

export interface DocumentPickerProps {
  type: DocumentType;
  /** The file input's id; document-<type> unless a form names it. */
  id?: string;
  file: File | undefined;
  error: string | undefined;
  progress: number | undefined;
  disabled?: boolean;
  onChange: (file: File | undefined, error: string | undefined) => void;
}

export function DocumentPicker({ type, id, file, error, progress, disabled, onChange }: DocumentPickerProps) {
  const { t } = useTranslation('applications');
  const rules = DOCUMENT_RULES[type];
  const label = t(`documentTypes.${type}`);
  return (
    <FileDropZone
      id={id ?? `document-${type}`}
      title={label}
      required={rules.required}
      extensions={rules.extensions}
      chooseLabel={t('wizard.chooseFile', { type: label })}
      removeLabel={t('wizard.removeFileLabel', { type: label })}
      progressLabel={t('wizard.uploadProgress', { type: label })}
      file={file}
      error={error}
      progress={progress}
      disabled={disabled}
      onChange={onChange}
    />
  );
}
