/** Deactivate (or reactivate) one account, after a sentence saying what that does; a refusal is said in the dialog. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { User } from '@portal/contract';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { useDialogAction } from '../../../components/ui/use-dialog-action';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users';

/** Nothing to fill in: the dialog only confirms. */
const confirmSchema = z.object({});

export function ActivationDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const updateUser = useUpdateUser();
  const dialog = useDialogAction(updateUser.isPending);
  const form = useSchemaForm({
    schema: confirmSchema,
    defaultValues: {},
    messages: 'users:activation.errors',
    idPrefix: `activation-${user.id}-`,
  });
  const deactivating = user.is_active;
  const name = user.full_name;

  return (
    <SchemaFormDialog
      form={form}
      onValid={() =>
        dialog.send((outcome) => updateUser.mutate({ id: user.id, is_active: !deactivating }, outcome), {
          done: deactivating ? t('activation.deactivated') : t('activation.reactivated'),
          failed: (error) => errorDetail(error, t('activation.failed')),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={deactivating ? t('activation.deactivateTitle', { name }) : t('activation.reactivateTitle', { name })}
      description={deactivating ? t('activation.deactivateDescription') : t('activation.reactivateDescription')}
      trigger={
        <Button
          variant={deactivating ? 'danger' : 'secondary'}
          size="sm"
          aria-label={deactivating ? t('activation.deactivateFor', { name }) : t('activation.reactivateFor', { name })}
        >
          {deactivating ? t('activation.deactivate') : t('activation.reactivate')}
        </Button>
      }
      cancelLabel={t('activation.cancel')}
      submitLabel={deactivating ? t('activation.confirmDeactivate') : t('activation.confirmReactivate')}
      submitVariant={deactivating ? 'danger' : 'primary'}
      busy={updateUser.isPending}
      busyText={t('activation.submitting')}
    >
      {null}
    </SchemaFormDialog>
  );
}
