/** Change one officer's role: a dialog with the staff roles and the consequence in a sentence. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { User } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users';
import { ASSIGNABLE_ROLES, type StaffRole } from '../lib/officer-form';

export function ChangeRoleDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<StaffRole>(user.role as StaffRole);
  const updateUser = useUpdateUser();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) setRole(user.role as StaffRole);
  };

  const save = async () => {
    try {
      await updateUser.mutateAsync({ id: user.id, role });
      toast.success(t('role.changed'));
      setOpen(false);
    } catch (error) {
      toast.error(errorDetail(error, t('role.failed')));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('role.title', { name: user.full_name })}
      description={t('role.description')}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('role.openFor', { name: user.full_name })}>
          {t('role.open')}
        </Button>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('role.cancel')}
          </Button>
          <Button
            onClick={() => void save()}
            disabled={role === user.role}
            busy={updateUser.isPending}
            busyText={t('role.submitting')}
          >
            {t('role.submit')}
          </Button>
        </>
      }
    >
      <Field id={`role-${user.id}`} label={t('role.field')}>
        <Select value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
          {ASSIGNABLE_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
    </Dialog>
  );
}
