/** What an allottee sees of a show-cause notice on one of their plots (My plots): the open notice's grounds, the day
 * the reply is due and the notice's PDF; while the reply is still due, a reply form with files attached to it (each
 * uploaded when chosen; sending the reply makes it and its files final); after the reply or the day, what comes next;
 * and on a plot cancelled by an order, that order. Shows nothing for a plot with no notice to show. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AlertTriangle, FileUp } from 'lucide-react';
import {
  acceptAttribute,
  caseEventsOpen,
  formatDate,
  replyShowCauseRequestSchema,
  businessToday,
  SHOW_CAUSE_EVENTS,
  showCauseGuardHolds,
  type Allotment,
  type ReplyShowCauseRequest,
  type ShowCause,
} from '@portal/contract';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../../components/form/schema-form';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-step';
import { Textarea } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { errorDetail } from '../../../../lib/api-client';
import { acceptedTypesText, fileProblem, SHOW_CAUSE_DOCUMENT_EXTENSIONS } from './file-rules';
import { useShowCauseRefusal } from './refusal-text';
import { useReplyShowCause, useShowCauses, useUploadShowCauseDocument } from '../../../../api/show-causes';
import { ShowCauseDetails } from './show-cause-details';

export interface ShowCausePanelProps {
  /** The plot's allotment, as GET /allotments answers it (its open_show_cause_id names the open notice). */
  allotment: Allotment;
}

/** The notice the panel is about: the open one, else (on a cancelled plot) the order that cancelled it. */
function noticeToShow(allotment: Allotment, notices: readonly ShowCause[]): ShowCause | undefined {
  if (allotment.open_show_cause_id) return notices.find((notice) => notice.id === allotment.open_show_cause_id);
  if (allotment.status === 'cancelled') return notices.find((notice) => notice.outcome === 'cancelled');
  return undefined;
}

export function ShowCausePanel({ allotment }: ShowCausePanelProps) {
  const { t } = useTranslation('show-causes');
  const wanted = Boolean(allotment.open_show_cause_id) || allotment.status === 'cancelled';
  const notices = useShowCauses(allotment.id, { enabled: wanted });
  if (!wanted) return null;
  if (notices.isPending) return <Spinner label={t('panel.loading')} />;
  if (notices.isError) {
    return (
      <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-800">
        {t('panel.loadFailed')}
      </p>
    );
  }
  const notice = noticeToShow(allotment, notices.data);
  if (!notice) return null;
  const open = notice.status !== 'decided';
  const today = businessToday();
  // The panel is the holder's own (My plots): the reply is open while the contract's table and its guard allow it.
  const facts = { status: notice.status, reply_by: notice.reply_by, allotment_status: allotment.status };
  const mayReply = caseEventsOpen(SHOW_CAUSE_EVENTS, notice.status, { role: 'entrepreneur', isOwner: true }, (guard) =>
    showCauseGuardHolds(guard, facts, today),
  ).includes('reply');
  const headingId = `show-cause-${notice.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`space-y-3 rounded-md border-l-4 p-4 ${open ? 'border-amber-600 bg-amber-50' : 'border-red-700 bg-red-50'}`}
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <AlertTriangle aria-hidden="true" className="h-5 w-5 text-amber-800" />
        {open ? t('panel.title', { number: notice.notice_number }) : t('panel.cancelledTitle')}
      </h3>
      {open && (
        <p className="text-slate-800">
          {mayReply
            ? t('panel.replyBy', { date: formatDate(notice.reply_by) })
            : notice.status === 'replied'
              ? t('panel.replied')
              : t('panel.replyClosed', { date: formatDate(notice.reply_by) })}
        </p>
      )}
      <ShowCauseDetails notice={notice}>{mayReply && <ReplyForm notice={notice} />}</ShowCauseDetails>
    </section>
  );
}

/** The reply and its files: each file is uploaded when chosen and listed above; Send reply shows what will be sent,
 * and Send reply there sends the words, which are then final (decision 024). */
function ReplyForm({ notice }: { notice: ShowCause }) {
  const { t } = useTranslation('show-causes');
  const [refusal, setRefusal] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useReplyShowCause();
  const upload = useUploadShowCauseDocument();
  const form = useSchemaForm({
    schema: replyShowCauseRequestSchema,
    defaultValues: { reply: '' },
    messages: 'show-causes:reply.errors',
    idPrefix: `show-cause-reply-${notice.id}-`,
  });
  const refusalOf = useShowCauseRefusal(form);
  const fileId = `show-cause-file-${notice.id}`;
  const [confirming, setConfirming] = useState<ReplyShowCauseRequest>();
  const types = acceptedTypesText(SHOW_CAUSE_DOCUMENT_EXTENSIONS);

  const attach = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file || upload.isPending) return;
    const problem = fileProblem(file, SHOW_CAUSE_DOCUMENT_EXTENSIONS);
    if (problem) {
      setFileError(problem === 'tooLarge' ? t('reply.tooLarge') : t('reply.wrongType', { types }));
      return;
    }
    setFileError(undefined);
    upload.mutate(
      { id: notice.id, file },
      {
        onSuccess: () => toast.success(t('reply.attached', { name: file.name })),
        onError: (error) => {
          const reason = errorDetail(error, '');
          setFileError(reason ? t('failedBecause', { reason }) : t('reply.attachFailed'));
        },
      },
    );
  };

  return (
    <SchemaFormElement
      form={form}
      refusal={refusal}
      onValid={(body) => {
        setRefusal(undefined);
        setConfirming(body);
      }}
      className="space-y-4 border-t border-amber-200 pt-4"
    >
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(next) => {
          if (!next) setConfirming(undefined);
        }}
        title={t('reply.confirm.title', { number: notice.notice_number })}
        statement={t('reply.confirm.statement', {
          number: notice.notice_number,
          count: notice.reply_documents.length,
        })}
        details={
          <blockquote className="max-h-48 overflow-y-auto rounded-md border-l-4 border-slate-300 bg-slate-50 p-3 whitespace-pre-wrap text-slate-800">
            {confirming?.reply}
          </blockquote>
        }
        consequence={t('reply.confirm.consequence')}
        confirmLabel={t('reply.submit')}
        busy={send.isPending}
        busyText={t('reply.sending')}
        onConfirm={() => {
          if (!confirming || send.isPending) return;
          send.mutate(
            { id: notice.id, body: confirming },
            {
              onSuccess: () => {
                toast.success(t('reply.sent'));
                setConfirming(undefined);
                form.reset();
              },
              onError: (error) => {
                setConfirming(undefined);
                setRefusal(refusalOf(error));
              },
            },
          );
        }}
      />
      <FormField form={form} name="reply" label={t('reply.label')} hint={t('reply.hint')}>
        <Textarea rows={6} {...form.register('reply')} />
      </FormField>
      <div className={`space-y-1 ${fileError ? 'border-l-4 border-red-700 pl-3' : ''}`}>
        <label htmlFor={fileId} className="block font-medium text-slate-900">
          {t('reply.files')}
        </label>
        <p id={`${fileId}-hint`} className="text-sm text-slate-600">
          {t('reply.filesHint', { types })}
        </p>
        {fileError && (
          <p id={`${fileId}-error`} className="text-sm font-medium text-red-700">
            {fileError}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={acceptAttribute(SHOW_CAUSE_DOCUMENT_EXTENSIONS)}
            aria-describedby={[`${fileId}-hint`, fileError ? `${fileId}-error` : ''].filter(Boolean).join(' ')}
            aria-invalid={fileError ? true : undefined}
            disabled={upload.isPending}
            className="block min-h-11 text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-brand-600 file:bg-white file:px-4 file:text-brand-800 hover:file:bg-brand-50 disabled:opacity-60"
            onChange={(event) => attach(event.target.files?.[0])}
          />
          {upload.isPending && (
            <span role="status" className="inline-flex items-center gap-2 text-slate-700">
              <FileUp aria-hidden="true" className="h-4 w-4 animate-pulse" />
              {t('reply.attaching')}
            </span>
          )}
        </div>
      </div>
      <Button type="submit" busy={send.isPending} busyText={t('reply.sending')}>
        {t('reply.submit')}
      </Button>
    </SchemaFormElement>
  );
}
