/** The four boxes of a plot's place on its zone's map (column, row, width, height in grid cells), optional as a
 * group: the asset forms' fieldset. */
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ASSET_MAP_GRID_SIZE } from '@portal/contract';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { MAP_FIELDS, type MapField, type MapFormValues } from '../lib/asset-form';

export interface MapPositionFieldsProps {
  /** The form's register (a form whose values include the four boxes) and its worded error of a box. */
  register: UseFormRegister<MapFormValues>;
  errorOf: (name: MapField) => string | undefined;
  /** Put before each box's name for its id (the error summary links to it). */
  idPrefix: string;
}

export function MapPositionFields({ register, errorOf, idPrefix }: MapPositionFieldsProps) {
  const { t } = useTranslation('assets');
  return (
    <fieldset className="space-y-2 md:col-span-2" aria-describedby={`${idPrefix}map-hint`}>
      <legend className="font-medium text-slate-900">
        {t('form.map.legend')} <span className="font-normal text-slate-600">{t('optional', { ns: 'common' })}</span>
      </legend>
      <p id={`${idPrefix}map-hint`} className="text-sm text-slate-600">
        {t('form.map.hint', { size: ASSET_MAP_GRID_SIZE })}
      </p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {MAP_FIELDS.map((name) => (
          <Field key={name} id={`${idPrefix}${name}`} label={t(`form.fields.${name}`)} error={errorOf(name)}>
            <Input
              type="number"
              inputMode="numeric"
              step="1"
              min="1"
              max={ASSET_MAP_GRID_SIZE}
              autoComplete="off"
              {...register(name)}
            />
          </Field>
        ))}
      </div>
    </fieldset>
  );
}
