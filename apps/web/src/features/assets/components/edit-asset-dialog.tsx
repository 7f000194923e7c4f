/** The Edit Asset dialog (ho, admin): an asset's category, zone, location, survey and plot numbers and its place on
 * the zone's map, checked against the contract on submit. Opened from the table's Edit button or a plot on the map;
 * a place that overlaps another plot is refused by the server and said beside the map boxes. */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Asset } from '@portal/contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { summaryOf } from '../../../lib/form-errors';
import { useUpdateAsset } from '../api/assets';
import {
  checkEditAssetForm,
  EDIT_FIELD_ORDER,
  editAssetFormValues,
  toUpdateAssetRequest,
  type EditAssetFormValues,
} from '../lib/asset-form';
import { MapPositionFields } from './map-position-fields';

export interface EditAssetDialogProps {
  /** The asset to edit; null keeps the dialog closed. */
  asset: Asset | null;
  onClose: () => void;
}

export function EditAssetDialog({ asset, onClose }: EditAssetDialogProps) {
  const { t } = useTranslation('assets');
  const updateAsset = useUpdateAsset();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, submitCount },
  } = useForm<EditAssetFormValues>({
    defaultValues: asset ? editAssetFormValues(asset) : undefined,
    shouldFocusError: false,
    resolver: async (values) =>
      checkEditAssetForm(values, (field, contractMessage, missing) =>
        missing ? t(`form.required.${field}`, { defaultValue: contractMessage }) : contractMessage,
      ),
  });

  // Each asset opens with its own values.
  useEffect(() => {
    if (asset) reset(editAssetFormValues(asset));
  }, [asset, reset]);

  const close = () => {
    updateAsset.reset();
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    if (!asset) return;
    try {
      await updateAsset.mutateAsync({ id: asset.id, body: toUpdateAssetRequest(values) });
      toast.success(t('edit.saved'));
      close();
    } catch (error) {
      const message = errorDetail(error, t('edit.failed'));
      if (error instanceof ApiError && error.status === 409) setError('map_x', { type: 'server', message });
      toast.error(message);
    }
  });

  const text = (name: Exclude<keyof EditAssetFormValues, `map_${string}`>, optional = false) => (
    <Field id={`edit-asset-${name}`} label={t(`form.fields.${name}`)} optional={optional} error={errors[name]?.message}>
      <Input autoComplete="off" {...register(name)} />
    </Field>
  );

  return (
    <FormDialog
      open={asset !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      size="lg"
      title={t('edit.title', { code: asset?.asset_code ?? '' })}
      description={t('edit.description')}
      formId="edit-asset-form"
      onSubmit={(event) => void submit(event)}
      formClassName=""
      cancelLabel={t('edit.cancel')}
      submitLabel={t('edit.submit')}
      busy={updateAsset.isPending}
      busyText={t('edit.submitting')}
      errors={summaryOf(errors, EDIT_FIELD_ORDER, 'edit-asset-')}
      errorsFocusKey={submitCount}
    >
      <div className="grid gap-5 md:grid-cols-2">
        {text('category_id')}
        {text('zone')}
        {text('location')}
        {text('survey_number')}
        {text('plot_number', true)}
        <MapPositionFields register={register} errors={errors} idPrefix="edit-asset-" />
      </div>
    </FormDialog>
  );
}
