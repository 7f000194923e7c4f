/** Asset Info: the asset applied for (also printed by the print view). */
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRupees, statusLabel, type Asset } from '@portal/contract';
import { Card } from '../../../components/ui/card';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { DefinitionGrid } from './definition-grid';

export function assetItems(asset: Asset, t: (key: string) => string): Array<[string, string]> {
  return [
    [t('detail.fields.assetCode'), asset.asset_code],
    [t('detail.fields.assetType'), t(`assetTypes.${asset.type}`)],
    [t('detail.fields.category'), asset.category_id],
    [t('detail.fields.zone'), asset.zone],
    [t('detail.fields.location'), asset.location],
    [t('detail.fields.surveyNumber'), asset.survey_number],
    [t('detail.fields.plotNumber'), asset.plot_number ?? t('notAvailable')],
    [t('detail.fields.totalArea'), `${formatNumber(asset.total_area)} ${asset.unit}`],
    [t('detail.fields.availableArea'), `${formatNumber(asset.available_area)} ${asset.unit}`],
    [t('detail.fields.valuation'), formatRupees(asset.valuation)],
    [t('detail.fields.assetStatus'), statusLabel(asset.status)],
  ];
}

export function AssetTab({ asset }: { asset: QueryLike<Asset> }) {
  const { t } = useTranslation('applications');
  return (
    <Card>
      <QueryState query={asset} errorMessage={t('detail.assetLoadFailed')}>
        {(data) => <DefinitionGrid items={assetItems(data, t)} />}
      </QueryState>
    </Card>
  );
}
