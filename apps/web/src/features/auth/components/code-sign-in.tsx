/** Sign in with a one-time code (decision 037): an entrepreneur's verified mobile number, then the 6-digit code sent
 * to it by SMS. The answer to "send a code" is the same for every number, so the page says a code was sent if the
 * number is registered. Loaded only when chosen, so the sign-in page's entry chunk stays without zod. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  formatMobile,
  homeFor,
  mobileCodeRequestSchema,
  mobileRequestSchema,
  normalizeIndianMobile,
} from '@portal/contract';
import { api, errorCode, serverDetail } from '../../../lib/api-request';
import { useAuth } from '../../../lib/auth';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

const codeSchema = mobileCodeRequestSchema.pick({ code: true });

export default function CodeSignIn() {
  const { t, i18n } = useTranslation('auth');
  const { loginWithCode } = useAuth();
  const navigate = useNavigate();
  const [mobile, setMobile] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const numberForm = useSchemaForm({
    schema: mobileRequestSchema,
    defaultValues: { mobile: '' },
    messages: 'auth:codeSignIn.errors',
    idPrefix: 'sign-in-',
  });
  const codeForm = useSchemaForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    messages: 'auth:codeSignIn.errors',
    idPrefix: 'sign-in-',
  });

  const refuse = (error: unknown) => {
    const code = errorCode(error);
    if (code === 'code_locked') setRefusal(t('codeSignIn.locked'));
    else if (code === 'invalid_code') setRefusal(t('codeSignIn.invalid'));
    else if (code === 'rate_limited') setRefusal(t('codeSignIn.tooMany'));
    else setRefusal(serverDetail(error, t('codeSignIn.failed')));
  };

  if (!mobile) {
    return (
      <SchemaFormElement
        form={numberForm}
        refusal={refusal}
        onValid={async (values) => {
          setBusy(true);
          setRefusal(undefined);
          try {
            await api.post('/auth/code', { mobile: values.mobile });
            setMobile(normalizeIndianMobile(values.mobile) ?? values.mobile);
          } catch (error) {
            refuse(error);
          }
          setBusy(false);
        }}
      >
        <FormField form={numberForm} name="mobile" label={t('codeSignIn.mobile')} hint={t('codeSignIn.mobileHint')}>
          <Input type="tel" inputMode="tel" autoComplete="tel-national" required {...numberForm.register('mobile')} />
        </FormField>
        <Button type="submit" className="w-full" busy={busy} busyText={t('codeSignIn.sending')}>
          {t('codeSignIn.sendCode')}
        </Button>
      </SchemaFormElement>
    );
  }
  return (
    <SchemaFormElement
      form={codeForm}
      refusal={refusal}
      onValid={async ({ code }) => {
        setBusy(true);
        setRefusal(undefined);
        try {
          const user = await loginWithCode(mobile, code);
          toast.success(i18n.t('auth:login.success'));
          void navigate(homeFor(user.role), { replace: true });
        } catch (error) {
          refuse(error);
          setBusy(false);
        }
      }}
    >
      <p role="status" className="text-slate-800">
        {t('codeSignIn.sent', { mobile: formatMobile(mobile) })}
      </p>
      <FormField form={codeForm} name="code" label={t('codeSignIn.code')} hint={t('codeSignIn.codeHint')}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} required {...codeForm.register('code')} />
      </FormField>
      <Button type="submit" className="w-full" busy={busy} busyText={t('codeSignIn.submitting')}>
        {t('codeSignIn.submit')}
      </Button>
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        onClick={() => {
          setRefusal(undefined);
          setMobile(undefined);
        }}
      >
        {t('codeSignIn.otherNumber')}
      </Button>
    </SchemaFormElement>
  );
}
