/** The Add Asset dialog: the spec's required fields, defaults (land, acres, available) and 0.01 steps, and the
 * optional place on the zone's map, checked against the contract on submit; 'Asset created', or the server's detail
 * (else 'Failed to create asset') in the dialog, beside the field it is about when it is one. */
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { UseFormRegister } from 'react-hook-form';
import { ASSET_STATUSES, ASSET_TYPES, ASSET_UNITS } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Button } from '../../../../components/ui/button';
import { Input, Select } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { ApiError, errorDetail } from '../../../../lib/api-client';
import { useCreateAsset } from '../api/assets';
import {
  ASSET_FIELD_ORDER,
  ASSET_FORM_DEFAULTS,
  assetFormSchema,
  MAP_MESSAGE_PARAMS,
  type AssetFormValues,
  type MapFormValues,
} from '../lib/asset-form';
import { MapPositionFields } from './map-position-fields';

export function AddAssetDialog() {
  const { t } = useTranslation('assets');
  const createAsset = useCreateAsset();
  const dialog = useDialogAction(createAsset.isPending);
  const form = useSchemaForm({
    schema: assetFormSchema,
    defaultValues: ASSET_FORM_DEFAULTS,
    messages: 'assets:form.errors',
    idPrefix: 'asset-',
    fieldOrder: ASSET_FIELD_ORDER,
    messageParams: MAP_MESSAGE_PARAMS,
  });

  const text = (name: keyof AssetFormValues, options: { optional?: boolean; hint?: string } = {}) => (
    <FormField form={form} name={name} label={t(`form.fields.${name}`)} optional={options.optional} hint={options.hint}>
      <Input autoComplete="off" {...form.register(name)} />
    </FormField>
  );
  const number = (name: 'total_area' | 'available_area' | 'valuation', hint?: string) => (
    <FormField form={form} name={name} label={t(`form.fields.${name}`)} hint={hint}>
      <Input type="number" inputMode="decimal" step="0.01" min="0" {...form.register(name)} />
    </FormField>
  );

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) =>
        dialog.send((outcome) => createAsset.mutate(values, outcome), {
          done: t('form.created'),
          failed: (error) => {
            const message = errorDetail(error, t('form.failed'));
            if (!(error instanceof ApiError && error.status === 409)) return message;
            // A taken code or a taken place on the map is the user's to fix, beside the field.
            form.setError(/overlaps/.test(message) ? 'map_x' : 'asset_code', { type: 'server', message });
            return undefined;
          },
          then: () => form.reset(),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      size="lg"
      title={t('form.title')}
      description={t('form.description')}
      trigger={<Button icon={<Plus aria-hidden="true" className="h-4 w-4" />}>{t('addAsset')}</Button>}
      formClassName="space-y-5"
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.submit')}
      busy={createAsset.isPending}
      busyText={t('form.submitting')}
    >
      <div className="grid gap-5 md:grid-cols-2">
        {text('asset_code', { hint: t('form.hints.asset_code') })}
        {text('category_id', { hint: t('form.hints.category_id') })}
        <FormField form={form} name="type" label={t('form.fields.type')}>
          <Select {...form.register('type')}>
            {ASSET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
        </FormField>
        {text('zone')}
        {text('location')}
        {text('survey_number')}
        {text('plot_number', { optional: true })}
        <FormField form={form} name="unit" label={t('form.fields.unit')}>
          <Select {...form.register('unit')}>
            {ASSET_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`unitNames.${unit}`)}
              </option>
            ))}
          </Select>
        </FormField>
        {number('total_area', t('form.hints.area'))}
        {number('available_area', t('form.hints.area'))}
        {number('valuation')}
        <FormField form={form} name="status" label={t('form.fields.status')}>
          <Select {...form.register('status')}>
            {ASSET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </Select>
        </FormField>
        <MapPositionFields
          register={form.register as unknown as UseFormRegister<MapFormValues>}
          errorOf={form.errorOf}
          idPrefix={form.idPrefix}
        />
      </div>
    </SchemaFormDialog>
  );
}
