/** Asset: the land, plot, shed or building applied for (its facts are also printed by the print view). */
import type { ReactNode } from 'react';
import { formatNumber, formatRupees, statusLabel, type Asset, type Role } from '@portal/contract';
import { Card } from '../../../../components/ui/card';
import { QueryState, type QueryLike } from '../../../../components/ui/query-state';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { useViewerText } from '../lib/viewer';
import { DefinitionGrid } from './definition-grid';
import { ASSET_TONES } from './status-tones';

/** The asset's facts; its status in words unless `status` shows it otherwise (a badge on screen). */
export function assetItems(
  asset: Asset,
  t: (key: string, options?: Record<string, unknown>) => string,
  status: ReactNode = statusLabel(asset.status),
): Array<[string, ReactNode]> {
  return [
    [t('detail.fields.assetCode'), asset.asset_code],
    [t('detail.fields.assetType'), t(`assetTypes.${asset.type}`)],
    // A category is a short code the corporation types (msme, food-processing): the known ones in words.
    [t('detail.fields.category'), t(`assetCategories.${asset.category_id}`, { defaultValue: asset.category_id })],
    [t('detail.fields.zone'), asset.zone],
    [t('detail.fields.location'), asset.location],
    [t('detail.fields.surveyNumber'), asset.survey_number],
    [t('detail.fields.plotNumber'), asset.plot_number ?? t('notAvailable')],
    [t('detail.fields.totalArea'), `${formatNumber(asset.total_area)} ${t(`units.${asset.unit}`)}`],
    [t('detail.fields.availableArea'), `${formatNumber(asset.available_area)} ${t(`units.${asset.unit}`)}`],
    [t('detail.fields.valuation'), formatRupees(asset.valuation)],
    [t('detail.fields.assetStatus'), status],
  ];
}

export function AssetTab({ asset, role }: { asset: QueryLike<Asset>; role: Role }) {
  const t = useViewerText(role);
  return (
    <Card>
      <QueryState query={asset} errorMessage={t('detail.assetLoadFailed')}>
        {(data) => (
          <DefinitionGrid
            items={assetItems(data, t, <StatusBadge status={data.status} tone={ASSET_TONES[data.status]} />)}
          />
        )}
      </QueryState>
    </Card>
  );
}
