/** The Add Asset dialog: the spec's required fields, defaults (land, acres, available) and 0.01 steps, and the
 * optional place on the zone's map, checked against the contract on submit; 'Asset created', or the server's detail
 * (else 'Failed to create asset'). */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { ASSET_STATUSES, ASSET_TYPES, ASSET_UNITS } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { summaryOf } from '../../../lib/form-errors';
import { useCreateAsset } from '../api/assets';
import {
  ASSET_FIELD_ORDER,
  ASSET_FORM_DEFAULTS,
  checkAssetForm,
  toCreateAssetRequest,
  type AssetFormValues,
} from '../lib/asset-form';
import { MapPositionFields } from './map-position-fields';

export function AddAssetDialog() {
  const { t } = useTranslation('assets');
  const [open, setOpen] = useState(false);
  const createAsset = useCreateAsset();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useForm<AssetFormValues>({
    defaultValues: ASSET_FORM_DEFAULTS,
    shouldFocusError: false,
    resolver: async (values) =>
      checkAssetForm(values, (field, contractMessage, missing) =>
        missing ? t(`form.required.${field}`, { defaultValue: contractMessage }) : contractMessage,
      ),
  });

  const summary = summaryOf(errors, ASSET_FIELD_ORDER, 'asset-');

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset(ASSET_FORM_DEFAULTS);
      createAsset.reset();
    }
  };

  const submit = handleSubmit(async (values) => {
    try {
      await createAsset.mutateAsync(toCreateAssetRequest(values));
      toast.success(t('form.created'));
      onOpenChange(false);
    } catch (error) {
      const message = errorDetail(error, t('form.failed'));
      // A taken code or a taken place on the map is the user's to fix: say so beside the field as well.
      if (error instanceof ApiError && error.status === 409) {
        setError(/overlaps/.test(message) ? 'map_x' : 'asset_code', { type: 'server', message });
      }
      toast.error(message);
    }
  });

  const text = (name: keyof AssetFormValues, options: { optional?: boolean; hint?: string } = {}) => (
    <Field
      id={`asset-${name}`}
      label={t(`form.fields.${name}`)}
      optional={options.optional}
      hint={options.hint}
      error={errors[name]?.message}
    >
      <Input autoComplete="off" {...register(name)} />
    </Field>
  );
  const number = (name: 'total_area' | 'available_area' | 'valuation', hint?: string) => (
    <Field id={`asset-${name}`} label={t(`form.fields.${name}`)} hint={hint} error={errors[name]?.message}>
      <Input type="number" inputMode="decimal" step="0.01" min="0" {...register(name)} />
    </Field>
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t('form.title')}
      description={t('form.description')}
      trigger={<Button icon={<Plus aria-hidden="true" className="h-4 w-4" />}>{t('addAsset')}</Button>}
      formId="add-asset-form"
      onSubmit={(event) => void submit(event)}
      formClassName=""
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.submit')}
      busy={createAsset.isPending}
      busyText={t('form.submitting')}
      errors={summary}
      errorsFocusKey={submitCount}
    >
      <div className="grid gap-5 md:grid-cols-2">
        {text('asset_code', { hint: t('form.hints.asset_code') })}
        {text('category_id', { hint: t('form.hints.category_id') })}
        <Field id="asset-type" label={t('form.fields.type')} error={errors.type?.message}>
          <Select {...register('type')}>
            {ASSET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
        </Field>
        {text('zone')}
        {text('location')}
        {text('survey_number')}
        {text('plot_number', { optional: true })}
        <Field id="asset-unit" label={t('form.fields.unit')} error={errors.unit?.message}>
          <Select {...register('unit')}>
            {ASSET_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {t(`unitNames.${unit}`)}
              </option>
            ))}
          </Select>
        </Field>
        {number('total_area', t('form.hints.area'))}
        {number('available_area', t('form.hints.area'))}
        {number('valuation')}
        <Field id="asset-status" label={t('form.fields.status')} error={errors.status?.message}>
          <Select {...register('status')}>
            {ASSET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </Select>
        </Field>
        <MapPositionFields register={register} errors={errors} idPrefix="asset-" />
      </div>
    </FormDialog>
  );
}
