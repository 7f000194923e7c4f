/** The Add Officer dialog: name, email, password and a staff role, checked against the contract on submit; a taken
 * email is said beside the email field. */
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { Input, Select } from '../../../components/ui/input';
import { useDialogAction } from '../../../components/ui/use-dialog-action';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useCreateUser } from '../api/users';
import { ZoneSelect } from './zone-select';
import {
  ASSIGNABLE_ROLES,
  OFFICER_FORM_DEFAULTS,
  OFFICER_MESSAGE_PARAMS,
  officerFormSchema,
} from '../lib/officer-form';

export function AddOfficerDialog() {
  const { t } = useTranslation('users');
  const createUser = useCreateUser();
  const dialog = useDialogAction(createUser.isPending);
  const form = useSchemaForm({
    schema: officerFormSchema,
    defaultValues: OFFICER_FORM_DEFAULTS,
    messages: 'users:create.errors',
    idPrefix: 'officer-',
    fieldOrder: ['full_name', 'email', 'password', 'role', 'zone'],
    messageParams: OFFICER_MESSAGE_PARAMS,
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) =>
        dialog.send((outcome) => createUser.mutate({ ...values, zone: values.zone || null }, outcome), {
          done: t('create.created'),
          failed: (error) => {
            const message = errorDetail(error, t('create.failed'));
            if (!(error instanceof ApiError && error.status === 409)) return message;
            // A taken email is the user's to fix, beside the field.
            form.setError('email', { type: 'server', message });
            return undefined;
          },
          then: () => form.reset(),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('create.title')}
      description={t('create.description')}
      trigger={<Button icon={<UserPlus aria-hidden="true" className="h-4 w-4" />}>{t('create.open')}</Button>}
      formClassName="space-y-5"
      cancelLabel={t('create.cancel')}
      submitLabel={t('create.submit')}
      busy={createUser.isPending}
      busyText={t('create.submitting')}
    >
      <FormField form={form} name="full_name" label={t('create.fields.full_name')}>
        <Input autoComplete="off" {...form.register('full_name')} />
      </FormField>
      <FormField form={form} name="email" label={t('create.fields.email')}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField form={form} name="password" label={t('create.fields.password')} hint={t('create.passwordHint')}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField form={form} name="role" label={t('create.fields.role')}>
        <Select {...form.register('role')}>
          {ASSIGNABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField form={form} name="zone" label={t('create.fields.zone')} hint={t('zone.hint')}>
        <ZoneSelect {...form.register('zone')} />
      </FormField>
    </SchemaFormDialog>
  );
}
