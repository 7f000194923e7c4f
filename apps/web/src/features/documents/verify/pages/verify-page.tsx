/** /verify/{code}: the public page a document's QR code opens (no sign-in). It shows what the document is, to whom
 * it was issued, whether it is valid, superseded or revoked, who signed it, and the SHA-256 of the issued PDF, and
 * checks a copy of the file. Nothing private is shown: the server sends only the document's own facts. /verify, without
 * a code, checks a file alone: its signatures, and which issued document it is. */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError } from '../../../../lib/api-client';
import { useVerification } from '../api/verify';
import { DocumentFacts } from '../components/document-facts';
import { FileCheck } from '../components/file-check';
import { VerificationStatus } from '../components/verification-status';

export default function VerifyPage() {
  const { code } = useParams();
  return code ? <VerifyCode code={code} /> : <CheckFile />;
}

function CheckFile() {
  const { t } = useTranslation('verify');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('fileTitle')} subtitle={t('fileSubtitle')} />
      <FileCheck />
    </div>
  );
}

function VerifyCode({ code }: { code: string }) {
  const { t } = useTranslation('verify');
  const verification = useVerification(code);

  let body;
  if (verification.isPending) {
    body = <Spinner label={t('loading')} />;
  } else if (verification.isError) {
    const status = verification.error instanceof ApiError ? verification.error.status : 0;
    const message = status === 404 ? t('notFound') : status === 429 ? t('rateLimited') : t('failed');
    body = (
      <Card>
        <p role="alert" className="font-medium text-red-800">
          {message}
        </p>
        {status !== 404 && (
          <Button
            className="mt-4"
            variant="secondary"
            busy={verification.isRefetching}
            onClick={() => void verification.refetch()}
          >
            {t('retry')}
          </Button>
        )}
      </Card>
    );
  } else {
    const document = verification.data;
    body = (
      <div className="space-y-4">
        <VerificationStatus document={document} />
        <DocumentFacts document={document} />
        <Card title={t('hashHeading')}>
          <p className="mb-2 text-slate-700">{t('hashExplain')}</p>
          <code data-testid="issued-sha256" className="block rounded bg-slate-100 p-3 text-sm break-all">
            {document.sha256}
          </code>
        </Card>
        <FileCheck page={{ sha256: document.sha256, code: document.verification_code }} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('title')} subtitle={t('subtitle', { code })} />
      {body}
    </div>
  );
}
