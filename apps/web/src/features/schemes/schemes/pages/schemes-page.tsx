/** /schemes (entrepreneurs): the schemes taking applications now, and those together with the ones one applied in
 * (all an entrepreneur may see), each a card with its mode, window and number of plots, a page at a time. */
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, SCHEME_LIST, type SchemeSummary } from '@portal/contract';
import { PagedList } from '../../../../components/paged-list';
import { buttonClasses } from '../../../../components/ui/button';
import { PageHeader } from '../../../../components/ui/page-header';
import { Tabs } from '../../../../components/ui/tabs';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { useListParams } from '../../../../lib/use-list-params';
import { useSchemesPage } from '../../../../api/schemes';
import { SchemeStatusBadge, schemePaths, useSchemeWords } from '../components/scheme-bits';

const VIEWS = ['open', 'all'] as const;
type View = (typeof VIEWS)[number];
const OPEN_ONLY = { accepting: 'true' };

function SchemeCard({ scheme }: { scheme: SchemeSummary }) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{scheme.title}</h2>
        <SchemeStatusBadge status={scheme.status} />
      </div>
      <dl className="grid gap-2 text-slate-800 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('cards.number')}</dt>
          <dd>{scheme.scheme_number}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('cards.mode')}</dt>
          <dd>{words.mode(scheme.mode)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('cards.window')}</dt>
          <dd>{words.window(scheme.opens_at, scheme.closes_at)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('cards.plots')}</dt>
          <dd>{formatNumber(scheme.plot_count)}</dd>
        </div>
        {scheme.mode === 'auction' && scheme.auction_starts_at && scheme.auction_ends_at && (
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-slate-700">{t('cards.bidding')}</dt>
            <dd>
              {t('window', {
                opens: formatDateTime(scheme.auction_starts_at),
                closes: formatDateTime(scheme.auction_ends_at),
              })}
            </dd>
          </div>
        )}
      </dl>
      <div>
        <Link
          to={schemePaths.detail(scheme.id)}
          className={buttonClasses('secondary')}
          aria-label={t('cards.viewScheme', { title: scheme.title })}
        >
          {t('cards.view')}
        </Link>
      </div>
    </li>
  );
}

function SchemeCards({ view }: { view: View }) {
  const { t } = useTranslation('schemes');
  const list = useListParams(SCHEME_LIST, { prefix: `${view}_`, fixed: view === 'open' ? OPEN_ONLY : undefined });
  const schemes = useSchemesPage(list.query);
  useFailureToast(schemes.isError, t('loadFailed'), `schemes-${view}-load-failed`);
  return (
    <PagedList
      query={schemes}
      list={list}
      errorMessage={t('loadFailed')}
      emptyMessage={t(`entrepreneur.empty.${view}`)}
      clearFiltersLabel={t('filters.clear')}
    >
      {(items) => (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t(`entrepreneur.tabs.${view}`)}>
          {items.map((scheme) => (
            <SchemeCard key={scheme.id} scheme={scheme} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

export default function SchemesPage() {
  const { t } = useTranslation('schemes');
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('view');
  const view: View = VIEWS.includes(asked as View) ? (asked as View) : 'open';
  return (
    <>
      <PageHeader title={t('entrepreneur.title')} subtitle={t('entrepreneur.subtitle')} />
      <Tabs
        label={t('entrepreneur.tabsLabel')}
        value={view}
        onValueChange={(next) => setSearchParams(next === 'open' ? {} : { view: next })}
        tabs={VIEWS.map((value) => ({
          value,
          label: t(`entrepreneur.tabs.${value}`),
          content: <SchemeCards view={value} />,
        }))}
      />
    </>
  );
}
