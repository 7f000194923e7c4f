/** The account's mobile number and SMS choices (decision 037): a number is added by a code sent to it, and only a
 * verified number gets SMS, in the account's language. Codes and money messages always go; the others can be turned
 * off here. An entrepreneur with a verified number may sign in with it and a code. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  formatDateTime,
  formatMobile,
  mobileCodeRequestSchema,
  mobileRequestSchema,
  normalizeIndianMobile,
  OPTIONAL_SMS_TEMPLATES,
  SMS_TEMPLATE_CODES,
  SMS_TEMPLATES,
  type MobileSettings,
  type SmsTemplateCode,
} from '@portal/contract';
import { errorDetail } from '../../../lib/api-client';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox, Input } from '../../../components/ui/input';
import { QueryState } from '../../../components/ui/query-state';
import {
  useMobileSettings,
  useRemoveMobile,
  useSaveSmsPreferences,
  useSendMobileCode,
  useVerifyMobile,
} from '../api/mobile';

const codeSchema = mobileCodeRequestSchema.pick({ code: true });

function AddMobile({ replacing }: { replacing: boolean }) {
  const { t } = useTranslation('profile');
  const send = useSendMobileCode();
  const verify = useVerifyMobile();
  const [sentTo, setSentTo] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const numberForm = useSchemaForm({
    schema: mobileRequestSchema,
    defaultValues: { mobile: '' },
    messages: 'profile:mobile.errors',
    idPrefix: 'account-',
  });
  const codeForm = useSchemaForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    messages: 'profile:mobile.errors',
    idPrefix: 'account-mobile-',
  });

  if (sentTo) {
    return (
      <SchemaFormElement
        form={codeForm}
        refusal={refusal}
        className="max-w-md space-y-5"
        onValid={({ code }) => {
          setRefusal(undefined);
          verify.mutate(
            { mobile: sentTo, code },
            {
              onSuccess: () => {
                setSentTo(undefined);
                toast.success(t('mobile.verified'));
              },
              onError: (error) => setRefusal(errorDetail(error, t('mobile.verifyFailed'))),
            },
          );
        }}
      >
        <p role="status" className="text-slate-800">
          {t('mobile.codeSent', { mobile: formatMobile(sentTo) })}
        </p>
        <FormField form={codeForm} name="code" label={t('mobile.code')} hint={t('mobile.codeHint')}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            {...codeForm.register('code')}
          />
        </FormField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={verify.isPending} busyText={t('mobile.verifying')}>
            {t('mobile.verify')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setSentTo(undefined)}>
            {t('mobile.otherNumber')}
          </Button>
        </div>
      </SchemaFormElement>
    );
  }
  return (
    <SchemaFormElement
      form={numberForm}
      refusal={refusal}
      className="max-w-md space-y-5"
      onValid={({ mobile }) => {
        setRefusal(undefined);
        send.mutate(
          { mobile },
          {
            onSuccess: () => {
              setSentTo(normalizeIndianMobile(mobile) ?? mobile);
              codeForm.reset({ code: '' });
            },
            onError: (error) => setRefusal(errorDetail(error, t('mobile.sendFailed'))),
          },
        );
      }}
    >
      <FormField
        form={numberForm}
        name="mobile"
        label={replacing ? t('mobile.newNumber') : t('mobile.number')}
        hint={t('mobile.numberHint')}
      >
        <Input type="tel" inputMode="tel" autoComplete="tel-national" required {...numberForm.register('mobile')} />
      </FormField>
      <Button type="submit" busy={send.isPending} busyText={t('mobile.sending')}>
        {t('mobile.sendCode')}
      </Button>
    </SchemaFormElement>
  );
}

function SmsPreferences({ settings }: { settings: MobileSettings }) {
  const { t } = useTranslation('profile');
  const save = useSaveSmsPreferences();
  const [optedOut, setOptedOut] = useState<SmsTemplateCode[]>(settings.sms_opted_out);
  const essential = SMS_TEMPLATE_CODES.filter((code) => SMS_TEMPLATES[code].essential);
  return (
    <form
      className="mt-6 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { sms_opted_out: optedOut },
          {
            onSuccess: () => toast.success(t('mobile.preferencesSaved')),
            onError: (error) => toast.error(errorDetail(error, t('mobile.preferencesFailed'))),
          },
        );
      }}
    >
      <fieldset>
        <legend className="font-semibold text-slate-900">{t('mobile.preferences')}</legend>
        <p className="mb-2 text-slate-700">{t('mobile.preferencesIntro')}</p>
        <ul>
          {OPTIONAL_SMS_TEMPLATES.map((code) => (
            <li key={code}>
              <Checkbox
                id={`sms-${code}`}
                label={t(`mobile.templates.${code}`)}
                checked={!optedOut.includes(code)}
                onChange={(event) =>
                  setOptedOut((current) =>
                    event.target.checked ? current.filter((item) => item !== code) : [...current, code],
                  )
                }
              />
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="text-slate-700">
        {t('mobile.alwaysSent', { list: essential.map((code) => t(`mobile.templates.${code}`)).join(', ') })}
      </p>
      <Button type="submit" busy={save.isPending} busyText={t('mobile.saving')}>
        {t('mobile.savePreferences')}
      </Button>
    </form>
  );
}

export function MobileSettingsCard() {
  const { t } = useTranslation('profile');
  const settings = useMobileSettings();
  const remove = useRemoveMobile();
  return (
    <Card title={t('mobile.title')} aria-label={t('mobile.title')}>
      <p className="mb-4 text-slate-700">{t('mobile.intro')}</p>
      <QueryState query={settings} errorMessage={t('mobile.loadFailed')}>
        {(current) => (
          <>
            {current.mobile && (
              <div className="mb-4">
                <p className="text-slate-900" data-testid="verified-mobile">
                  {t('mobile.verifiedNumber', {
                    mobile: formatMobile(current.mobile),
                    when: current.mobile_verified_at ? formatDateTime(current.mobile_verified_at) : '',
                  })}
                </p>
                <Button
                  type="button"
                  variant="secondary"
                  className="mt-2"
                  busy={remove.isPending}
                  busyText={t('mobile.removing')}
                  onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success(t('mobile.removed')) })}
                >
                  {t('mobile.remove')}
                </Button>
              </div>
            )}
            <AddMobile replacing={Boolean(current.mobile)} />
            {current.mobile && <SmsPreferences settings={current} />}
          </>
        )}
      </QueryState>
    </Card>
  );
}
