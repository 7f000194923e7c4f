/** The Add Asset and Edit Asset forms' schemas: the contract's request schemas, with the areas and valuation typed
 * as text (read as numbers) and the place on the zone's map as four boxes (column, row, width, height): all four, or
 * none. Each form's values turn into the request and are checked by the contract's schema last. */
import { z } from 'zod';
import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_MAP_COLUMNS,
  ASSET_MAP_GRID_SIZE,
  assetMapPositionSchema,
  createAssetRequestSchema,
  updateAssetRequestSchema,
  type Asset,
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

/** The place as the API takes it: null when every box is empty, else the four numbers. */
function toMapPosition(values: MapFormValues) {
  if (MAP_FIELDS.every((field) => values[field].trim() === '')) return null;
  return {
    x: Number(values.map_x.trim()),
    y: Number(values.map_y.trim()),
    w: Number(values.map_w.trim()),
    h: Number(values.map_h.trim()),
  };
}

/** The values put into the map boxes' messages. */
export const MAP_MESSAGE_PARAMS = Object.fromEntries(
  MAP_FIELDS.map((field) => [field, { max: ASSET_MAP_GRID_SIZE }]),
) as Record<MapField, { max: number }>;

const mapBoxes = { map_x: z.string(), map_y: z.string(), map_w: z.string(), map_h: z.string() };

/** The reason each of the contract's problems with a place is worded by. */
function mapReason(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small' || issue.code === 'too_big') return issue.code;
  if (issue.code === 'invalid_type') return 'whole_number';
  return 'beyond_grid';
}

/** All four boxes or none; then the contract's rules for a place (for each box filled in, and for the whole place
 * once all four are), said beside the box they are about. */
function checkMapBoxes(values: MapFormValues, context: z.core.$RefinementCtx) {
  const empty = MAP_FIELDS.filter((field) => values[field].trim() === '');
  if (empty.length === MAP_FIELDS.length) return;
  for (const field of empty) context.addIssue({ code: 'custom', message: 'required', path: [field] });
  const place = toMapPosition(values)!;
  const issues =
    empty.length === 0
      ? (assetMapPositionSchema.safeParse(place).error?.issues ?? [])
      : MAP_FIELDS.filter((field) => !empty.includes(field)).flatMap((field) => {
          const key = field.slice('map_'.length) as keyof typeof place;
          const parsed = assetMapPositionSchema.shape[key].safeParse(place[key]);
          return (parsed.error?.issues ?? []).map((issue) => ({ ...issue, path: [key] }));
        });
  for (const issue of issues)
    context.addIssue({ code: 'custom', message: mapReason(issue), path: [`map_${String(issue.path[0])}`] });
}

/** A number typed as text: empty is missing (NaN, which the number's schema refuses). */
const typedNumber = (schema: z.ZodType<number, number>) =>
  z
    .string()
    .transform((text) => (text.trim() === '' ? Number.NaN : Number(text.trim())))
    .pipe(schema);

const asset = createAssetRequestSchema.shape;

export const assetFormSchema = z
  .object({
    asset_code: asset.asset_code,
    category_id: asset.category_id,
    type: asset.type,
    zone: asset.zone,
    location: asset.location,
    survey_number: asset.survey_number,
    plot_number: asset.plot_number,
    total_area: typedNumber(asset.total_area),
    available_area: typedNumber(asset.available_area),
    unit: asset.unit,
    valuation: typedNumber(asset.valuation),
    status: asset.status,
    ...mapBoxes,
  })
  .superRefine(checkMapBoxes)
  .transform(({ map_x, map_y, map_w, map_h, ...fields }): CreateAssetRequest => ({
    ...fields,
    map: toMapPosition({ map_x, map_y, map_w, map_h }),
  }))
  .pipe(createAssetRequestSchema);

export type AssetFormValues = z.input<typeof assetFormSchema>;

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

const update = updateAssetRequestSchema.shape;

/** The Edit Asset form: the fields an edit may change, each required as on a new asset but the plot number. */
export const editAssetFormSchema = z
  .object({
    category_id: update.category_id.unwrap(),
    zone: update.zone.unwrap(),
    location: update.location.unwrap(),
    survey_number: update.survey_number.unwrap(),
    plot_number: update.plot_number.unwrap(),
    ...mapBoxes,
  })
  .superRefine(checkMapBoxes)
  .transform(({ map_x, map_y, map_w, map_h, ...fields }): UpdateAssetRequest => ({
    ...fields,
    map: toMapPosition({ map_x, map_y, map_w, map_h }),
  }))
  .pipe(updateAssetRequestSchema);

export type EditAssetFormValues = z.input<typeof editAssetFormSchema>;

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
