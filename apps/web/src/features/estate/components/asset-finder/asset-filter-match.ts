/** Whether an asset passes the asset list's filters, read as the server reads them (ASSET_LIST in the contract):
 * the plot map fades the plots of its zone that the list beside it leaves out. */
import { ASSET_UNITS, SQM_PER_AREA_UNIT, type Asset, type AssetUnit } from '@portal/contract';

/** The filters and search of the asset list as the URL holds them (useListParams' `filters`, plus `q`). */
export type AssetFilterValues = Partial<
  Record<
    | 'status'
    | 'zone'
    | 'type'
    | 'category'
    | 'area_min'
    | 'area_max'
    | 'area_unit'
    | 'valuation_min'
    | 'valuation_max'
    | 'q',
    string
  >
>;

const listOf = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const number = (value: string | undefined) => {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
};

const isUnit = (value: string | undefined): value is AssetUnit =>
  value !== undefined && (ASSET_UNITS as readonly string[]).includes(value);

export function assetMatchesFilters(asset: Asset, filters: AssetFilterValues): boolean {
  if (filters.status && !listOf(filters.status).includes(asset.status)) return false;
  if (filters.type && !listOf(filters.type).includes(asset.type)) return false;
  if (filters.zone && asset.zone !== filters.zone.trim()) return false;
  if (filters.category && asset.category_id !== filters.category.trim()) return false;
  const q = filters.q?.trim().toLowerCase();
  if (q && ![asset.asset_code, asset.location, asset.zone].some((text) => text.toLowerCase().includes(q))) {
    return false;
  }
  const perUnit = SQM_PER_AREA_UNIT[isUnit(filters.area_unit) ? filters.area_unit : 'sqm'];
  const areaInSqm = asset.total_area * SQM_PER_AREA_UNIT[asset.unit];
  const areaMin = number(filters.area_min);
  const areaMax = number(filters.area_max);
  // A millionth of a square metre of slack: the server compares exact decimals, this compares floating point.
  if (areaMin !== undefined && areaInSqm < areaMin * perUnit - 1e-6) return false;
  if (areaMax !== undefined && areaInSqm > areaMax * perUnit + 1e-6) return false;
  const valuationMin = number(filters.valuation_min);
  const valuationMax = number(filters.valuation_max);
  if (valuationMin !== undefined && asset.valuation < valuationMin) return false;
  if (valuationMax !== undefined && asset.valuation > valuationMax) return false;
  return true;
}
