/** Entrepreneur self-registration: full name, email, password; then signs in and goes home. The server's refusal
 * of a field (a common or guessable password) shows beside that field. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { homeFor, PASSWORD_MIN_LENGTH, type RegisterRequest } from '@portal/contract';
import { useAuth } from '../../../lib/auth';
import { api, errorDetail } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { summaryOf } from '../../../lib/form-errors';
import { errorCode, fieldErrors } from '../lib/server-errors';

// Deliberately loose: the server decides what a valid address is; this only catches obvious slips.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useForm<RegisterRequest>({ defaultValues: { full_name: '', email: '', password: '' }, shouldFocusError: false });

  const onSubmit = async (values: RegisterRequest) => {
    setBusy(true);
    const body = { ...values, full_name: values.full_name.trim(), email: values.email.trim() };
    try {
      await api.post('/auth/register', body);
    } catch (error) {
      setBusy(false);
      const onFields = fieldErrors(error);
      const fields = (['full_name', 'email', 'password'] as const).filter((name) => onFields[name]);
      if (fields.length > 0) {
        const weak = errorCode(error) === 'weak_password';
        for (const name of fields) {
          setError(name, { message: name === 'password' && weak ? t('password.weak') : onFields[name] });
        }
        return;
      }
      toast.error(errorDetail(error, t('register.failed')));
      return;
    }
    try {
      const user = await login(body.email, body.password);
      toast.success(t('register.success'));
      void navigate(homeFor(user.role), { replace: true });
    } catch (error) {
      toast.error(errorDetail(error, t('register.failed')));
      setBusy(false);
      void navigate('/login');
    }
  };

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('register.title')} subtitle={t('register.subtitle')} />
      <ErrorSummary errors={summaryOf(errors, ['full_name', 'email', 'password'])} focusKey={submitCount} />
      <Card>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
          <Field id="full_name" label={t('register.fullName')} error={errors.full_name?.message}>
            <Input
              autoComplete="name"
              required
              {...register('full_name', { validate: (value) => value.trim() !== '' || t('register.fullNameRequired') })}
            />
          </Field>
          <Field id="email" label={t('register.email')} error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              required
              {...register('email', {
                validate: (value) => {
                  if (value.trim() === '') return t('register.emailRequired');
                  return EMAIL_SHAPE.test(value.trim()) || t('register.emailInvalid');
                },
              })}
            />
          </Field>
          <Field
            id="password"
            label={t('register.password')}
            hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            error={errors.password?.message}
          >
            <Input
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              {...register('password', {
                required: t('register.passwordRequired'),
                minLength: {
                  value: PASSWORD_MIN_LENGTH,
                  message: t('register.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
                },
              })}
            />
          </Field>
          <Button type="submit" className="w-full" busy={busy} busyText={t('register.submitting')}>
            {t('register.submit')}
          </Button>
        </form>
        <p className="mt-6 text-slate-700">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-2">
            {t('register.loginLink')}
          </Link>
        </p>
      </Card>
    </div>
  );
}
