/** One show-cause notice as both sides read it: its number and step, the grounds, when it was issued and the day the
 * reply is due, the reply with its files, and the order (outcome, hearing note, refund); with the notice's and the
 * order's PDFs to download. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDate, formatDateTime, formatRupees, ISSUED_DOCUMENT_PATHS, type ShowCause } from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { errorDetail } from '../../../../lib/api-client';
import { formatFileSize } from './file-rules';
import { FileDownloadButton } from '../../../documents/components/letters/file-download-button';
import { downloadShowCauseDocument } from '../../../../api/show-causes';

const BADGE_CLASSES = {
  awaiting_reply: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  replied: 'bg-blue-100 text-blue-800 ring-blue-700/30',
  cancelled: 'bg-red-100 text-red-800 ring-red-700/30',
  dropped: 'bg-slate-100 text-slate-800 ring-slate-700/30',
} as const;

/** The badge of a notice's step: awaiting the reply, replied, or how it was decided. */
export function ShowCauseStatusBadge({ notice }: { notice: ShowCause }) {
  const { t } = useTranslation('show-causes');
  const step = notice.outcome ?? (notice.status === 'replied' ? 'replied' : 'awaiting_reply');
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE_CLASSES[step]}`}
    >
      {t(`statuses.${step}`)}
    </span>
  );
}

/** A button that downloads the notice's or the order's PDF, with progress while it comes. */
export function ShowCausePdfButton({ notice, kind }: { notice: ShowCause; kind: 'notice' | 'order' }) {
  const { t } = useTranslation('show-causes');
  const path =
    kind === 'notice'
      ? ISSUED_DOCUMENT_PATHS.showCauseNotice(notice.id)
      : ISSUED_DOCUMENT_PATHS.showCauseOrder(notice.id);
  return (
    <FileDownloadButton
      path={path}
      fileName={`${kind}-${notice.notice_number}.pdf`}
      busyText={t('pdf.downloading')}
      failedText={t('pdf.failed')}
      size="sm"
    >
      {kind === 'notice' ? t('pdf.notice', { number: notice.notice_number }) : t('pdf.order')}
    </FileDownloadButton>
  );
}

/** The reply's files, each a button that saves it. */
export function ShowCauseDocumentList({ notice }: { notice: ShowCause }) {
  const { t } = useTranslation('show-causes');
  const [busy, setBusy] = useState<string>();
  if (notice.reply_documents.length === 0) return <p className="text-slate-700">{t('documents.none')}</p>;
  const save = async (documentId: string, fileName: string) => {
    setBusy(documentId);
    try {
      await downloadShowCauseDocument(notice.id, documentId, fileName);
    } catch (error) {
      toast.error(errorDetail(error, t('documents.downloadFailed')));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <ul className="space-y-1">
      {notice.reply_documents.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center gap-2">
          <Button
            variant="link"
            size="sm"
            busy={busy === doc.id}
            busyText={t('documents.downloading')}
            aria-label={t('documents.download', { name: doc.file_name })}
            onClick={() => void save(doc.id, doc.file_name)}
          >
            {doc.file_name}
          </Button>
          <span className="text-sm text-slate-600">
            {t('documents.uploaded', { size: formatFileSize(doc.file_size), date: formatDateTime(doc.uploaded_at) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

/** The notice, its reply and its order as facts; `children` (a form, a button) goes after them. */
export function ShowCauseDetails({ notice, children }: { notice: ShowCause; children?: ReactNode }) {
  const { t } = useTranslation('show-causes');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{notice.notice_number}</span>
        <ShowCauseStatusBadge notice={notice} />
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label={t('details.issuedAt')}>{formatDateTime(notice.issued_at)}</Fact>
        <Fact label={t('details.replyBy')}>{formatDate(notice.reply_by)}</Fact>
        <div className="sm:col-span-2">
          <Fact label={t('details.grounds')}>{notice.grounds}</Fact>
        </div>
        <div className="sm:col-span-2">
          <Fact label={t('details.reply')}>
            {notice.reply ? (
              <>
                {notice.reply}
                {notice.replied_at && (
                  <span className="mt-1 block text-sm text-slate-600">
                    {t('details.repliedAt', { date: formatDateTime(notice.replied_at) })}
                  </span>
                )}
              </>
            ) : (
              t('details.noReply')
            )}
          </Fact>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm font-medium text-slate-700">{t('details.documents')}</dt>
          <dd>
            <ShowCauseDocumentList notice={notice} />
          </dd>
        </div>
        {notice.outcome && (
          <>
            <Fact label={t('details.outcome')}>{t(`outcomes.${notice.outcome}`)}</Fact>
            <Fact label={t('details.decidedAt')}>{formatDateTime(notice.decided_at)}</Fact>
            <div className="sm:col-span-2">
              <Fact label={t('details.hearingNote')}>{notice.hearing_note ?? '—'}</Fact>
            </div>
            {notice.outcome === 'cancelled' && (
              <Fact label={t('details.refundDue')}>{formatRupees(notice.refund_due ?? 0)}</Fact>
            )}
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        <ShowCausePdfButton notice={notice} kind="notice" />
        {notice.outcome && <ShowCausePdfButton notice={notice} kind="order" />}
      </div>
      {children}
    </div>
  );
}
