/** The applicant's appeals on their application: whether they may appeal to the head office now (the server says,
 * with the ground and the stage), a "File an appeal" dialog with the statement, and each appeal filed with its status
 * and, once given, its order. Shown only when there is something to show. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { APPEAL_OPEN_STATUSES, APPEAL_TEXT_LIMITS, formatDate, type Appeal, type ErrorCode } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Button } from '../../../../components/ui/button';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useApplicationAppeals, useFileAppeal } from '../../../../api/appeals';
import { errorCode, errorDetail } from '../../../../lib/api-client';

/** The refusals this card words itself. */
const WORDED: readonly ErrorCode[] = ['appeal_not_allowed', 'appeal_open'];

const statementSchema = z.object({
  statement: z.string().trim().min(APPEAL_TEXT_LIMITS.statement.min).max(APPEAL_TEXT_LIMITS.statement.max),
});

const TONES: Record<Appeal['status'], string> = {
  filed: 'bg-blue-100 text-blue-800 ring-blue-700/30',
  allowed: 'bg-green-100 text-green-800 ring-green-700/30',
  dismissed: 'bg-slate-100 text-slate-800 ring-slate-700/30',
};

/** An appeal's status as a badge, in the reader's language. */
export function AppealStatusBadge({ status }: { status: Appeal['status'] }) {
  const { t } = useTranslation('appeal-case');
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}

export function FileAppealDialog({
  applicationId,
  applicationNumber,
  ground,
  stage,
}: {
  applicationId: string;
  applicationNumber: string;
  ground: Appeal['ground'];
  stage: string;
}) {
  const { t } = useTranslation('appeal-case');
  const file = useFileAppeal(applicationId);
  const dialog = useDialogAction(file.isPending);
  const form = useSchemaForm({
    schema: statementSchema,
    defaultValues: { statement: '' },
    messages: 'appeal-case:file.errors',
    idPrefix: `appeal-${applicationId}-`,
    messageParams: { statement: { ...APPEAL_TEXT_LIMITS.statement } },
  });
  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onValid={(values) =>
        dialog.send<Appeal>((outcome) => file.mutate({ statement: values.statement }, outcome), {
          done: (appeal) => t('file.done', { number: appeal.appeal_number }),
          failed: (error) => {
            const code = errorCode(error);
            return code && WORDED.includes(code) ? t(`refusals.${code}`) : errorDetail(error, t('file.failed'));
          },
        })
      }
      refusal={dialog.refusal}
      title={t('file.title', { number: applicationNumber })}
      description={t(`file.description.${ground}`, { stage })}
      trigger={<Button>{t('file.button')}</Button>}
      cancelLabel={t('cancel')}
      submitLabel={t('file.submit')}
      busy={file.isPending}
      busyText={t('file.submitting')}
      consequence={t('file.consequence')}
    >
      <FormField
        form={form}
        name="statement"
        label={t('file.statement')}
        hint={t('file.statementHint', { ...APPEAL_TEXT_LIMITS.statement })}
      >
        <Textarea rows={6} maxLength={APPEAL_TEXT_LIMITS.statement.max} {...form.register('statement')} />
      </FormField>
    </SchemaFormDialog>
  );
}

function AppealItem({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation('appeal-case');
  const stage = t(`ui:status.${appeal.stage_status}`);
  return (
    <li className="space-y-2 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{appeal.appeal_number}</span>
        <AppealStatusBadge status={appeal.status} />
      </div>
      <p className="text-sm text-slate-800">
        {t(`ground.${appeal.ground}`, { stage })}{' '}
        {t('filedOn', { filed: formatDate(appeal.filed_at), due: formatDate(appeal.due_on) })}
      </p>
      {!APPEAL_OPEN_STATUSES.includes(appeal.status) && (
        <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-900">
          <p className="font-medium">
            {t(`order.${appeal.status}`, { date: appeal.decided_at ? formatDate(appeal.decided_at) : '' })}
          </p>
          {appeal.order_text && <p className="mt-1 whitespace-pre-line">{appeal.order_text}</p>}
          {appeal.directed_due_on && (
            <p className="mt-1">{t('order.directed', { date: formatDate(appeal.directed_due_on) })}</p>
          )}
        </div>
      )}
    </li>
  );
}

/** The card on the applicant's application page. */
export function AppealCaseCard({
  applicationId,
  applicationNumber,
  className,
}: {
  applicationId: string;
  applicationNumber: string;
  className?: string;
}) {
  const { t } = useTranslation('appeal-case');
  const appeals = useApplicationAppeals(applicationId);
  const data = appeals.data;
  if (!data?.appeals || (!data.can_appeal && data.appeals.length === 0)) return null;
  const stage = data.stage_status ? t(`ui:status.${data.stage_status}`) : '';
  const titleId = `appeals-${applicationId}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className ?? ''}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('title')}
        </h2>
        {data.can_appeal && data.ground && (
          <FileAppealDialog
            applicationId={applicationId}
            applicationNumber={applicationNumber}
            ground={data.ground}
            stage={stage}
          />
        )}
      </div>
      {data.can_appeal && data.ground && <p className="mb-3 text-slate-800">{t(`may.${data.ground}`, { stage })}</p>}
      {data.appeals.length > 0 && (
        <ul className="space-y-3" aria-label={t('listLabel')}>
          {data.appeals.map((appeal) => (
            <AppealItem key={appeal.id} appeal={appeal} />
          ))}
        </ul>
      )}
    </section>
  );
}
