/** Set one officer's zone: a zonal manager with a zone works, lists and is reminded of that zone's cases only;
 * "Every zone" clears it. The server checks the zone is one the assets use. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { User } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Button } from '../../../components/ui/button';
import { errorDetail } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users';
import { ZoneSelect } from './zone-select';

const zoneFormSchema = z.object({ zone: z.string() });

export function ChangeZoneDialog({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const updateUser = useUpdateUser();
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
      onValid={(values) => {
        if (updateUser.isPending) return;
        setRefusal(undefined);
        updateUser.mutate(
          { id: user.id, zone: values.zone || null },
          {
            onSuccess: () => {
              toast.success(t('zone.changed'));
              setOpen(false);
            },
            onError: (error) => setRefusal(errorDetail(error, t('zone.failed'))),
          },
        );
      }}
      refusal={refusal}
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset({ zone: user.zone ?? '' });
        else setRefusal(undefined);
        setOpen(next);
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
