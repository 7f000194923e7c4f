/** Send a failed mail again, after a sentence saying what that does; a refusal is said in the dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { OutboxMessage } from '@portal/contract';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { errorDetail } from '../../../lib/api-client';
import { useRetryMessage } from '../api/outbox';

/** Nothing to fill in: the dialog only confirms. */
const confirmSchema = z.object({});

export function RetryDialog({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('outbox');
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const retry = useRetryMessage();
  const form = useSchemaForm({
    schema: confirmSchema,
    defaultValues: {},
    messages: 'outbox:retry.errors',
    idPrefix: `retry-${message.id}-`,
  });
  const to = message.to_email;

  return (
    <SchemaFormDialog
      form={form}
      onValid={() => {
        if (retry.isPending) return;
        setRefusal(undefined);
        retry.mutate(message.id, {
          onSuccess: () => {
            toast.success(t('retry.done'));
            setOpen(false);
          },
          onError: (error) => setRefusal(errorDetail(error, t('retry.failed'))),
        });
      }}
      refusal={refusal}
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(undefined);
        setOpen(next);
      }}
      title={t('retry.title')}
      description={t('retry.description', { to, template: t(`templates.${message.template}`) })}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('retry.buttonFor', { to })}>
          {t('retry.button')}
        </Button>
      }
      cancelLabel={t('retry.cancel')}
      submitLabel={t('retry.confirm')}
      busy={retry.isPending}
      busyText={t('retry.submitting')}
    >
      {null}
    </SchemaFormDialog>
  );
}
