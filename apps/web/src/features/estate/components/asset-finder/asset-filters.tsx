/** The asset finder's filter bar, kept in the URL through useListParams over the contract's ASSET_LIST: search,
 * zone (from the zones that hold assets), type, status, category, an area range in a chosen unit, a valuation range
 * and the sort. The server filters and sorts; a range whose first figure is above its second is shown as a mistake
 * beside it and not sent. */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_LIST, ASSET_STATUSES, ASSET_TYPES, ASSET_UNITS, type AssetUnit } from '@portal/contract';
import { useZones } from '../../../../api/assets';
import { afterPause, ALL_CHOICE, type ListParamsState } from '../../../../lib/use-list-params';
import { ChoiceFilter } from '../../../../components/choice-filter';
import { DebouncedInput } from '../../../../components/debounced-input';
import { SortSelect } from '../../../../components/sort-select';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../components/ui/cn';
import { Field } from '../../../../components/ui/field';
import { Input, Select } from '../../../../components/ui/input';

export type AssetSort = (typeof ASSET_LIST.sort)[number];
export type AssetSortValue = AssetSort | `-${AssetSort}`;
export type AssetFilter = keyof typeof ASSET_LIST.filters;
/** useListParams(ASSET_LIST)'s answer. */
export type AssetListState = ListParamsState<AssetSort, AssetFilter>;

/** The orders offered by default: the ones a person choosing a plot asks for. */
export const ASSET_SORT_CHOICES: readonly AssetSortValue[] = [
  'asset_code',
  'zone',
  '-zone',
  'total_area',
  '-total_area',
  'valuation',
  '-valuation',
];

export interface AssetFiltersProps {
  list: AssetListState;
  /** Put before every control's id, so two bars on one page do not clash. */
  idPrefix?: string;
  /** Which controls to show; the zone, type, area and valuation always are. */
  show?: { search?: boolean; status?: boolean; category?: boolean; sort?: boolean };
  sortChoices?: readonly AssetSortValue[];
  className?: string;
}

type RangeCheck = { min?: string; max?: string; error?: 'notANumber' | 'rangeOrder' };

/** Reads the two boxes of a range: each empty or a number 0 or more, the first not above the second. */
export function checkRange(minText: string, maxText: string): RangeCheck {
  const min = minText.trim();
  const max = maxText.trim();
  const valid = (text: string) => text === '' || (/^\d*\.?\d*$/.test(text) && text !== '.');
  if (!valid(min) || !valid(max)) return { error: 'notANumber' };
  if (min !== '' && max !== '' && Number(min) > Number(max)) return { error: 'rangeOrder' };
  return { min: min || undefined, max: max || undefined };
}

interface RangeFilterProps {
  id: string;
  legend: string;
  min: string | undefined;
  max: string | undefined;
  onCommit: (min: string | undefined, max: string | undefined) => void;
  /** A control after the two boxes (the area's unit). */
  extra?: ReactNode;
}

/** Two number boxes, From and To, sent together after a pause once they make a range. */
function RangeFilter({ id, legend, min, max, onCommit, extra }: RangeFilterProps) {
  const { t } = useTranslation('asset-finder');
  const [minText, setMinText] = useState(min ?? '');
  const [maxText, setMaxText] = useState(max ?? '');
  const committed = useRef({ min, max });
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // A change from outside (back button, Clear filters) replaces what the boxes hold.
  useEffect(() => {
    if (min !== committed.current.min || max !== committed.current.max) {
      committed.current = { min, max };
      setMinText(min ?? '');
      setMaxText(max ?? '');
    }
  }, [min, max]);

  const check = checkRange(minText, maxText);
  useEffect(() => {
    if (check.error) return undefined;
    if (check.min === committed.current.min && check.max === committed.current.max) return undefined;
    return afterPause(() => {
      committed.current = { min: check.min, max: check.max };
      commit.current(check.min, check.max);
    });
  }, [check.error, check.min, check.max]);

  const errorId = `${id}-error`;
  const box = (which: 'min' | 'max') => (
    <div className="min-w-0 flex-1 space-y-1">
      <label htmlFor={`${id}-${which}`} className="block text-sm text-slate-700">
        {t(which === 'min' ? 'filters.from' : 'filters.to')}
      </label>
      <Input
        id={`${id}-${which}`}
        inputMode="decimal"
        autoComplete="off"
        value={which === 'min' ? minText : maxText}
        aria-invalid={check.error ? true : undefined}
        aria-describedby={check.error ? errorId : undefined}
        onChange={(event) => (which === 'min' ? setMinText : setMaxText)(event.target.value)}
      />
    </div>
  );

  return (
    <fieldset className={cn('min-w-0 space-y-1', check.error && 'border-l-4 border-red-700 pl-3')}>
      <legend className="font-medium text-slate-900">{legend}</legend>
      {check.error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {t(`filters.${check.error}`)}
        </p>
      )}
      <div className="flex items-end gap-2">
        {box('min')}
        {box('max')}
        {extra}
      </div>
    </fieldset>
  );
}

export function AssetFilters({
  list,
  idPrefix = 'asset-filter',
  show = {},
  sortChoices = ASSET_SORT_CHOICES,
  className,
}: AssetFiltersProps) {
  const { t } = useTranslation('asset-finder');
  const zones = useZones();
  const fallbackId = useId();
  const id = (name: string) => `${idPrefix || fallbackId}-${name}`;
  const { search = true, status: showStatus = false, category = false, sort = true } = show;

  const zone = list.filters.zone;
  const zoneChoices = [...(zones.data?.zones ?? [])];
  if (zone && !zoneChoices.includes(zone)) zoneChoices.unshift(zone);
  const unit: AssetUnit = (list.filters.area_unit as AssetUnit | undefined) ?? 'sqm';

  return (
    <div
      role="group"
      aria-label={t('filters.label')}
      className={cn('mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4', className)}
    >
      {search && (
        <Field id={id('search')} label={t('filters.search')} hint={t('filters.searchHint')} className="lg:col-span-2">
          <Input
            type="search"
            placeholder={t('filters.searchPlaceholder')}
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
          />
        </Field>
      )}
      <ChoiceFilter
        id={id('zone')}
        label={t('filters.zone')}
        allLabel={t('filters.allZones')}
        value={zone ?? ALL_CHOICE}
        choices={zoneChoices}
        labelOf={(value) => value}
        onChange={(value) => list.setChoice('zone', value)}
      />
      <ChoiceFilter
        id={id('type')}
        label={t('filters.type')}
        allLabel={t('filters.allTypes')}
        value={list.choice('type', ASSET_TYPES)}
        choices={ASSET_TYPES}
        labelOf={(value) => t(`types.${value}`)}
        onChange={(value) => list.setChoice('type', value)}
      />
      {showStatus && (
        <ChoiceFilter
          id={id('status')}
          label={t('filters.status')}
          allLabel={t('filters.allStatuses')}
          value={list.choice('status', ASSET_STATUSES)}
          choices={ASSET_STATUSES}
          labelOf={(value) => t(`statuses.${value}`)}
          onChange={(value) => list.setChoice('status', value)}
        />
      )}
      {category && (
        <Field id={id('category')} label={t('filters.category')}>
          <DebouncedInput
            value={list.filters.category ?? ''}
            placeholder={t('filters.categoryPlaceholder')}
            maxLength={60}
            onCommit={(value) => list.setFilter('category', value)}
          />
        </Field>
      )}
      <RangeFilter
        id={id('area')}
        legend={t('filters.area')}
        min={list.filters.area_min}
        max={list.filters.area_max}
        onCommit={(min, max) => list.setFilters({ area_min: min, area_max: max })}
        extra={
          <div className="w-28 shrink-0 space-y-1">
            <label htmlFor={id('area-unit')} className="block text-sm text-slate-700">
              {t('filters.areaUnit')}
            </label>
            <Select
              id={id('area-unit')}
              value={unit}
              onChange={(event) =>
                list.setFilter('area_unit', event.target.value === 'sqm' ? undefined : event.target.value)
              }
            >
              {ASSET_UNITS.map((value) => (
                <option key={value} value={value}>
                  {t(`units.${value}`)}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      <RangeFilter
        id={id('valuation')}
        legend={t('filters.valuation')}
        min={list.filters.valuation_min}
        max={list.filters.valuation_max}
        onCommit={(min, max) => list.setFilters({ valuation_min: min, valuation_max: max })}
      />
      {sort && (
        <SortSelect
          id={id('sort')}
          label={t('filters.sort')}
          value={list.sort}
          onChange={(value) => list.setSort(value)}
          options={(sortChoices.includes(list.sort) ? sortChoices : [list.sort, ...sortChoices]).map((value) => ({
            value,
            label: t(`sort.${value}`, { defaultValue: value }),
          }))}
        />
      )}
      {list.isFiltered && (
        <div className="flex items-end">
          <Button variant="secondary" onClick={list.clear}>
            {t('filters.clear')}
          </Button>
        </div>
      )}
    </div>
  );
}
