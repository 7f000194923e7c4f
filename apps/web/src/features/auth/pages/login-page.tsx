/** The login screen: email and password, validated on submit, toasts per the spec, then the role's home. A link
 * to recover a forgotten password, and a notice with that link when the email is locked after failed attempts. A
 * refused sign-in is said inside the form. An entrepreneur may instead sign in with a verified mobile and a one-time
 * code (components/code-sign-in.tsx).
 * It renders from the entry chunk, so its schema (and zod with it) is loaded only once the form is used. */
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { homeFor } from '@portal/contract';
import { useAuth } from '../../../lib/auth';
import { serverDetail } from '../../../lib/api-request';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { errorCode } from '../lib/server-errors';

// Sign-in by a one-time code (decision 037), loaded only when chosen.
const CodeSignIn = lazy(() => import('../components/code-sign-in'));

const loginSchema = () => import('@portal/contract/schemas').then((schemas) => schemas.loginRequestSchema);

export default function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [byCode, setByCode] = useState(false);
  const form = useSchemaForm({
    schema: loginSchema,
    defaultValues: { username: '', password: '' },
    messages: 'auth:login.errors',
    idPrefix: '',
    fieldOrder: ['username', 'password'],
  });

  const onSubmit = async (values: { username: string; password: string }) => {
    setBusy(true);
    setLocked(false);
    setRefusal(undefined);
    try {
      const user = await login(values.username, values.password);
      // Worded after the sign-in, which may have switched to the account's language (this render's t has the old one).
      toast.success(i18n.t('auth:login.success'));
      void navigate(homeFor(user.role), { replace: true });
    } catch (error) {
      // A locked email is told once, in the notice above the form with its reset link, not in a toast as well.
      if (errorCode(error) === 'account_locked') {
        setLocked(true);
      } else {
        // Said in the form, where the reader typed (not in a toast in a far corner): the server's detail in English,
        // else its code's words (a wrong password is `invalid_credentials`, not a lost session).
        setRefusal(serverDetail(error, t('login.failed')));
      }
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('login.title')} subtitle={t('login.subtitle')} />
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
        <div className="mb-5 flex flex-wrap gap-2" role="group" aria-label={t('codeSignIn.how')}>
          <Button
            type="button"
            variant={byCode ? 'secondary' : 'primary'}
            aria-pressed={!byCode}
            onClick={() => setByCode(false)}
          >
            {t('codeSignIn.withPassword')}
          </Button>
          <Button
            type="button"
            variant={byCode ? 'primary' : 'secondary'}
            aria-pressed={byCode}
            onClick={() => setByCode(true)}
          >
            {t('codeSignIn.withCode')}
          </Button>
        </div>
        {byCode ? (
          <Suspense fallback={<p>{t('codeSignIn.loading')}</p>}>
            <CodeSignIn />
          </Suspense>
        ) : (
          <SchemaFormElement form={form} onValid={onSubmit} refusal={refusal}>
            <FormField form={form} name="username" label={t('login.email')}>
              <Input type="email" autoComplete="username" required {...form.register('username')} />
            </FormField>
            <FormField form={form} name="password" label={t('login.password')}>
              <Input type="password" autoComplete="current-password" required {...form.register('password')} />
            </FormField>
            <p>
              <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-2">
                {t('login.forgotLink')}
              </Link>
            </p>
            <Button type="submit" className="w-full" busy={busy} busyText={t('login.submitting')}>
              {t('login.submit')}
            </Button>
          </SchemaFormElement>
        )}
        <p className="mt-6 text-slate-700">
          {t('login.noAccount')}{' '}
          <Link to="/register" className="font-medium text-brand-700 underline underline-offset-2">
            {t('login.registerLink')}
          </Link>
        </p>
        <Link to="/fees" className="mt-3 inline-block font-medium text-brand-700 underline underline-offset-2">
          {t('login.feesLink')}
        </Link>
        <Link to="/performance" className="mt-3 block font-medium text-brand-700 underline underline-offset-2">
          {t('login.performanceLink')}
        </Link>
        <Link to="/help" className="mt-3 block font-medium text-brand-700 underline underline-offset-2">
          {t('login.helpLink')}
        </Link>
      </Card>
    </div>
  );
}
