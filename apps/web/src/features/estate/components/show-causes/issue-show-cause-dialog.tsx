/** An officer issues a show-cause notice on an allotment: the grounds, in words the holder will read on the notice;
 * the dialog says how long the holder has to reply and what may follow. */
import { useTranslation } from 'react-i18next';
import {
  formatNumber,
  issueShowCauseRequestSchema,
  SHOW_CAUSE_REPLY_DAYS,
  type Allotment,
  type ShowCause,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useShowCauseRefusal } from './refusal-text';
import { useIssueShowCause } from '../../../../api/show-causes';

export function IssueShowCauseDialog({
  allotment,
  onClose,
}: {
  allotment: Allotment | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('show-causes');
  const issue = useIssueShowCause();
  const dialog = useDialogAction(issue.isPending, {
    open: allotment !== undefined,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  const form = useSchemaForm({
    schema: issueShowCauseRequestSchema,
    defaultValues: { grounds: '' },
    messages: 'show-causes:issue.errors',
    idPrefix: 'issue-show-cause-',
  });
  const refusalOf = useShowCauseRefusal(form);
  const plot = allotment?.asset_code ?? allotment?.allotment_number ?? '';
  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onValid={(body) => {
        if (!allotment) return;
        dialog.send<ShowCause>((outcome) => issue.mutate({ allotmentId: allotment.id, body }, outcome), {
          done: (notice) => t('issue.sent', { number: notice.notice_number }),
          failed: refusalOf,
          then: () => form.reset(),
        });
      }}
      refusal={dialog.refusal}
      title={t('issue.title', { plot })}
      description={t('issue.description', {
        number: allotment?.allotment_number ?? '',
        holder: allotment?.holder_name ?? '—',
      })}
      consequence={t('issue.consequence', { days: formatNumber(SHOW_CAUSE_REPLY_DAYS) })}
      cancelLabel={t('cancel')}
      submitLabel={t('issue.submit')}
      submitVariant="danger"
      busy={issue.isPending}
      busyText={t('issue.sending')}
    >
      <FormField form={form} name="grounds" label={t('issue.grounds')} hint={t('issue.groundsHint')}>
        <Textarea rows={6} {...form.register('grounds')} />
      </FormField>
    </SchemaFormDialog>
  );
}
