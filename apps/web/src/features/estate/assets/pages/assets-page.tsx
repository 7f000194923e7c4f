/** The Assets screen (ho, admin): the assets a page at a time with their status colour, searched, filtered (status,
 * zone, type, category, area and valuation ranges) and sorted on the server, or a zone's plot map with the plots the
 * filters leave out faded; the Add Asset and Edit Asset dialogs and the CSV import. */
import { memo, useCallback, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { ASSET_LIST, formatNumber, formatRupees, type Asset } from '@portal/contract';
import { useAssetPage } from '../../../../api/assets';
import { AssetFilters } from '../../components/asset-finder/asset-filters';
import { assetMatchesFilters } from '../../components/asset-finder/asset-filter-match';
import { ZonePlotMap } from '../../components/asset-finder/plot-map';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { Button } from '../../../../components/ui/button';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { Tabs } from '../../../../components/ui/tabs';
import { useListParams } from '../../../../lib/use-list-params';
import { AddAssetDialog } from '../components/add-asset-dialog';
import { AssetStatusBadge } from '../components/asset-status-badge';
import { EditAssetDialog } from '../components/edit-asset-dialog';
import { ImportAssetsDialog } from '../components/import-assets-dialog';
import { useFailureToast } from '../../../../lib/use-failure-toast';

type View = 'list' | 'map';

/** The table of one page. Kept while its rows and sort are the same: each key typed into the search draws the page
 * again, and every row drawn again per key cost most of a frame. */
const AssetTable = memo(function AssetTable({
  rows,
  sort,
  onSortChange,
  editButton,
}: {
  rows: Asset[];
  sort: string;
  onSortChange: (sort: string) => void;
  editButton: (asset: Asset) => ReactNode;
}) {
  const { t } = useTranslation('assets');
  const area = (value: number, asset: Asset) => `${formatNumber(value)} ${t(`units.${asset.unit}`)}`;
  // Twelve facts must fit a 1280 px screen, whatever the font and language: narrower gaps between columns, words
  // (not figures, codes or the status) and headers may wrap, and the place (location, survey and plot numbers)
  // shares one column, a line each.
  const wrapping = (words: string) => <span className="whitespace-normal">{words}</span>;
  const columns: Column<Asset>[] = [
    {
      key: 'code',
      header: t('columns.asset_code'),
      sortBy: 'asset_code',
      cell: (asset) => <span className="font-medium">{asset.asset_code}</span>,
    },
    { key: 'type', header: t('columns.type'), sortBy: 'type', cell: (asset) => wrapping(t(`types.${asset.type}`)) },
    { key: 'zone', header: t('columns.zone'), sortBy: 'zone', cell: (asset) => wrapping(asset.zone) },
    {
      key: 'location',
      header: t('columns.location'),
      cell: (asset) => (
        <span className="block min-w-36 whitespace-normal">
          <span className="block">{asset.location}</span>
          <span className="block text-slate-600">
            {t('columns.survey_number')} {asset.survey_number}
          </span>
          <span className="block text-slate-600">
            {t('columns.plot_number')} {asset.plot_number ?? '—'}
          </span>
        </span>
      ),
    },
    {
      key: 'total',
      header: wrapping(t('columns.total_area')),
      numeric: true,
      sortBy: 'total_area',
      sortDescendingFirst: true,
      cell: (asset) => area(asset.total_area, asset),
    },
    {
      key: 'available',
      header: wrapping(t('columns.available_area')),
      numeric: true,
      sortBy: 'available_area',
      sortDescendingFirst: true,
      cell: (asset) => area(asset.available_area, asset),
    },
    {
      key: 'valuation',
      header: wrapping(t('columns.valuation')),
      numeric: true,
      sortBy: 'valuation',
      sortDescendingFirst: true,
      cell: (asset) => formatRupees(asset.valuation),
    },
    {
      key: 'category',
      header: wrapping(t('columns.category_id')),
      cell: (asset) => wrapping(t(`assetCategories.${asset.category_id}`, { defaultValue: asset.category_id })),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortBy: 'status',
      cell: (asset) => <AssetStatusBadge status={asset.status} />,
    },
    { key: 'actions', header: t('columns.actions'), card: 'actions', cell: (asset) => editButton(asset) },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={assetKey}
      compact
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

const assetKey = (asset: Asset) => asset.id;

export default function AssetsPage() {
  const { t } = useTranslation('assets');
  const list = useListParams(ASSET_LIST);
  const sortBy = useSortChange(list.setSort);
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('view') === 'map' ? 'map' : 'list';
  const assets = useAssetPage(list.query);
  const [editing, setEditing] = useState<Asset | null>(null);

  useFailureToast(assets.isError, t('loadFailed'), 'assets-load-failed');

  const setView = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'map') params.set('view', 'map');
        else params.delete('view');
        return params;
      },
      { replace: true },
    );

  // The table's button names its asset; the map's sits under the asset's facts, which name it.
  const editButton = useCallback(
    (asset: Asset, words?: string) => (
      <Button
        variant="secondary"
        size="sm"
        icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
        aria-label={words ? undefined : t('edit.actionLabel', { code: asset.asset_code })}
        onClick={() => setEditing(asset)}
      >
        {words ?? t('edit.action')}
      </Button>
    ),
    [t],
  );

  const listView = (
    <PagedList
      query={assets}
      list={list}
      errorMessage={t('loadFailed')}
      emptyMessage={t('empty')}
      clearFiltersLabel={t('filters.clear')}
    >
      {(items) => <AssetTable rows={items} sort={list.sort} onSortChange={sortBy} editButton={editButton} />}
    </PagedList>
  );
  const mapView = (
    <ZonePlotMap
      zone={list.filters.zone}
      matches={(asset) => assetMatchesFilters(asset, { ...list.filters, q: list.q })}
      onSelect={setEditing}
      renderAction={(asset) => editButton(asset, t('mapView.edit'))}
    />
  );

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
      <AssetFilters
        list={list}
        idPrefix="asset-filter"
        show={{ search: true, status: true, category: true, sort: false }}
      />
      <Tabs
        label={t('views.label')}
        value={view}
        onValueChange={setView}
        tabs={[
          { value: 'list', label: t('views.list'), content: listView },
          { value: 'map', label: t('views.map'), content: mapView },
        ]}
      />
      <EditAssetDialog asset={editing} onClose={() => setEditing(null)} />
    </>
  );
}
