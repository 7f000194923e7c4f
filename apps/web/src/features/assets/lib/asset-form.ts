/** The Add Asset form's values (text, as the inputs hold them), its defaults (type land, unit acres, status
 * available) and its check against the contract's schema, turning each problem into a message for its field. */
import type { FieldErrors, ResolverResult } from 'react-hook-form';
import {
  ASSET_IMPORT_COLUMNS,
  createAssetRequestSchema,
  type AssetStatus,
  type AssetType,
  type AssetUnit,
  type CreateAssetRequest,
} from '@portal/contract';

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
};

/** On-screen order, for the error summary. */
// The dialog's fields are in the same order as the columns of an import file.
export const ASSET_FIELD_ORDER: ReadonlyArray<keyof AssetFormValues> = ASSET_IMPORT_COLUMNS;

function toNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return Number(trimmed);
}

/** The request body: numbers for areas and valuation, an empty plot number as null. */
export function toCreateAssetRequest(values: AssetFormValues): CreateAssetRequest {
  return {
    ...values,
    plot_number: values.plot_number.trim() || null,
    total_area: toNumber(values.total_area) as number,
    available_area: toNumber(values.available_area) as number,
    valuation: toNumber(values.valuation) as number,
  };
}

/** A react-hook-form resolver over the contract's schema; `messageFor` words each field's problem. */
export function checkAssetForm(
  values: AssetFormValues,
  messageFor: (field: keyof AssetFormValues, contractMessage: string, missing: boolean) => string,
): ResolverResult<AssetFormValues> {
  const parsed = createAssetRequestSchema.safeParse(toCreateAssetRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<AssetFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AssetFormValues | undefined;
    if (!field || errors[field]) continue;
    const raw = values[field];
    const missing = typeof raw === 'string' && raw.trim() === '';
    errors[field] = { type: issue.code, message: messageFor(field, issue.message, missing) };
  }
  return { values: {}, errors };
}
