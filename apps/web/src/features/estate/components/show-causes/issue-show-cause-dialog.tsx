/** An officer issues a show-cause notice on an allotment: the grounds, in words the holder will read on the notice;
 * the dialog says how long the holder has to reply and what may follow. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatNumber, issueShowCauseRequestSchema, SHOW_CAUSE_REPLY_DAYS, type Allotment } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Textarea } from '../../../../components/ui/input';
import { errorDetail } from '../../../../lib/api-client';
import { useIssueShowCause } from '../../../../api/show-causes';

export function IssueShowCauseDialog({
  allotment,
  onClose,
}: {
  allotment: Allotment | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('show-causes');
  const [refusal, setRefusal] = useState<string>();
  const issue = useIssueShowCause();
  const form = useSchemaForm({
    schema: issueShowCauseRequestSchema,
    defaultValues: { grounds: '' },
    messages: 'show-causes:issue.errors',
    idPrefix: 'issue-show-cause-',
  });
  const plot = allotment?.asset_code ?? allotment?.allotment_number ?? '';
  const close = () => {
    setRefusal(undefined);
    onClose();
  };
  return (
    <SchemaFormDialog
      form={form}
      open={allotment !== undefined}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      onValid={(body) => {
        if (!allotment || issue.isPending) return;
        setRefusal(undefined);
        issue.mutate(
          { allotmentId: allotment.id, body },
          {
            onSuccess: (notice) => {
              toast.success(t('issue.sent', { number: notice.notice_number }));
              form.reset();
              close();
            },
            onError: (error) => {
              if (form.setServerErrors(error)) return;
              const reason = errorDetail(error, '');
              setRefusal(reason ? t('failedBecause', { reason }) : t('failed'));
            },
          },
        );
      }}
      refusal={refusal}
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
