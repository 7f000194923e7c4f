// The asset finder's contract: the asset list's area and valuation ranges (a first figure above the second is
// refused), and a plot's place on its zone's map (four whole cells from 1, inside the 40 x 40 grid, all or none).
import { describe, expect, it } from 'vitest';
import { assetListQuerySchema, SQM_PER_AREA_UNIT } from './listing';
import {
  ASSET_MAP_GRID_SIZE,
  assetMapPositionSchema,
  createAssetRequestSchema,
  mapPositionsOverlap,
  updateAssetRequestSchema,
} from './schemas';

describe('asset list ranges', () => {
  it('reads the bounds as numbers 0 or more, and the area unit as one of the asset units', () => {
    expect(
      assetListQuerySchema.parse({ area_min: '1000', area_max: '2000.5', area_unit: 'sqft', valuation_min: '0' }),
    ).toMatchObject({ area_min: 1000, area_max: 2000.5, area_unit: 'sqft', valuation_min: 0 });
    for (const query of [{ area_min: '-1' }, { valuation_max: 'lots' }, { area_unit: 'hectares' }]) {
      expect(assetListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('refuses a minimum above its maximum, naming the minimum, and takes equal bounds', () => {
    const refused = assetListQuerySchema.safeParse({ area_min: '5000', area_max: '100' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['area_min', 'area_min must not be more than area_max'],
    ]);
    expect(assetListQuerySchema.safeParse({ valuation_min: '2', valuation_max: '1' }).success).toBe(false);
    expect(assetListQuerySchema.safeParse({ area_min: '5', area_max: '5' }).success).toBe(true);
    expect(assetListQuerySchema.safeParse({ area_min: '5' }).success).toBe(true);
  });

  it('converts each unit to square metres', () => {
    expect(SQM_PER_AREA_UNIT.sqm).toBe(1);
    expect(10_000 * SQM_PER_AREA_UNIT.sqft).toBeCloseTo(929.0304, 6);
    expect(SQM_PER_AREA_UNIT.acres).toBeCloseTo(4046.8564224, 7);
  });
});

describe("a plot's place on its zone's map", () => {
  it('is four whole cells from 1 that end inside the grid', () => {
    expect(ASSET_MAP_GRID_SIZE).toBe(40);
    expect(assetMapPositionSchema.safeParse({ x: 1, y: 1, w: 40, h: 40 }).success).toBe(true);
    expect(assetMapPositionSchema.safeParse({ x: 40, y: 40, w: 1, h: 1 }).success).toBe(true);
    for (const map of [
      { x: 0, y: 1, w: 1, h: 1 },
      { x: 1, y: 1, w: 0, h: 1 },
      { x: 1.5, y: 1, w: 1, h: 1 },
      { x: 40, y: 1, w: 2, h: 1 },
      { x: 1, y: 39, w: 1, h: 3 },
      { x: 1, y: 1, w: 1 },
    ]) {
      expect(assetMapPositionSchema.safeParse(map).success, JSON.stringify(map)).toBe(false);
    }
  });

  it('is optional on a new asset (null when left out) and can be cleared by an edit', () => {
    const base = {
      asset_code: 'X-1',
      category_id: 'msme',
      zone: 'Z',
      location: 'L',
      survey_number: '1/1',
      total_area: 10,
      available_area: 10,
      valuation: 100,
    };
    expect(createAssetRequestSchema.parse(base).map).toBeNull();
    expect(createAssetRequestSchema.parse({ ...base, map: { x: 2, y: 3, w: 4, h: 5 } }).map).toEqual({
      x: 2,
      y: 3,
      w: 4,
      h: 5,
    });
    expect(updateAssetRequestSchema.parse({ map: null })).toEqual({ map: null });
    expect(updateAssetRequestSchema.safeParse({ status: 'allotted' }).success).toBe(false);
    expect(updateAssetRequestSchema.safeParse({}).success).toBe(false);
  });

  it('overlaps another only when they share a cell', () => {
    const a = { x: 1, y: 1, w: 3, h: 2 };
    expect(mapPositionsOverlap(a, { x: 3, y: 2, w: 1, h: 1 })).toBe(true);
    expect(mapPositionsOverlap(a, { x: 4, y: 1, w: 1, h: 1 })).toBe(false);
    expect(mapPositionsOverlap(a, { x: 1, y: 3, w: 3, h: 1 })).toBe(false);
  });
});
