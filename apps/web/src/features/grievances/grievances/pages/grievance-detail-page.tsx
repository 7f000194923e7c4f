/** One grievance, for its complainant and for the officers who work it: a right-now line (with whom it is and by when),
 * its facts, its files, the story of what happened (who, what, when; the portal's escalation as SYSTEM), and the steps
 * the viewer may take now, as the server answers them. */
import { useRef, type ChangeEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Paperclip } from 'lucide-react';
import {
  formatDate,
  formatDateTime,
  GRIEVANCE_ATTACHMENT_EXTENSIONS,
  GRIEVANCE_MAX_ATTACHMENTS,
  ROUTES,
  type Grievance,
  type GrievanceEntry,
} from '@portal/contract';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { buttonClasses } from '../../../../components/ui/button';
import { downloadGrievanceFile, useAttachToGrievance, useGrievance } from '../api/grievances';
import {
  GrievanceActionDialog,
  RateDialog,
  useGrievanceRefusal,
  type MessageAction,
} from '../components/grievance-dialogs';
import { GrievanceStatusBadge } from '../components/grievances-table';

const MESSAGE_ACTIONS: readonly MessageAction[] = ['answer', 'reply', 'ask_detail', 'resolve', 'reopen'];

function RightNow({ grievance }: { grievance: Grievance }) {
  const { t } = useTranslation('grievances');
  const role = t(`roles.${grievance.escalated_to ?? grievance.routed_to}`);
  const date = formatDate(grievance.due_on);
  return (
    <Card className="mb-6 border-l-4 border-l-brand-700" aria-labelledby="grievance-right-now">
      <p id="grievance-right-now" className="font-medium text-slate-900">
        {grievance.status === 'open'
          ? t(grievance.overdue ? 'detail.rightNow.openOverdue' : 'detail.rightNow.open', { role, date })
          : t(`detail.rightNow.${grievance.status}`)}
      </p>
      {grievance.reopen_until && (
        <p className="mt-1 text-slate-700">
          {t('detail.rightNow.reopenUntil', { date: formatDate(grievance.reopen_until) })}
        </p>
      )}
    </Card>
  );
}

function Facts({ grievance }: { grievance: Grievance }) {
  const { t } = useTranslation('grievances');
  const rows: [string, string][] = [
    [t('detail.category'), t(`categories.${grievance.category}`)],
    [
      t('detail.subject'),
      grievance.subject
        ? t(`subjects.${grievance.subject}`, { number: grievance.subject_number ?? '' })
        : t('detail.noSubject'),
    ],
    [t('detail.complainant'), grievance.complainant_name],
    [t('detail.raised'), formatDateTime(grievance.raised_at)],
    [t('detail.due'), formatDate(grievance.due_on)],
    [t('detail.routed'), t(`roles.${grievance.routed_to}`)],
    ...(grievance.escalated_to
      ? [[t('detail.escalated'), t(`roles.${grievance.escalated_to}`)] as [string, string]]
      : []),
    ...(grievance.rating !== null
      ? [[t('detail.rating'), t('detail.ratingValue', { rating: grievance.rating })] as [string, string]]
      : []),
  ];
  return (
    <Card title={t('detail.facts')} className="mb-6">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm text-slate-700">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 font-semibold text-slate-900">{t('detail.text')}</h3>
      <p className="mt-1 whitespace-pre-line text-slate-900">{grievance.text}</p>
    </Card>
  );
}

function Files({ grievance, mayAdd }: { grievance: Grievance; mayAdd: boolean }) {
  const { t } = useTranslation('grievances');
  const input = useRef<HTMLInputElement>(null);
  const attach = useAttachToGrievance(grievance.id);
  const refusalText = useGrievanceRefusal();
  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    attach.mutate(file, {
      onSuccess: () => toast.success(t('detail.uploaded', { name: file.name })),
      onError: (error) => toast.error(refusalText(error, t('detail.uploadFailed'))),
    });
  };
  const canAdd = mayAdd && grievance.attachments.length < GRIEVANCE_MAX_ATTACHMENTS;
  return (
    <Card title={t('detail.files')} className="mb-6">
      {grievance.attachments.length === 0 ? (
        <p className="text-slate-700">{t('detail.noFiles')}</p>
      ) : (
        <ul className="space-y-2">
          {grievance.attachments.map((file) => (
            <li key={file.id}>
              <button
                type="button"
                className="inline-flex min-h-11 items-center gap-2 text-brand-700 underline"
                onClick={() => void downloadGrievanceFile(grievance.id, file.id, file.file_name)}
                aria-label={t('detail.download', { name: file.file_name })}
              >
                <Paperclip aria-hidden="true" className="h-4 w-4" />
                {file.file_name}
              </button>{' '}
              <span className="text-sm text-slate-700">
                {t('detail.fileSize', { size: Math.max(1, Math.round(file.file_size / 1024)) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <div className="mt-4">
          <label htmlFor="grievance-file" className={buttonClasses('secondary')}>
            {attach.isPending ? t('detail.uploading') : t('detail.upload')}
          </label>
          <input
            ref={input}
            id="grievance-file"
            type="file"
            className="sr-only"
            accept={GRIEVANCE_ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
            aria-describedby="grievance-file-hint"
            disabled={attach.isPending}
            onChange={onChoose}
          />
          <p id="grievance-file-hint" className="mt-1 text-sm text-slate-700">
            {t('detail.uploadHint')}
          </p>
        </div>
      )}
    </Card>
  );
}

function entryText(t: (key: string, options?: Record<string, unknown>) => string, entry: GrievanceEntry): string {
  const params = entry.params;
  if (entry.kind === 'escalate') {
    return t('entries.escalate', {
      role: t(`roles.${String(params.escalated_to ?? 'ho')}`),
      date: formatDate(String(params.due_on ?? '')),
    });
  }
  if (entry.kind === 'rate') return t('entries.rate', { rating: params.rating });
  if (entry.kind === 'attachment') return t('entries.attachment', { name: params.file_name });
  return t(`entries.${entry.kind}`);
}

function Story({ grievance }: { grievance: Grievance }) {
  const { t } = useTranslation('grievances');
  return (
    <Card title={t('detail.story')}>
      <ol className="space-y-4">
        {grievance.entries.map((entry) => (
          <li key={entry.id} className="border-l-2 border-slate-300 pl-4">
            <p className="font-medium text-slate-900">{entryText(t, entry)}</p>
            <p className="text-sm text-slate-700">
              {entry.actor_name
                ? `${entry.actor_name} (${t(`roles.${entry.actor_role ?? 'entrepreneur'}`)})`
                : t('detail.portal')}{' '}
              · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            {entry.message && entry.kind !== 'raised' && (
              <p className="mt-1 whitespace-pre-line text-slate-900">{entry.message}</p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

export default function GrievanceDetailPage() {
  const { t } = useTranslation('grievances');
  const { id = '' } = useParams();
  const grievance = useGrievance(id);
  return (
    <QueryState query={grievance} isEmpty={() => false} errorMessage={t('detail.notFound')}>
      {(found) => {
        const complainant = found.is_complainant;
        const officer = !complainant;
        const messageActions = MESSAGE_ACTIONS.filter((action) => found.actions.includes(action));
        return (
          <>
            <PageHeader
              title={found.grievance_number}
              subtitle={t(`categories.${found.category}`)}
              badge={<GrievanceStatusBadge status={found.status} officer={officer} />}
              actions={
                <Link
                  className={buttonClasses('ghost')}
                  to={officer ? ROUTES.officerGrievances.path : ROUTES.grievances.path}
                >
                  {t('detail.back')}
                </Link>
              }
            />
            <RightNow grievance={found} />
            {(messageActions.length > 0 || found.actions.includes('rate')) && (
              <div className="mb-6 flex flex-wrap gap-3">
                {messageActions.map((action) => (
                  <GrievanceActionDialog key={action} grievance={found} action={action} />
                ))}
                {found.actions.includes('rate') && <RateDialog grievance={found} />}
              </div>
            )}
            <Facts grievance={found} />
            <Files grievance={found} mayAdd={complainant && found.status !== 'resolved'} />
            <Story grievance={found} />
          </>
        );
      }}
    </QueryState>
  );
}
