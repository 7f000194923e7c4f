/** The login screen: email and password, validated on submit, toasts per the spec, then the role's home. A link
 * to recover a forgotten password, and a notice with that link when the email is locked after failed attempts. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { homeFor } from '@portal/contract';
import { useAuth } from '../../../lib/auth';
import { errorDetail } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorSummary } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { summaryOf } from '../../../lib/form-errors';
import { errorCode } from '../lib/server-errors';

interface LoginValues {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' }, shouldFocusError: false });

  const onSubmit = async (values: LoginValues) => {
    setBusy(true);
    setLocked(false);
    try {
      const user = await login(values.email.trim(), values.password);
      toast.success(t('login.success'));
      void navigate(homeFor(user.role), { replace: true });
    } catch (error) {
      if (errorCode(error) === 'account_locked') {
        setLocked(true);
        toast.error(t('login.locked'));
      } else {
        toast.error(errorDetail(error, t('login.failed')));
      }
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <ErrorSummary errors={summaryOf(errors, ['email', 'password'])} focusKey={submitCount} />
      {locked && (
        <div role="status" className="mb-6 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4 text-slate-900">
          <p>{t('login.locked')}</p>
          <Link
            to="/forgot-password"
            className="mt-2 inline-block font-medium text-brand-700 underline underline-offset-2"
          >
            {t('login.lockedReset')}
          </Link>
        </div>
      )}
      <Card>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
          <Field id="email" label={t('login.email')} error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="username"
              required
              {...register('email', { validate: (value) => value.trim() !== '' || t('login.emailRequired') })}
            />
          </Field>
          <Field id="password" label={t('login.password')} error={errors.password?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              required
              {...register('password', { required: t('login.passwordRequired') })}
            />
          </Field>
          <p>
            <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2">
              {t('login.forgotLink')}
            </Link>
          </p>
          <Button type="submit" className="w-full" busy={busy} busyText={t('login.submitting')}>
            {t('login.submit')}
          </Button>
        </form>
        <p className="mt-6 text-slate-700">
          {t('login.noAccount')}{' '}
          <Link to="/register" className="font-medium text-brand-700 underline underline-offset-2">
            {t('login.registerLink')}
          </Link>
        </p>
        <Link to="/fees" className="mt-3 inline-block font-medium text-brand-700 underline underline-offset-2">
          {t('feesPage.loginLink', { ns: 'applications' })}
        </Link>
      </Card>
    </div>
  );
}
