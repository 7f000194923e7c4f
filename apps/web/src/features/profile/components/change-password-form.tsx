/** Change password: the current password and a new one. The server checks both; a wrong current password or a
 * common new one shows beside its field. Other sessions of the account end; this one stays signed in. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { changePasswordRequestSchema, PASSWORD_MIN_LENGTH } from '@portal/contract';
import { errorCode, errorDetail } from '../../../lib/api-client';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../components/form/schema-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox, Input } from '../../../components/ui/input';
import { useChangePassword } from '../api/change-password';

const EMPTY = { current_password: '', new_password: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const [shown, setShown] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm({
    schema: changePasswordRequestSchema,
    defaultValues: EMPTY,
    messages: 'profile:password.errors',
    idPrefix: '',
    messageParams: { new_password: { min: PASSWORD_MIN_LENGTH } },
  });

  return (
    <Card title={t('password.title')}>
      <p className="mb-4 text-slate-700">{t('password.intro')}</p>
      <SchemaFormElement
        form={form}
        refusal={refusal}
        className="max-w-md space-y-5"
        onValid={(values) => {
          setRefusal(undefined);
          change.mutate(values, {
            onSuccess: () => {
              form.reset(EMPTY);
              toast.success(t('password.changed'));
            },
            onError: (error) => {
              if (errorCode(error) === 'account_locked') return setRefusal(t('password.locked'));
              if (!form.setServerErrors(error)) setRefusal(errorDetail(error, t('password.failed')));
            },
          });
        }}
      >
        <FormField form={form} name="current_password" label={t('password.current')}>
          <Input
            type={shown ? 'text' : 'password'}
            autoComplete="current-password"
            required
            {...form.register('current_password')}
          />
        </FormField>
        <FormField
          form={form}
          name="new_password"
          label={t('password.new')}
          hint={t('password.hint', { min: PASSWORD_MIN_LENGTH })}
        >
          <Input
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            {...form.register('new_password')}
          />
        </FormField>
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
      </SchemaFormElement>
    </Card>
  );
}
