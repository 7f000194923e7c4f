/** The page frame: skip link, top navigation (when signed in), the main area (max 1200px) with lazy pages, the footer,
 * and the live region that announces a new page. */
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@portal/contract';
import { Spinner } from '../../components/ui/spinner';
import { RouteAnnouncer } from '../../components/ui/route-focus';
import { AppToaster, RouteToasts } from '../../components/ui/toaster';
import { TopNav } from './top-nav';

function SiteFooter() {
  const { t } = useTranslation('ui');
  return (
    <footer className="no-print border-t border-slate-200 bg-white" aria-label={t('footer.label')}>
      <div className="mx-auto flex max-w-[1200px] flex-col gap-2 px-4 py-4 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
        <p>{t('footer.owner', { year: new Date().getFullYear() })}</p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <Link to={ROUTES.fees.path} className="inline-flex min-h-11 items-center text-brand-800 underline">
            {t('footer.fees')}
          </Link>
          <Link to={ROUTES.performance.path} className="inline-flex min-h-11 items-center text-brand-800 underline">
            {t('footer.performance')}
          </Link>
          <Link to={ROUTES.help.path} className="inline-flex min-h-11 items-center text-brand-800 underline">
            {t('footer.helpPage')}
          </Link>
          <span>{t('footer.help')}</span>
        </p>
      </div>
    </footer>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 bg-yellow-300 px-4 py-3 font-semibold text-black focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <TopNav />
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-[1200px] flex-1 px-4 py-6 focus:outline-none sm:py-8"
      >
        {/* Toasts sit in the flow above the page, so they push it down rather than lie over its controls. */}
        <AppToaster />
        {/* The spinner fills the screen, so the footer does not sit in view and then jump when the page arrives. */}
        <Suspense fallback={<Spinner align="start" className="min-h-screen" />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <RouteAnnouncer />
      <RouteToasts />
    </div>
  );
}
