/** A file chooser that is both a drop zone and a normal file button: a title (with "(required)" when asked), the
 * accepted types and the 5 MB limit written under it, the chosen file with Remove, the spec's message for a refused
 * file, and a progress bar while it uploads. */
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp, X } from 'lucide-react';
import { acceptAttribute, type FileExtension } from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { acceptedTypesText, fileProblem, formatFileSize } from '../lib/file-rules';
import { ProgressBar } from './progress-bar';

export interface FileDropZoneProps {
  /** The file input's id. */
  id: string;
  title: ReactNode;
  required?: boolean;
  extensions: readonly FileExtension[];
  /** The button's words, also the file input's accessible name. */
  chooseLabel: string;
  removeLabel: string;
  progressLabel: string;
  file: File | undefined;
  error: string | undefined;
  progress: number | undefined;
  disabled?: boolean;
  onChange: (file: File | undefined, error: string | undefined) => void;
}

export function FileDropZone({
  id,
  title,
  required,
  extensions,
  chooseLabel,
  removeLabel,
  progressLabel,
  file,
  error,
  progress,
  disabled,
  onChange,
}: FileDropZoneProps) {
  const { t } = useTranslation('applications');
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = fileProblem(chosen, extensions);
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
        {title}
        {required ? <span className="font-normal text-slate-700"> {t('required')}</span> : null}
      </p>
      <p id={hintId} className="text-sm text-slate-600">
        {t('wizard.acceptedHint', { types: acceptedTypesText(extensions) })}
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
          <span>{chooseLabel}</span>
          <input
            ref={inputRef}
            id={id}
            type="file"
            className="sr-only"
            accept={acceptAttribute(extensions)}
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
              aria-label={removeLabel}
              icon={<X aria-hidden="true" className="h-4 w-4" />}
              onClick={() => onChange(undefined, undefined)}
            >
              {t('wizard.removeFile')}
            </Button>
          </span>
        )}
      </div>
      {file && progress !== undefined && <ProgressBar value={progress} label={progressLabel} />}
    </div>
  );
}
