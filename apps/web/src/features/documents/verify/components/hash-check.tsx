/** Checks a copy of the document: the chosen or dropped PDF is hashed in the browser (SHA-256) and compared with the
 * issued file's hash. The file is never uploaded. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, FileSearch, XCircle } from 'lucide-react';
import { Card } from '../../../../components/ui/card';
import { cn } from '../../../../components/ui/cn';
import { sha256Hex } from '../lib/sha256';

type Check =
  | { state: 'idle' }
  | { state: 'checking'; name: string }
  | { state: 'done'; name: string; hash: string; matches: boolean }
  | { state: 'unreadable' };

export function HashCheck({ expected }: { expected: string }) {
  const { t } = useTranslation('verify');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // A newer choice wins over a slower earlier one.
  const latest = useRef(0);

  const compare = async (file: File | undefined) => {
    if (!file) return;
    const turn = ++latest.current;
    setCheck({ state: 'checking', name: file.name });
    try {
      const hash = await sha256Hex(file);
      if (turn === latest.current) {
        setCheck({ state: 'done', name: file.name, hash, matches: hash === expected.toLowerCase() });
      }
    } catch {
      if (turn === latest.current) setCheck({ state: 'unreadable' });
    }
    if (inputRef.current) inputRef.current.value = '';
  };

  return (
    <Card title={t('check.heading')}>
      <p className="mb-3 text-slate-700">{t('check.explain')}</p>
      <label
        data-testid="hash-drop-zone"
        className={cn(
          'flex min-h-24 cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed p-4 text-center text-brand-800 hover:bg-brand-50 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-[#f5b400]',
          dragging ? 'border-brand-700 bg-brand-50' : 'border-brand-600',
        )}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void compare(event.dataTransfer.files[0]);
        }}
      >
        <span className="inline-flex items-center gap-2 font-medium">
          <FileSearch aria-hidden="true" className="h-5 w-5" />
          {t('check.choose')}
        </span>
        <span className="text-sm text-slate-600">{t('check.drop')}</span>
        <input
          ref={inputRef}
          type="file"
          accept=".pdf,application/pdf"
          className="sr-only"
          onChange={(event) => void compare(event.target.files?.[0])}
        />
      </label>
      <div role="status" aria-live="polite" className="mt-3">
        {check.state === 'checking' && <p className="text-slate-700">{t('check.checking', { name: check.name })}</p>}
        {check.state === 'unreadable' && <p className="font-medium text-red-800">{t('check.unreadable')}</p>}
        {check.state === 'done' && (
          <div
            data-matches={check.matches}
            className={cn(
              'rounded-md border-2 p-3',
              check.matches ? 'border-green-700 bg-green-50 text-green-900' : 'border-red-700 bg-red-50 text-red-900',
            )}
          >
            <p className="flex items-start gap-2 font-semibold">
              {check.matches ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              ) : (
                <XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              )}
              {t(check.matches ? 'check.match' : 'check.mismatch', { name: check.name })}
            </p>
            <p className="mt-2 text-sm">{t('check.yourHash')}:</p>
            <code className="block text-sm break-all">{check.hash}</code>
          </div>
        )}
      </div>
    </Card>
  );
}
