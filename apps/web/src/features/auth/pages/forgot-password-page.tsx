/** /forgot-password: asks for the email and has the server mail a reset link. The answer is the same whether or not
 * an account has the email, so the page says only what would happen if one does. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { forgotPasswordRequestSchema, PASSWORD_RESET_LINK_MINUTES, type ForgotPasswordRequest } from '@portal/contract';
import { api, errorDetail } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-2';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: forgotPasswordRequestSchema,
    defaultValues: { email: '' },
    messages: 'auth:forgot.errors',
    idPrefix: '',
  });

  const onSubmit = async ({ email }: ForgotPasswordRequest) => {
    setBusy(true);
    try {
      await api.post('/auth/forgot-password', { email } satisfies ForgotPasswordRequest);
      setSentTo(email);
    } catch (error) {
      toast.error(errorDetail(error, t('forgot.failed')));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo !== null) {
    return (
      <div className="mx-auto max-w-md">
        <PageHeader title={t('forgot.sentTitle')} />
        <Card>
          <p className="text-slate-900">
            {t('forgot.sentBody', { email: sentTo, minutes: PASSWORD_RESET_LINK_MINUTES })}
          </p>
          <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/login" className={linkClasses}>
              {t('forgot.backToLogin')}
            </Link>
            <button type="button" className={linkClasses} onClick={() => setSentTo(null)}>
              {t('forgot.sendAgain')}
            </button>
          </div>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <Card>
        <SchemaFormElement form={form} onValid={onSubmit}>
          <FormField form={form} name="email" label={t('forgot.email')}>
            <Input type="email" autoComplete="username" required {...form.register('email')} />
          </FormField>
          <Button type="submit" className="w-full" busy={busy} busyText={t('forgot.submitting')}>
            {t('forgot.submit')}
          </Button>
        </SchemaFormElement>
        <p className="mt-6">
          <Link to="/login" className={linkClasses}>
            {t('forgot.backToLogin')}
          </Link>
        </p>
      </Card>
    </div>
  );
}
