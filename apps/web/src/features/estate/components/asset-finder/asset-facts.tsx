/** An asset's facts as a person choosing a plot reads them: zone, location, area, what of it is available, valuation
 * and status (a held asset has none available). Used by the asset cards and the plot map's panel. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRupees, type Asset } from '@portal/contract';
import { cn } from '../../../../components/ui/cn';
import { AssetStatusLabel } from './asset-status';

export function useAreaText() {
  const { t } = useTranslation('asset-finder');
  return (value: number, asset: Pick<Asset, 'unit'>) => `${formatNumber(value)} ${t(`units.${asset.unit}`)}`;
}

export interface AssetFactsProps {
  asset: Asset;
  /** Also list the survey and plot numbers and the place on the map. */
  detailed?: boolean;
  className?: string;
}

export function AssetFacts({ asset, detailed = false, className }: AssetFactsProps) {
  const { t } = useTranslation('asset-finder');
  const area = useAreaText();
  const rows: [string, ReactNode][] = [
    [t('card.zone'), asset.zone],
    [t('card.location'), asset.location],
    [t('card.area'), area(asset.total_area, asset)],
    [t('card.available'), asset.available_area > 0 ? area(asset.available_area, asset) : t('card.noneAvailable')],
    [t('card.valuation'), formatRupees(asset.valuation)],
    [t('card.status'), <AssetStatusLabel key="status" status={asset.status} />],
  ];
  if (detailed) {
    rows.push([t('card.survey'), asset.survey_number]);
    if (asset.plot_number) rows.push([t('card.plot'), asset.plot_number]);
    rows.push([t('card.onMap'), asset.map ? t('card.cell', { x: asset.map.x, y: asset.map.y }) : t('card.notOnMap')]);
  }
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm', className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface AssetCardProps {
  asset: Asset;
  /** The card's action (a link or button to choose the asset). */
  action?: ReactNode;
  className?: string;
}

/** One asset as a card: its code and type as the heading, its facts, and an action. */
export function AssetCard({ asset, action, className }: AssetCardProps) {
  const { t } = useTranslation('asset-finder');
  return (
    <article
      aria-labelledby={`asset-card-${asset.id}`}
      className={cn('flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm', className)}
    >
      <h3 id={`asset-card-${asset.id}`} className="font-semibold text-slate-900">
        {asset.asset_code} <span className="font-normal text-slate-600">· {t(`types.${asset.type}`)}</span>
      </h3>
      <AssetFacts asset={asset} />
      {action && <div className="mt-auto">{action}</div>}
    </article>
  );
}
