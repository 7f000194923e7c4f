/** The Add Officer dialog: name, email, password and a staff role, checked against the contract on submit. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { summaryOf } from '../../../lib/form-errors';
import { useCreateUser } from '../api/users';
import {
  ASSIGNABLE_ROLES,
  checkOfficerForm,
  OFFICER_FIELD_ORDER,
  OFFICER_FORM_DEFAULTS,
  toCreateUserRequest,
  type OfficerFormValues,
} from '../lib/officer-form';

export function AddOfficerDialog() {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const createUser = useCreateUser();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useForm<OfficerFormValues>({
    defaultValues: OFFICER_FORM_DEFAULTS,
    shouldFocusError: false,
    resolver: async (values) =>
      checkOfficerForm(values, (field, contractMessage, missing) =>
        missing ? t(`create.required.${field}`, { defaultValue: contractMessage }) : contractMessage,
      ),
  });
  const summary = summaryOf(errors, OFFICER_FIELD_ORDER, 'officer-');

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset(OFFICER_FORM_DEFAULTS);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await createUser.mutateAsync(toCreateUserRequest(values));
      toast.success(t('create.created'));
      onOpenChange(false);
    } catch (error) {
      const message = errorDetail(error, t('create.failed'));
      if (error instanceof ApiError && error.status === 409) setError('email', { type: 'server', message });
      toast.error(message);
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('create.title')}
      description={t('create.description')}
      trigger={<Button icon={<UserPlus aria-hidden="true" className="h-4 w-4" />}>{t('create.open')}</Button>}
      formId="add-officer-form"
      onSubmit={(event) => void submit(event)}
      formClassName="space-y-5"
      cancelLabel={t('create.cancel')}
      submitLabel={t('create.submit')}
      busy={createUser.isPending}
      busyText={t('create.submitting')}
      errors={summary}
      errorsFocusKey={submitCount}
    >
      <Field id="officer-full_name" label={t('create.fields.full_name')} error={errors.full_name?.message}>
        <Input autoComplete="off" {...register('full_name')} />
      </Field>
      <Field id="officer-email" label={t('create.fields.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...register('email')} />
      </Field>
      <Field
        id="officer-password"
        label={t('create.fields.password')}
        hint={t('create.passwordHint')}
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field id="officer-role" label={t('create.fields.role')} error={errors.role?.message}>
        <Select {...register('role')}>
          {ASSIGNABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
