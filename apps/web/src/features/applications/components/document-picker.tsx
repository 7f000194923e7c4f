/** One document type's file chooser: label (with "(required)" where the spec labels it), accepted types and the
 * 5 MB limit written under it, the chosen file with Remove, the spec's message for a refused file, a progress bar. */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp, X } from 'lucide-react';
import { acceptAttribute, DOCUMENT_RULES, type DocumentType } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { acceptedTypesText, fileProblem, formatFileSize } from '../lib/file-rules';
import { ProgressBar } from './progress-bar';

export interface DocumentPickerProps {
  type: DocumentType;
  file: File | undefined;
  error: string | undefined;
  progress: number | undefined;
  disabled?: boolean;
  onChange: (file: File | undefined, error: string | undefined) => void;
}

export function DocumentPicker({ type, file, error, progress, disabled, onChange }: DocumentPickerProps) {
  const { t } = useTranslation('applications');
  const inputRef = useRef<HTMLInputElement>(null);
  const rules = DOCUMENT_RULES[type];
  const id = `document-${type}`;
  const label = t(`documentTypes.${type}`);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = fileProblem(chosen, rules.extensions);
    if (problem) {
      onChange(
        undefined,
        problem.kind === 'tooLarge' ? t('wizard.tooLarge') : t('wizard.wrongType', { types: problem.types }),
      );
    } else {
      onChange(chosen, undefined);
    }
    // Let the same file be chosen again after a Remove.
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <div className={`space-y-2 rounded-md border p-4 ${error ? 'border-red-700' : 'border-slate-200'}`}>
      <p className="font-medium text-slate-900">
        {label}
        {rules.required ? <span className="font-normal text-slate-700"> {t('required')}</span> : null}
      </p>
      <p id={hintId} className="text-sm text-slate-600">
        {t('wizard.acceptedHint', { types: acceptedTypesText(rules.extensions) })}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-dashed border-brand-600 px-4 text-brand-800 hover:bg-brand-50 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-[#f5b400] ${disabled ? 'pointer-events-none opacity-60' : ''}`}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            if (!disabled) choose(event.dataTransfer.files[0]);
          }}
        >
          <FileUp aria-hidden="true" className="h-4 w-4" />
          <span>{t('wizard.chooseFile', { type: label })}</span>
          <input
            ref={inputRef}
            id={id}
            type="file"
            className="sr-only"
            accept={acceptAttribute(rules.extensions)}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>
        {file && (
          <span className="flex min-w-0 items-center gap-2 text-slate-800">
            <span className="truncate font-medium">{file.name}</span>
            <span className="text-sm text-slate-600">({formatFileSize(file.size)})</span>
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              aria-label={t('wizard.removeFileLabel', { type: label })}
              icon={<X aria-hidden="true" className="h-4 w-4" />}
              onClick={() => onChange(undefined, undefined)}
            >
              {t('wizard.removeFile')}
            </Button>
          </span>
        )}
      </div>
      {file && progress !== undefined && (
        <ProgressBar value={progress} label={t('wizard.uploadProgress', { type: label })} />
      )}
    </div>
  );
}
