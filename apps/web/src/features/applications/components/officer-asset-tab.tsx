/** Asset: the land, plot, shed or building the application is for. */
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRupees, NOT_AVAILABLE, type Asset } from '@portal/contract';
import { Card } from '../../../components/ui/card';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DefinitionList } from './definition-list';

const TONES = { available: 'green', reserved: 'amber', allotted: 'blue', other: 'grey' } as const;

export function AssetTab({ asset }: { asset: QueryLike<Asset> }) {
  const { t } = useTranslation('officer-applications');
  return (
    <QueryState query={asset} errorMessage={t('asset.unavailable')}>
      {(item) => (
        <Card>
          <DefinitionList
            items={[
              [t('asset.code'), item.asset_code],
              [t('asset.type'), t(`assetTypes.${item.type}`)],
              [t('asset.category'), item.category_id],
              [t('asset.zone'), item.zone],
              [t('asset.location'), item.location],
              [t('asset.survey'), item.survey_number],
              [t('asset.plot'), item.plot_number ?? NOT_AVAILABLE],
              [t('asset.totalArea'), `${formatNumber(item.total_area)} ${item.unit}`],
              [t('asset.availableArea'), `${formatNumber(item.available_area)} ${item.unit}`],
              [t('asset.valuation'), formatRupees(item.valuation)],
              [t('asset.status'), <StatusBadge key="status" status={item.status} tone={TONES[item.status]} />],
            ]}
          />
        </Card>
      )}
    </QueryState>
  );
}
