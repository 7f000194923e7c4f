/** Change password: the current password and a new one. The server checks both; a wrong current password or a
 * common new one shows beside its field. Other sessions of the account end; this one stays signed in. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PASSWORD_MIN_LENGTH, type ChangePasswordRequest } from '@portal/contract';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Checkbox, Input } from '../../../components/ui/input';
import { summaryOf } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['current_password', 'new_password'] as const;
const EMPTY: ChangePasswordRequest = { current_password: '', new_password: '' };

/** The code and the per-field messages of an API refusal (a 422 names fields as 'body.new_password'). */
function refusalOf(error: unknown): { code?: string; fields: Partial<Record<(typeof FIELDS)[number], string>> } {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return { fields: {} };
  const body = error.body as { code?: unknown; errors?: Array<{ path?: unknown; message?: unknown }> };
  const fields: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const entry of Array.isArray(body.errors) ? body.errors : []) {
    const name = FIELDS.find((field) => entry.path === `body.${field}`);
    if (name && typeof entry.message === 'string') fields[name] ??= entry.message;
  }
  return { code: typeof body.code === 'string' ? body.code : undefined, fields };
}

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const [shown, setShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, submitCount },
  } = useForm<ChangePasswordRequest>({ defaultValues: EMPTY, shouldFocusError: false });

  const onSubmit = (values: ChangePasswordRequest) =>
    change.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast.success(t('password.changed'));
      },
      onError: (error) => {
        const { code, fields } = refusalOf(error);
        if (code === 'account_locked') return void toast.error(t('password.locked'));
        if (fields.current_password)
          setError('current_password', {
            message: code === 'incorrect_password' ? t('password.incorrect') : fields.current_password,
          });
        if (fields.new_password)
          setError('new_password', { message: code === 'weak_password' ? t('password.weak') : fields.new_password });
        if (!fields.current_password && !fields.new_password) toast.error(errorDetail(error, t('password.failed')));
      },
    });

  return (
    <Card title={t('password.title')}>
      <p className="mb-4 text-slate-700">{t('password.intro')}</p>
      <ErrorSummary errors={summaryOf(errors, [...FIELDS])} focusKey={submitCount} />
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="max-w-md space-y-5">
        <Field id="current_password" label={t('password.current')} error={errors.current_password?.message}>
          <Input
            type={shown ? 'text' : 'password'}
            autoComplete="current-password"
            required
            {...register('current_password', { required: t('password.currentRequired') })}
          />
        </Field>
        <Field
          id="new_password"
          label={t('password.new')}
          hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
          error={errors.new_password?.message}
        >
          <Input
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            {...register('new_password', {
              required: t('password.newRequired'),
              minLength: { value: PASSWORD_MIN_LENGTH, message: t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) },
            })}
          />
        </Field>
        <div>
          <Checkbox
            id="show-passwords"
            label={t('password.show')}
            checked={shown}
            onChange={(event) => setShown(event.target.checked)}
          />
        </div>
        <Button type="submit" busy={change.isPending} busyText={t('password.submitting')}>
          {t('password.submit')}
        </Button>
      </form>
    </Card>
  );
}
