/** The Assets screen (ho, admin): every asset with its status colour, the Add Asset dialog and the CSV import. */
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRupees, type Asset } from '@portal/contract';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAssets } from '../api/assets';
import { AddAssetDialog } from '../components/add-asset-dialog';
import { AssetStatusBadge } from '../components/asset-status-badge';
import { ImportAssetsDialog } from '../components/import-assets-dialog';
import { useFailureToast } from '../../../lib/use-failure-toast';

export default function AssetsPage() {
  const { t } = useTranslation('assets');
  const assets = useAssets();

  useFailureToast(assets.isError, t('loadFailed'), 'assets-load-failed');

  const area = (value: number, asset: Asset) => `${formatNumber(value)} ${t(`units.${asset.unit}`)}`;
  const columns: Column<Asset>[] = [
    {
      key: 'code',
      header: t('columns.asset_code'),
      cell: (asset) => <span className="font-medium">{asset.asset_code}</span>,
    },
    { key: 'type', header: t('columns.type'), cell: (asset) => t(`types.${asset.type}`) },
    { key: 'zone', header: t('columns.zone'), cell: (asset) => asset.zone },
    { key: 'location', header: t('columns.location'), cell: (asset) => asset.location },
    { key: 'survey', header: t('columns.survey_number'), cell: (asset) => asset.survey_number },
    { key: 'plot', header: t('columns.plot_number'), cell: (asset) => asset.plot_number ?? '—' },
    { key: 'total', header: t('columns.total_area'), numeric: true, cell: (asset) => area(asset.total_area, asset) },
    {
      key: 'available',
      header: t('columns.available_area'),
      numeric: true,
      cell: (asset) => area(asset.available_area, asset),
    },
    { key: 'valuation', header: t('columns.valuation'), numeric: true, cell: (asset) => formatRupees(asset.valuation) },
    { key: 'category', header: t('columns.category_id'), cell: (asset) => asset.category_id },
    { key: 'status', header: t('columns.status'), cell: (asset) => <AssetStatusBadge status={asset.status} /> },
  ];

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
      <QueryState query={assets} errorMessage={t('loadFailed')} empty={<EmptyState message={t('empty')} />}>
        {(list) => (
          <>
            <p className="mb-2 text-sm text-slate-600" aria-live="polite">
              {t('count', { count: list.length })}
            </p>
            <DataTable caption={t('caption')} columns={columns} rows={list} rowKey={(asset) => asset.id} />
          </>
        )}
      </QueryState>
    </>
  );
}
