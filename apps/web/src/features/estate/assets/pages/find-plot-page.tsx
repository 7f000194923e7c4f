/** Find a plot (entrepreneurs): the asset finder's filters, the chosen zone's plot map with the plots the filters
 * leave out faded, and the available assets that match as cards. Choosing an available plot, on the map or from a
 * card, opens the New Application wizard with it (`/applications/new?asset=<id>`). */
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import { ASSET_LIST, ROUTES, type Asset } from '@portal/contract';
import { useAvailableAssetPage } from '../../../../api/assets';
import { AssetCard } from '../../components/asset-finder/asset-facts';
import { AssetFilters } from '../../components/asset-finder/asset-filters';
import { assetMatchesFilters } from '../../components/asset-finder/asset-filter-match';
import { ZonePlotMap } from '../../components/asset-finder/plot-map';
import { PagedList } from '../../../../components/paged-list';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { useListParams } from '../../../../lib/use-list-params';

/** The wizard, opened on an asset. */
const applyPath = (asset: Pick<Asset, 'id'>) => `${ROUTES.newApplication.path}?asset=${encodeURIComponent(asset.id)}`;

export default function FindPlotPage() {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const list = useListParams(ASSET_LIST, { limit: 12 });
  const assets = useAvailableAssetPage(list.query);
  useFailureToast(assets.isError, t('findPlot.loadFailed'), 'find-plot-load-failed');

  const isAvailable = (asset: Asset) => asset.status === 'available';
  const applyLink = (asset: Asset, withCode = false) => (
    <Link
      to={applyPath(asset)}
      className={buttonClasses('primary', 'sm')}
      aria-label={withCode ? t('findPlot.applyFor', { code: asset.asset_code }) : undefined}
    >
      {t('findPlot.apply')}
    </Link>
  );

  return (
    <>
      <PageHeader title={t('findPlot.title')} subtitle={t('findPlot.subtitle')} />
      <AssetFilters list={list} idPrefix="find-plot" show={{ search: true, category: false, sort: true }} />
      <Card className="mb-6">
        <ZonePlotMap
          zone={list.filters.zone}
          canSelect={isAvailable}
          matches={(asset) => assetMatchesFilters(asset, { ...list.filters, q: list.q })}
          onSelect={(asset) => void navigate(applyPath(asset))}
          renderAction={(asset) =>
            isAvailable(asset) ? (
              applyLink(asset)
            ) : (
              <p className="text-sm text-slate-700">{t('findPlot.notAvailable')}</p>
            )
          }
        />
      </Card>
      <section aria-labelledby="find-plot-list-heading">
        <h2 id="find-plot-list-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t('findPlot.listHeading')}
        </h2>
        <PagedList
          query={assets}
          list={list}
          errorMessage={t('findPlot.loadFailed')}
          emptyMessage={t('findPlot.empty')}
          clearFiltersLabel={t('findPlot.clear')}
        >
          {(items) => (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {items.map((asset) => (
                <li key={asset.id} className="flex">
                  <AssetCard
                    asset={asset}
                    className="w-full"
                    action={
                      <div className="flex flex-wrap gap-2">
                        {applyLink(asset, true)}
                        {asset.map && asset.zone !== list.filters.zone && (
                          <Button
                            variant="secondary"
                            size="sm"
                            icon={<MapPin aria-hidden="true" className="h-4 w-4" />}
                            aria-label={t('findPlot.showOnMapFor', { code: asset.asset_code })}
                            onClick={() => list.setFilter('zone', asset.zone)}
                          >
                            {t('findPlot.showOnMap')}
                          </Button>
                        )}
                      </div>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </section>
    </>
  );
}
