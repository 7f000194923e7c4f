/** The Assets screen (ho, admin): the assets a page at a time with their status colour, searched, filtered (status,
 * zone, type) and sorted by column on the server, the Add Asset dialog and the CSV import. */
import { useTranslation } from 'react-i18next';
import { ASSET_LIST, ASSET_STATUSES, ASSET_TYPES, formatNumber, formatRupees, type Asset } from '@portal/contract';
import { useAssetPage } from '../../../api/assets';
import { DebouncedInput } from '../../../components/debounced-input';
import { ChoiceFilter } from '../../../components/choice-filter';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedList } from '../../../components/paged-list';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Field } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { ALL_CHOICE, useListParams } from '../../../lib/use-list-params';
import { AddAssetDialog } from '../components/add-asset-dialog';
import { AssetStatusBadge } from '../components/asset-status-badge';
import { ImportAssetsDialog } from '../components/import-assets-dialog';
import { useFailureToast } from '../../../lib/use-failure-toast';

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

  const status = list.choice('status', ASSET_STATUSES);
  const type = list.choice('type', ASSET_TYPES);

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
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStatuses') },
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
        <ChoiceFilter
          id="asset-type-filter"
          label={t('filters.type')}
          allLabel={t('filters.allTypes')}
          value={type}
          choices={ASSET_TYPES}
          labelOf={(value) => t(`types.${value}`)}
          onChange={(value) => list.setChoice('type', value)}
        />
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
