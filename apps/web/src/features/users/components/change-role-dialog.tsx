/** Change one officer's role: a dialog with the staff roles and the consequence in a sentence. Choosing the role
 * they already have is said beside the field rather than sent. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { updateUserRequestSchema, type User } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users';
import { ASSIGNABLE_ROLES, type StaffRole } from '../lib/officer-form';

const changeRoleSchema = updateUserRequestSchema.pick({ role: true }).required();

export function ChangeRoleDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const updateUser = useUpdateUser();
  const schema = useMemo(
    () => changeRoleSchema.refine((change) => change.role !== user.role, { error: 'unchanged', path: ['role'] }),
    [user.role],
  );
  const form = useSchemaForm({
    schema,
    defaultValues: { role: user.role as StaffRole },
    messages: 'users:role.errors',
    idPrefix: `role-${user.id}-`,
    fieldOrder: ['role'],
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) => {
        if (updateUser.isPending) return;
        setRefusal(undefined);
        updateUser.mutate(
          { id: user.id, role: values.role },
          {
            onSuccess: () => {
              toast.success(t('role.changed'));
              setOpen(false);
            },
            onError: (error) => setRefusal(errorDetail(error, t('role.failed'))),
          },
        );
      }}
      refusal={refusal}
      open={open}
      onOpenChange={(next) => {
        // Each opening starts from the role they have now.
        if (next) form.reset({ role: user.role as StaffRole });
        else setRefusal(undefined);
        setOpen(next);
      }}
      title={t('role.title', { name: user.full_name })}
      description={t('role.description')}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('role.openFor', { name: user.full_name })}>
          {t('role.open')}
        </Button>
      }
      cancelLabel={t('role.cancel')}
      submitLabel={t('role.submit')}
      busy={updateUser.isPending}
      busyText={t('role.submitting')}
    >
      <FormField form={form} name="role" label={t('role.field')}>
        <Select {...form.register('role')}>
          {ASSIGNABLE_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`roles.${value}`)}
            </option>
          ))}
        </Select>
      </FormField>
    </SchemaFormDialog>
  );
}
