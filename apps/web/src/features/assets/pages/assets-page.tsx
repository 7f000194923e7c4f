/** The Assets screen (ho, admin): the assets a page at a time with their status colour, searched, filtered (status,
 * zone, type) and sorted by column on the server, the Add Asset dialog and the CSV import. */
import { useTranslation } from 'react-i18next';
import {
  ASSET_LIST,
  ASSET_STATUSES,
  ASSET_TYPES,
  formatNumber,
  formatRupees,
  type Asset,
  type AssetStatus,
} from '@portal/contract';
import { useAssetPage } from '../../../api/assets';
import { DebouncedInput } from '../../../components/debounced-input';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedList } from '../../../components/paged-list';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { useListParams } from '../../../lib/use-list-params';
import { AddAssetDialog } from '../components/add-asset-dialog';
import { AssetStatusBadge } from '../components/asset-status-badge';
import { ImportAssetsDialog } from '../components/import-assets-dialog';
import { useFailureToast } from '../../../lib/use-failure-toast';

const ALL = 'all';

export default function AssetsPage() {
  const { t } = useTranslation('assets');
  const list = useListParams(ASSET_LIST);
  const assets = useAssetPage(list.query);

  useFailureToast(assets.isError, t('loadFailed'), 'assets-load-failed');

  const area = (value: number, asset: Asset) => `${formatNumber(value)} ${t(`units.${asset.unit}`)}`;
  const columns: Column<Asset>[] = [
    {
      key: 'code',
      header: t('columns.asset_code'),
      sortBy: 'asset_code',
      cell: (asset) => <span className="font-medium">{asset.asset_code}</span>,
    },
    { key: 'type', header: t('columns.type'), sortBy: 'type', cell: (asset) => t(`types.${asset.type}`) },
    { key: 'zone', header: t('columns.zone'), sortBy: 'zone', cell: (asset) => asset.zone },
    { key: 'location', header: t('columns.location'), cell: (asset) => asset.location },
    { key: 'survey', header: t('columns.survey_number'), cell: (asset) => asset.survey_number },
    { key: 'plot', header: t('columns.plot_number'), cell: (asset) => asset.plot_number ?? '—' },
    {
      key: 'total',
      header: t('columns.total_area'),
      numeric: true,
      sortBy: 'total_area',
      sortDescendingFirst: true,
      cell: (asset) => area(asset.total_area, asset),
    },
    {
      key: 'available',
      header: t('columns.available_area'),
      numeric: true,
      sortBy: 'available_area',
      sortDescendingFirst: true,
      cell: (asset) => area(asset.available_area, asset),
    },
    {
      key: 'valuation',
      header: t('columns.valuation'),
      numeric: true,
      sortBy: 'valuation',
      sortDescendingFirst: true,
      cell: (asset) => formatRupees(asset.valuation),
    },
    { key: 'category', header: t('columns.category_id'), cell: (asset) => asset.category_id },
    {
      key: 'status',
      header: t('columns.status'),
      sortBy: 'status',
      cell: (asset) => <AssetStatusBadge status={asset.status} />,
    },
  ];

  const status = (ASSET_STATUSES as readonly string[]).includes(list.filters.status ?? '')
    ? (list.filters.status as AssetStatus)
    : ALL;
  const type = (ASSET_TYPES as readonly string[]).includes(list.filters.type ?? '') ? list.filters.type! : ALL;

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <ImportAssetsDialog />
            <AddAssetDialog />
          </>
        }
      />
      <ListToolbar
        searchId="asset-search"
        statusId="asset-status-filter"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        searchHint={t('filters.searchHint')}
        statusLabel={t('filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={status}
        onStatusChange={(value) => list.setFilter('status', value === ALL ? undefined : value)}
        statusOptions={[
          { value: ALL, label: t('filters.allStatuses') },
          ...ASSET_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        ]}
      >
        <Field id="asset-zone-filter" label={t('filters.zone')}>
          <DebouncedInput
            value={list.filters.zone ?? ''}
            placeholder={t('filters.zonePlaceholder')}
            maxLength={60}
            onCommit={(zone) => list.setFilter('zone', zone)}
          />
        </Field>
        <Field id="asset-type-filter" label={t('filters.type')}>
          <Select
            value={type}
            onChange={(event) => list.setFilter('type', event.target.value === ALL ? undefined : event.target.value)}
          >
            <option value={ALL}>{t('filters.allTypes')}</option>
            {ASSET_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
      </ListToolbar>
      <PagedList
        query={assets}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={t('empty')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => (
          <DataTable
            caption={t('caption')}
            columns={columns}
            rows={items}
            rowKey={(asset) => asset.id}
            sort={list.sort}
            onSortChange={(value) => list.setSort(value as typeof list.sort)}
          />
        )}
      </PagedList>
    </>
  );
}
