/** /reset-password?token=...: the page a reset mail links to. Sets a new password with the link's token; the
 * server's refusal of a weak password shows on the field, and a used or expired link offers a new one. Open signed
 * in or not: a reset ends every session, this browser's included. */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_LINK_MINUTES,
  resetPasswordRequestSchema,
  type ResetPasswordRequest,
} from '@portal/contract';
import { useAuth } from '../../../lib/auth';
import { api, errorDetail } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Checkbox, Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { errorCode } from '../lib/server-errors';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-2';

const resetFormSchema = resetPasswordRequestSchema.pick({ password: true });

function LinkRefused({ body }: { body: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('reset.invalidTitle')} />
      <Card>
        <p className="text-slate-900">{body}</p>
        <p className="mt-6">
          <Link to="/forgot-password" className={linkClasses}>
            {t('reset.requestNew')}
          </Link>
        </p>
      </Card>
    </div>
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const [shown, setShown] = useState(false);
  const form = useSchemaForm({
    schema: resetFormSchema,
    defaultValues: { password: '' },
    messages: 'auth:reset.errors',
    idPrefix: '',
    messageParams: { password: { min: PASSWORD_MIN_LENGTH } },
  });

  if (!token) return <LinkRefused body={t('reset.missingBody')} />;
  if (refused) return <LinkRefused body={t('reset.invalidBody', { minutes: PASSWORD_RESET_LINK_MINUTES })} />;

  const onSubmit = async (values: { password: string }) => {
    setBusy(true);
    try {
      await api.post('/auth/reset-password', { token, password: values.password } satisfies ResetPasswordRequest);
    } catch (error) {
      setBusy(false);
      const code = errorCode(error);
      if (code === 'invalid_reset_token') return setRefused(true);
      if (form.setServerErrors(error)) return;
      toast.error(errorDetail(error, t('reset.failed')));
      return;
    }
    toast.success(t('reset.success'));
    // Every session of the account has ended on the server; this browser's too, if it had one.
    if (user) await logout();
    else void navigate('/login', { replace: true });
  };

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <Card>
        <SchemaFormElement form={form} onValid={onSubmit}>
          <FormField
            form={form}
            name="password"
            label={t('reset.password')}
            hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          >
            <Input
              type={shown ? 'text' : 'password'}
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              {...form.register('password')}
            />
          </FormField>
          <div>
            <Checkbox
              id="show-password"
              label={t('password.show')}
              checked={shown}
              onChange={(event) => setShown(event.target.checked)}
            />
          </div>
          <Button type="submit" className="w-full" busy={busy} busyText={t('reset.submitting')}>
            {t('reset.submit')}
          </Button>
        </SchemaFormElement>
      </Card>
    </div>
  );
}
