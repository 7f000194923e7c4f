/** The wizard's first step, Select Asset (the available assets a page at a time, each with its fee estimate), and the
 * asset summary the review step shows again. The list, its filters and its pager sit in a region of their own, the
 * cards in a box that scrolls, so the list's "Next page" is never the button just above the wizard's Next; the chosen
 * asset is named again beside the wizard's Next (ChosenAssetLine). The other steps are in ./wizard/. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, formatRupees, ROUTES, type Asset } from '@portal/contract';
import { AssetFilters, type AssetListState } from '../../../estate/components/asset-finder/asset-filters';
import { PagedList, type PagedListProps } from '../../../../components/paged-list';
import { cn } from '../../../../components/ui/cn';
import { AssetFeeLine } from './wizard/fee-estimate';

export function AssetSummary({ asset }: { asset: Asset }) {
  const { t } = useTranslation('applications');
  return (
    <div className="space-y-1">
      <p className="font-semibold text-slate-900">
        {asset.asset_code} · {t(`assetTypes.${asset.type}`)}
      </p>
      <p className="text-slate-700">
        {asset.location}, {asset.zone}
      </p>
      <p className="text-sm text-slate-600">
        {t('wizard.survey')} {asset.survey_number} · {t('wizard.area')} {formatNumber(asset.total_area)}{' '}
        {t(`units.${asset.unit}`)} · {t('wizard.valuation')} {formatRupees(asset.valuation)}
      </p>
    </div>
  );
}

export function SelectAssetStep({
  assets,
  list,
  selected,
  error,
  onSelect,
}: {
  assets: PagedListProps<Asset>['query'];
  list: PagedListProps<Asset>['list'] & AssetListState;
  /** The chosen asset, shown above the list: it may be on another page, or chosen on the map before starting. */
  selected: Asset | undefined;
  error: string | undefined;
  onSelect: (asset: Asset) => void;
}) {
  const { t } = useTranslation('applications');
  const selectedId = selected?.id;
  return (
    <fieldset id="asset" tabIndex={-1} aria-describedby={error ? 'asset-error' : undefined}>
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('wizard.assetsLabel')}</legend>
      {error && (
        <p id="asset-error" className="mb-3 font-medium text-red-700">
          {error}
        </p>
      )}
      {selected && (
        <div role="status" className="mb-4 rounded-lg border-2 border-brand-700 bg-brand-50 p-4">
          <p className="mb-1 text-sm font-semibold text-brand-800">{t('wizard.chosenAsset')}</p>
          <AssetSummary asset={selected} />
        </div>
      )}
      <p className="mb-3">
        <Link to={ROUTES.findPlot.path} className="inline-flex min-h-11 items-center text-brand-800 underline">
          {t('wizard.findOnMap')}
        </Link>
      </p>
      <section
        aria-labelledby="wizard-asset-list-title"
        className="rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4"
      >
        <h3 id="wizard-asset-list-title" className="mb-3 font-semibold text-slate-900">
          {t('wizard.assetListTitle')}
        </h3>
        <AssetFilters list={list} idPrefix="wizard-asset" show={{ search: true, category: true }} />
        <PagedList
          query={assets}
          list={list}
          errorMessage={t('wizard.assetsLoadFailed')}
          emptyMessage={list.isFiltered ? t('wizard.noMatchingAssets') : t('wizard.noAssets')}
          clearFiltersLabel={t('wizard.clearAssetSearch')}
          pagerLabel={t('wizard.assetPages')}
        >
          {(list) => (
            <div className="mb-3 grid max-h-[60vh] gap-3 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 md:grid-cols-2">
              {list.map((asset) => {
                const checked = asset.id === selectedId;
                return (
                  <label
                    key={asset.id}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-lg border bg-white p-4 hover:border-brand-600',
                      checked ? 'border-2 border-brand-700 bg-brand-50' : 'border-slate-300',
                    )}
                  >
                    <input
                      type="radio"
                      name="asset"
                      value={asset.id}
                      checked={checked}
                      onChange={() => onSelect(asset)}
                      className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                      aria-label={`${asset.asset_code}, ${asset.location}, ${asset.zone}`}
                    />
                    <div className="min-w-0">
                      <AssetSummary asset={asset} />
                      <AssetFeeLine valuation={asset.valuation} />
                    </div>
                  </label>
                );
              })}
            </div>
          )}
        </PagedList>
      </section>
    </fieldset>
  );
}

/** The chosen asset in one line, beside the wizard's Next: what Next will go on with. */
export function ChosenAssetLine({ asset }: { asset: Asset | undefined }) {
  const { t } = useTranslation('applications');
  return (
    <p className="text-slate-800 sm:self-center">
      {asset ? (
        <>
          <span className="text-slate-600">{t('wizard.chosenLabel')} </span>
          <span className="font-semibold">
            {asset.asset_code} · {asset.location}, {asset.zone}
          </span>
        </>
      ) : (
        <span className="text-slate-600">{t('wizard.noneChosen')}</span>
      )}
    </p>
  );
}
