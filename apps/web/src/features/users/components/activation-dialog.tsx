/** Deactivate (or reactivate) one account, after a sentence saying what that does. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { User } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users';

export function ActivationDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const updateUser = useUpdateUser();
  const deactivating = user.is_active;
  const name = user.full_name;

  const confirm = async () => {
    try {
      await updateUser.mutateAsync({ id: user.id, is_active: !deactivating });
      toast.success(deactivating ? t('activation.deactivated') : t('activation.reactivated'));
      setOpen(false);
    } catch (error) {
      toast.error(errorDetail(error, t('activation.failed')));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
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
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('activation.cancel')}
          </Button>
          <Button
            variant={deactivating ? 'danger' : 'primary'}
            onClick={() => void confirm()}
            busy={updateUser.isPending}
            busyText={t('activation.submitting')}
          >
            {deactivating ? t('activation.confirmDeactivate') : t('activation.confirmReactivate')}
          </Button>
        </>
      }
    />
  );
}
