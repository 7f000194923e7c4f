/** Change one officer's role: a dialog with the staff roles and the consequence in a sentence. Choosing the role
 * they already have is said beside the field rather than sent. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUserRequestSchema, type User } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useDialogAction } from '../../../components/ui/use-dialog-action';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users';
import { ASSIGNABLE_ROLES, type StaffRole } from '../lib/officer-form';

const changeRoleSchema = updateUserRequestSchema.pick({ role: true }).required();

export function ChangeRoleDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const updateUser = useUpdateUser();
  const dialog = useDialogAction(updateUser.isPending);
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
      onValid={(values) =>
        dialog.send((outcome) => updateUser.mutate({ id: user.id, role: values.role }, outcome), {
          done: t('role.changed'),
          failed: (error) => errorDetail(error, t('role.failed')),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={(next) => {
        // Each opening starts from the role they have now.
        if (next) form.reset({ role: user.role as StaffRole });
        dialog.onOpenChange(next);
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
