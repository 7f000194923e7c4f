/** The application wizard's part of a scheme (/applications/new?scheme=<id>, decision 018): the scheme and the
 * deposits applying in it raises, and the choice of a plot among the scheme's own. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, formatRupees, ROUTES, SCHEME_RULES, type Scheme } from '@portal/contract';
import { cn } from '../../../../components/ui/cn';

/** The scheme being applied in, what applying costs, and whether it takes applications now. */
export function SchemeApplyCard({ scheme }: { scheme: Scheme }) {
  const { t } = useTranslation('scheme-apply');
  return (
    <section
      aria-labelledby="scheme-apply-title"
      className="mb-6 rounded-lg border-2 border-brand-700 bg-brand-50 p-4"
      data-testid="scheme-apply"
    >
      <h2 id="scheme-apply-title" className="text-lg font-semibold text-slate-900">
        {t('title', { title: scheme.title, number: scheme.scheme_number })}
      </h2>
      <p className="mt-1 text-slate-800">
        {t('how', {
          mode: t(`modes.${scheme.mode}`),
          opens: formatDateTime(scheme.opens_at),
          closes: formatDateTime(scheme.closes_at),
        })}
      </p>
      <p className="mt-2 text-slate-800">
        {scheme.mode === 'auction'
          ? t('auctionDeposits', {
              share: formatNumber(SCHEME_RULES.auctionEmdShare * 100),
              fee: formatRupees(scheme.participation_fee ?? SCHEME_RULES.participationFee),
            })
          : t('usualDeposits')}
      </p>
      <p className="mt-2 font-medium text-slate-900" data-testid="scheme-apply-deadline">
        {t('deadline', { closes: formatDateTime(scheme.closes_at) })}
      </p>
      {!scheme.accepting && (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {t('notAccepting')}
        </p>
      )}
      <p className="mt-2">
        <Link
          to={ROUTES.schemeDetail.path.replace(':id', scheme.id)}
          className="inline-flex min-h-11 items-center text-brand-800 underline"
        >
          {t('rulesLink')}
        </Link>
      </p>
    </section>
  );
}

/** The scheme's plots as the wizard's first step: one may apply only for one of them. */
export function SchemePlotChoice({
  scheme,
  value,
  error,
  onChange,
}: {
  scheme: Scheme;
  value: string | undefined;
  error: string | undefined;
  onChange: (assetId: string) => void;
}) {
  const { t } = useTranslation('scheme-apply');
  return (
    <fieldset id="asset" tabIndex={-1} aria-describedby={error ? 'asset-error' : undefined}>
      <legend className="mb-3 text-lg font-semibold text-slate-900">{t('plotsLegend')}</legend>
      {error && (
        <p id="asset-error" className="mb-3 font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        {scheme.plots.map((plot) => {
          const checked = plot.asset_id === value;
          return (
            <label
              key={plot.id}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border bg-white p-4 hover:border-brand-600',
                checked ? 'border-2 border-brand-700 bg-brand-50' : 'border-slate-300',
              )}
            >
              <input
                type="radio"
                name="asset"
                value={plot.asset_id}
                checked={checked}
                onChange={() => onChange(plot.asset_id)}
                className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                aria-label={`${plot.asset_code}, ${plot.location}, ${plot.zone}`}
              />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{plot.asset_code}</span>
                <span className="block text-sm text-slate-700">
                  {t('where', { zone: plot.zone, location: plot.location })}
                </span>
                <span className="block text-sm text-slate-700">
                  {formatNumber(plot.total_area)} {t(`applications:units.${plot.unit}`, { defaultValue: plot.unit })}
                </span>
                {plot.reserved_for && (
                  <span className="block text-sm text-slate-700">
                    {t('reservedFor', { category: t(`applications:applicantCategories.${plot.reserved_for}`) })}
                  </span>
                )}
                {scheme.mode === 'auction' && plot.reserve_price !== null && (
                  <span className="block text-sm text-slate-800">
                    {t('reserveAndEmd', {
                      reserve: formatRupees(plot.reserve_price),
                      emd: formatRupees(plot.emd),
                    })}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
