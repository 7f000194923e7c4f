/** Deactivate (or reactivate) one account, after a sentence saying what that does; a refusal is said in the dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { User } from '@portal/contract';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users';

/** Nothing to fill in: the dialog only confirms. */
const confirmSchema = z.object({});

export function ActivationDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const updateUser = useUpdateUser();
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
      onValid={() => {
        if (updateUser.isPending) return;
        setRefusal(undefined);
        updateUser.mutate(
          { id: user.id, is_active: !deactivating },
          {
            onSuccess: () => {
              toast.success(deactivating ? t('activation.deactivated') : t('activation.reactivated'));
              setOpen(false);
            },
            onError: (error) => setRefusal(errorDetail(error, t('activation.failed'))),
          },
        );
      }}
      refusal={refusal}
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(undefined);
        setOpen(next);
      }}
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
