/** The Edit Asset dialog (ho, admin): an asset's category, zone, location, survey and plot numbers and its place on
 * the zone's map, checked against the contract on submit. Opened from the table's Edit button or a plot on the map;
 * a place that overlaps another plot is refused by the server and said beside the map boxes, any other refusal in
 * the dialog. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegister } from 'react-hook-form';
import type { Asset } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Input } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { ApiError, errorDetail } from '../../../../lib/api-client';
import { useUpdateAsset } from '../api/assets';
import {
  EDIT_FIELD_ORDER,
  editAssetFormSchema,
  editAssetFormValues,
  MAP_MESSAGE_PARAMS,
  mapFormValues,
  type EditAssetFormValues,
  type MapFormValues,
} from '../lib/asset-form';
import { MapPositionFields } from './map-position-fields';

export interface EditAssetDialogProps {
  /** The asset to edit; null keeps the dialog closed. */
  asset: Asset | null;
  onClose: () => void;
}

const NO_ASSET: EditAssetFormValues = {
  category_id: '',
  zone: '',
  location: '',
  survey_number: '',
  plot_number: '',
  ...mapFormValues(null),
};

export function EditAssetDialog({ asset, onClose }: EditAssetDialogProps) {
  const { t } = useTranslation('assets');
  const updateAsset = useUpdateAsset();
  const dialog = useDialogAction(updateAsset.isPending, {
    open: asset !== null,
    onOpenChange: (open) => {
      if (open) return;
      updateAsset.reset();
      onClose();
    },
  });
  const form = useSchemaForm({
    schema: editAssetFormSchema,
    defaultValues: asset ? editAssetFormValues(asset) : NO_ASSET,
    messages: 'assets:form.errors',
    idPrefix: 'edit-asset-',
    fieldOrder: EDIT_FIELD_ORDER,
    messageParams: MAP_MESSAGE_PARAMS,
  });
  const { reset } = form;

  // Each asset opens with its own values.
  useEffect(() => {
    if (asset) reset(editAssetFormValues(asset));
  }, [asset, reset]);

  const text = (name: Exclude<keyof EditAssetFormValues, `map_${string}`>, optional = false) => (
    <FormField form={form} name={name} label={t(`form.fields.${name}`)} optional={optional}>
      <Input autoComplete="off" {...form.register(name)} />
    </FormField>
  );

  return (
    <SchemaFormDialog
      form={form}
      onValid={(body) => {
        if (!asset) return;
        dialog.send((outcome) => updateAsset.mutate({ id: asset.id, body }, outcome), {
          done: t('edit.saved'),
          failed: (error) => {
            const message = errorDetail(error, t('edit.failed'));
            if (!(error instanceof ApiError && error.status === 409)) return message;
            // A place that overlaps another plot is said beside the map boxes.
            form.setError('map_x', { type: 'server', message });
            return undefined;
          },
        });
      }}
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      size="lg"
      title={t('edit.title', { code: asset?.asset_code ?? '' })}
      description={t('edit.description')}
      formClassName="space-y-5"
      cancelLabel={t('edit.cancel')}
      submitLabel={t('edit.submit')}
      busy={updateAsset.isPending}
      busyText={t('edit.submitting')}
    >
      <div className="grid gap-5 md:grid-cols-2">
        {text('category_id')}
        {text('zone')}
        {text('location')}
        {text('survey_number')}
        {text('plot_number', true)}
        <MapPositionFields
          register={form.register as unknown as UseFormRegister<MapFormValues>}
          errorOf={form.errorOf}
          idPrefix={form.idPrefix}
        />
      </div>
    </SchemaFormDialog>
  );
}
