/** Checks a copy of a document: the chosen or dropped PDF is sent to the portal, which checks its digital signatures
 * and whether it is exactly a document the Corporation issued, and keeps nothing. On a code's page the file is also
 * hashed in the browser (SHA-256) and compared with that document's. */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, FileSearch, XCircle } from 'lucide-react';
import { formatDateTime, MAX_CHECKED_PDF_BYTES, verifyPagePath, type CheckedFile } from '@portal/contract';
import { Card } from '../../../../components/ui/card';
import { cn } from '../../../../components/ui/cn';
import { ApiError } from '../../../../lib/api-client';
import { checkFile } from '../api/verify';
import { sha256Hex } from '../lib/sha256';

/** Why the portal gave no answer about the file. */
type Problem = 'tooLarge' | 'notPdf' | 'rateLimited' | 'failed';

type Check =
  | { state: 'idle' }
  | { state: 'checking'; name: string }
  | { state: 'done'; name: string; hash?: string; result?: CheckedFile; problem?: Problem }
  | { state: 'unreadable' };

function problemOf(error: unknown): Problem {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 413) return 'tooLarge';
  if (status === 422) return 'notPdf';
  if (status === 429) return 'rateLimited';
  return 'failed';
}

const TONES = {
  good: { box: 'border-green-700 bg-green-50 text-green-900', Icon: CheckCircle2 },
  doubtful: { box: 'border-amber-600 bg-amber-50 text-amber-950', Icon: AlertTriangle },
  bad: { box: 'border-red-700 bg-red-50 text-red-900', Icon: XCircle },
} as const;

/** The document this page is about: its SHA-256 and its code. */
interface IssuedDocumentOfPage {
  sha256: string;
  code: string;
}

function FileVerdict({ name, result, page }: { name: string; result: CheckedFile; page?: IssuedDocumentOfPage }) {
  const { t, i18n } = useTranslation('verify');
  // An unsigned file that is exactly an issued document was issued before documents were signed.
  const tone =
    result.signature === 'valid' ? 'good' : result.signature === 'missing' && result.issued ? 'doubtful' : 'bad';
  const { box, Icon } = TONES[tone];
  const signers = result.signatures.map((signature) =>
    signature.by_corporation ? t('check.corporation') : signature.signer || t('check.unknownSigner'),
  );
  let signedBy: string | undefined;
  if (signers.length === 1) signedBy = t('check.signedByOne', { first: signers[0] });
  if (signers.length === 2) signedBy = t('check.signedByTwo', { first: signers[0], second: signers[1] });
  if (signers.length > 2) {
    const names = new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' }).format(signers);
    signedBy = t('check.signedByMany', { names });
  }
  const { issued } = result;
  return (
    <div data-signature={result.signature} className={cn('rounded-md border-2 p-3', box)}>
      <p className="flex items-start gap-2 font-semibold">
        <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        {t(`check.verdict.${result.signature}`, { name })}
      </p>
      {signedBy && <p className="mt-2">{signedBy}</p>}
      {result.signatures.length > 1 && (
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
          {result.signatures.map((signature, index) => (
            <li key={index}>
              {t('check.signatureLine', {
                signer: signers[index],
                state: t(`check.signatureStates.${signature.state}`),
              })}
              {signature.signed_at && ` ${t('check.signedOn', { date: formatDateTime(signature.signed_at) })}`}
            </li>
          ))}
        </ul>
      )}
      {result.demo && <p className="mt-2 font-medium">{t('check.demo')}</p>}
      <p className="mt-2">
        {!issued && t('check.notIssued')}
        {issued && issued.verification_code === page?.code && t('check.thisDocument')}
        {issued && issued.verification_code !== page?.code && (
          <>
            {t('check.issued', {
              kind: t(`kinds.${issued.kind}`).toLowerCase(),
              number: issued.document_number,
              status: t(`status.${issued.status}`),
            })}{' '}
            <Link className="font-medium underline" to={verifyPagePath(issued.verification_code)}>
              {t('check.issuedLink')}
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

export function FileCheck({ page }: { page?: IssuedDocumentOfPage }) {
  const { t } = useTranslation('verify');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // A newer choice wins over a slower earlier one.
  const latest = useRef(0);

  const examine = async (file: File | undefined) => {
    if (!file) return;
    const turn = ++latest.current;
    setCheck({ state: 'checking', name: file.name });
    try {
      const [hash, answer] = await Promise.all([
        page ? sha256Hex(file) : undefined,
        file.size > MAX_CHECKED_PDF_BYTES
          ? { problem: 'tooLarge' as const }
          : checkFile(file).then(
              (result) => ({ result }),
              (error: unknown) => ({ problem: problemOf(error) }),
            ),
      ]);
      if (turn === latest.current) setCheck({ state: 'done', name: file.name, hash, ...answer });
    } catch {
      if (turn === latest.current) setCheck({ state: 'unreadable' });
    }
    if (inputRef.current) inputRef.current.value = '';
  };

  const matches = check.state === 'done' && page && check.hash ? check.hash === page.sha256.toLowerCase() : undefined;
  return (
    <Card title={t('check.heading')}>
      <p className="mb-3 text-slate-700">{t('check.explain')}</p>
      <label
        data-testid="file-drop-zone"
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
          void examine(event.dataTransfer.files[0]);
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
          onChange={(event) => void examine(event.target.files?.[0])}
        />
      </label>
      <div role="status" aria-live="polite" className="mt-3 space-y-3">
        {check.state === 'checking' && <p className="text-slate-700">{t('check.checking', { name: check.name })}</p>}
        {check.state === 'unreadable' && <p className="font-medium text-red-800">{t('check.unreadable')}</p>}
        {check.state === 'done' && check.result && <FileVerdict name={check.name} result={check.result} page={page} />}
        {check.state === 'done' && check.problem && (
          <p className="font-medium text-red-800">
            {t(`check.problems.${check.problem}`, { name: check.name, megabytes: MAX_CHECKED_PDF_BYTES / 1_048_576 })}
          </p>
        )}
        {check.state === 'done' && matches !== undefined && (
          <div
            data-matches={matches}
            className={cn(
              'rounded-md border-2 p-3',
              matches ? 'border-green-700 bg-green-50 text-green-900' : 'border-red-700 bg-red-50 text-red-900',
            )}
          >
            <p className="flex items-start gap-2 font-semibold">
              {matches ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              ) : (
                <XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              )}
              {t(matches ? 'check.match' : 'check.mismatch', { name: check.name })}
            </p>
            <p className="mt-2 text-sm">{t('check.yourHash')}:</p>
            <code className="block text-sm break-all">{check.hash}</code>
          </div>
        )}
      </div>
    </Card>
  );
}
