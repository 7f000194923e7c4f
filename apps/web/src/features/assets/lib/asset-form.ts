/** The Add Asset and Edit Asset forms' values (text, as the inputs hold them), the defaults (type land, unit acres,
 * status available) and their checks against the contract's schemas, turning each problem into a message for its
 * field. The place on the zone's map is four boxes (column, row, width, height): all four, or none. */
import type { FieldErrors, FieldValues, ResolverResult } from 'react-hook-form';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAP_COLUMNS,
  createAssetRequestSchema,
  updateAssetRequestSchema,
  type Asset,
  type AssetStatus,
  type AssetType,
  type AssetUnit,
  type CreateAssetRequest,
  type UpdateAssetRequest,
} from '@portal/contract';

/** The four boxes of a place on the map. */
export interface MapFormValues {
  map_x: string;
  map_y: string;
  map_w: string;
  map_h: string;
}
export type MapField = keyof MapFormValues;
export const MAP_FIELDS: readonly MapField[] = ASSET_IMPORT_MAP_COLUMNS;
const NO_PLACE: MapFormValues = { map_x: '', map_y: '', map_w: '', map_h: '' };

/** The boxes for an asset's place (empty when it has none). */
export function mapFormValues(map: Asset['map']): MapFormValues {
  return map ? { map_x: String(map.x), map_y: String(map.y), map_w: String(map.w), map_h: String(map.h) } : NO_PLACE;
}

/** The place as the API takes it: null when every box is empty, else the four numbers (the schema names a missing
 * one). */
export function toMapPosition(values: MapFormValues) {
  if (MAP_FIELDS.every((field) => values[field].trim() === '')) return null;
  return {
    x: toNumber(values.map_x) as number,
    y: toNumber(values.map_y) as number,
    w: toNumber(values.map_w) as number,
    h: toNumber(values.map_h) as number,
  };
}

export interface AssetFormValues {
  asset_code: string;
  category_id: string;
  type: AssetType;
  zone: string;
  location: string;
  survey_number: string;
  plot_number: string;
  total_area: string;
  available_area: string;
  unit: AssetUnit;
  valuation: string;
  status: AssetStatus;
  map_x: string;
  map_y: string;
  map_w: string;
  map_h: string;
}

export const ASSET_FORM_DEFAULTS: AssetFormValues = {
  asset_code: '',
  category_id: '',
  type: 'land',
  zone: '',
  location: '',
  survey_number: '',
  plot_number: '',
  total_area: '',
  available_area: '',
  unit: 'acres',
  valuation: '',
  status: 'available',
  ...NO_PLACE,
};

/** On-screen order, for the error summary. */
// The dialog's fields are in the same order as the columns of an import file.
export const ASSET_FIELD_ORDER: ReadonlyArray<keyof AssetFormValues> = [...ASSET_IMPORT_COLUMNS, ...MAP_FIELDS];

function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return Number(trimmed);
}

/** The request body: numbers for areas and valuation, an empty plot number as null. */
export function toCreateAssetRequest(values: AssetFormValues): CreateAssetRequest {
  const { map_x: _x, map_y: _y, map_w: _w, map_h: _h, ...fields } = values;
  return {
    ...fields,
    plot_number: values.plot_number.trim() || null,
    total_area: toNumber(values.total_area) as number,
    available_area: toNumber(values.available_area) as number,
    valuation: toNumber(values.valuation) as number,
    map: toMapPosition(values),
  };
}

/** The Edit Asset form: the fields an edit may change. */
export interface EditAssetFormValues extends MapFormValues {
  category_id: string;
  zone: string;
  location: string;
  survey_number: string;
  plot_number: string;
}
export const EDIT_FIELD_ORDER: ReadonlyArray<keyof EditAssetFormValues> = [
  'category_id',
  'zone',
  'location',
  'survey_number',
  'plot_number',
  ...MAP_FIELDS,
];

export function editAssetFormValues(asset: Asset): EditAssetFormValues {
  return {
    category_id: asset.category_id,
    zone: asset.zone,
    location: asset.location,
    survey_number: asset.survey_number,
    plot_number: asset.plot_number ?? '',
    ...mapFormValues(asset.map),
  };
}

export function toUpdateAssetRequest(values: EditAssetFormValues): UpdateAssetRequest {
  return {
    category_id: values.category_id,
    zone: values.zone,
    location: values.location,
    survey_number: values.survey_number,
    plot_number: values.plot_number.trim() || null,
    map: toMapPosition(values),
  };
}

/** The form field a schema issue is about: `map.x` is the column box map_x. */
function fieldOf(path: PropertyKey[]): string | undefined {
  if (path[0] === 'map') return typeof path[1] === 'string' ? `map_${path[1]}` : 'map_x';
  return typeof path[0] === 'string' ? path[0] : undefined;
}

function issuesToErrors<Values extends FieldValues>(
  values: Values,
  issues: readonly { path: PropertyKey[]; code: string; message: string }[],
  messageFor: (field: keyof Values, contractMessage: string, missing: boolean) => string,
): ResolverResult<Values> {
  const errors: FieldErrors<Values> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path) as keyof Values | undefined;
    if (!field || !(field in values) || errors[field]) continue;
    const raw: unknown = values[field];
    const missing = typeof raw === 'string' && raw.trim() === '';
    (errors as Record<keyof Values, { type: string; message: string }>)[field] = {
      type: issue.code,
      message: messageFor(field, issue.message, missing),
    };
  }
  return { values: {}, errors };
}

/** A react-hook-form resolver over the contract's schema; `messageFor` words each field's problem. */
export function checkAssetForm(
  values: AssetFormValues,
  messageFor: (field: keyof AssetFormValues, contractMessage: string, missing: boolean) => string,
): ResolverResult<AssetFormValues> {
  const parsed = createAssetRequestSchema.safeParse(toCreateAssetRequest(values));
  if (parsed.success) return { values, errors: {} };
  return issuesToErrors(values, parsed.error.issues, messageFor);
}

export function checkEditAssetForm(
  values: EditAssetFormValues,
  messageFor: (field: keyof EditAssetFormValues, contractMessage: string, missing: boolean) => string,
): ResolverResult<EditAssetFormValues> {
  const parsed = updateAssetRequestSchema.safeParse(toUpdateAssetRequest(values));
  if (parsed.success) return { values, errors: {} };
  return issuesToErrors(values, parsed.error.issues, messageFor);
}
