/** Entrepreneur self-registration: full name, email, password; then signs in and goes home. The server's refusal
 * of a field (a common or guessable password) shows beside that field. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { homeFor, PASSWORD_MIN_LENGTH, registerRequestSchema, type RegisterRequest } from '@portal/contract';
import { useAuth } from '../../../lib/auth';
import { api, errorDetail } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';

// The contract's rules, with the address trimmed first (a pasted address often brings a space).
const registerFormSchema = registerRequestSchema.extend({
  email: z.string().trim().pipe(registerRequestSchema.shape.email),
});

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm({
    schema: registerFormSchema,
    defaultValues: { full_name: '', email: '', password: '' },
    messages: 'auth:register.errors',
    idPrefix: '',
    fieldOrder: ['full_name', 'email', 'password'],
    messageParams: { password: { min: PASSWORD_MIN_LENGTH } },
  });

  const onSubmit = async (body: RegisterRequest) => {
    setBusy(true);
    try {
      await api.post('/auth/register', body);
    } catch (error) {
      setBusy(false);
      if (form.setServerErrors(error)) return;
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
      <Card>
        <SchemaFormElement form={form} onValid={onSubmit}>
          <FormField form={form} name="full_name" label={t('register.fullName')}>
            <Input autoComplete="name" required {...form.register('full_name')} />
          </FormField>
          <FormField form={form} name="email" label={t('register.email')}>
            <Input type="email" autoComplete="email" required {...form.register('email')} />
          </FormField>
          <FormField
            form={form}
            name="password"
            label={t('register.password')}
            hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          >
            <Input
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              {...form.register('password')}
            />
          </FormField>
          <Button type="submit" className="w-full" busy={busy} busyText={t('register.submitting')}>
            {t('register.submit')}
          </Button>
        </SchemaFormElement>
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
