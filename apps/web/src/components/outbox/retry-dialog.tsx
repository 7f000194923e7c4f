/** Send a failed outbox item again (a mail, a status push to the single window), after a sentence saying what that
 * does; a refusal is said in the dialog. The words are the screen's namespace's `retry.*`. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSchemaForm } from '../form/schema-form';
import { SchemaFormDialog } from '../form/schema-form-dialog';
import { Button } from '../ui/button';
import { useDialogAction } from '../ui/use-dialog-action';
import { errorDetail } from '../../lib/api-client';

/** Nothing to fill in: the dialog only confirms. */
const confirmSchema = z.object({});

export interface RetryDialogProps {
  namespace: string;
  id: string;
  /** The item named in the dialog's description and its button's label. */
  description: string;
  buttonLabel: string;
  retry: {
    isPending: boolean;
    mutate: (id: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  };
}

export function RetryDialog({ namespace, id, description, buttonLabel, retry }: RetryDialogProps) {
  const { t } = useTranslation(namespace);
  const dialog = useDialogAction(retry.isPending);
  const form = useSchemaForm({
    schema: confirmSchema,
    defaultValues: {},
    messages: `${namespace}:retry.errors`,
    idPrefix: `retry-${id}-`,
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={() =>
        dialog.send<void>((outcome) => retry.mutate(id, outcome), {
          done: t('retry.done'),
          failed: (error) => errorDetail(error, t('retry.failed')),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('retry.title')}
      description={description}
      trigger={
        <Button variant="secondary" size="sm" aria-label={buttonLabel}>
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
