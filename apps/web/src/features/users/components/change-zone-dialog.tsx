/** Set one officer's zone: a zonal manager with a zone works, lists and is reminded of that zone's cases only;
 * "Every zone" clears it. The server checks the zone is one the assets use. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { User } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { useDialogAction } from '../../../components/ui/use-dialog-action';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users';
import { ZoneSelect } from './zone-select';

const zoneFormSchema = z.object({ zone: z.string() });

export function ChangeZoneDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const updateUser = useUpdateUser();
  const dialog = useDialogAction(updateUser.isPending);
  const form = useSchemaForm({
    schema: zoneFormSchema,
    defaultValues: { zone: user.zone ?? '' },
    messages: 'users:zone.errors',
    idPrefix: `zone-${user.id}-`,
    fieldOrder: ['zone'],
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) =>
        dialog.send((outcome) => updateUser.mutate({ id: user.id, zone: values.zone || null }, outcome), {
          done: t('zone.changed'),
          failed: (error) => errorDetail(error, t('zone.failed')),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={(next) => {
        if (next) form.reset({ zone: user.zone ?? '' });
        dialog.onOpenChange(next);
      }}
      title={t('zone.title', { name: user.full_name })}
      description={t('zone.description')}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('zone.openFor', { name: user.full_name })}>
          {t('zone.open')}
        </Button>
      }
      cancelLabel={t('zone.cancel')}
      submitLabel={t('zone.submit')}
      busy={updateUser.isPending}
      busyText={t('zone.submitting')}
    >
      <FormField form={form} name="zone" label={t('zone.field')}>
        <ZoneSelect current={user.zone} {...form.register('zone')} />
      </FormField>
    </SchemaFormDialog>
  );
}
