/** The top navigation bar: product name, the role's links (a menu button below md), the user's name and Logout. */
import { lazy, Suspense, useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut, Menu, X } from 'lucide-react';
import { homeFor, navLinksFor, ROUTES, type RouteKey } from '@portal/contract';
import { useAuth } from '../../lib/auth';
import { cn } from '../../components/ui/cn';
import { LanguageSwitcher } from '../../components/language-switcher/language-switcher';
import { loadEnglishCatalogues } from '../../lib/i18n';

// Signed in only, so the sign-in page does not carry it; with its words, like a lazily loaded page.
const NotificationBell = lazy(async () => {
  const [bell] = await Promise.all([
    import('../../features/notifications/components/notification-bell'),
    loadEnglishCatalogues(),
  ]);
  return { default: bell.NotificationBell };
});

// Home links match only exactly, so /officer is not "current" on /officer/applications.
const EXACT: ReadonlySet<RouteKey> = new Set(['dashboard', 'officerDashboard', 'financeDashboard']);

function linkClasses({ isActive }: { isActive: boolean }) {
  return cn(
    'flex min-h-11 items-center rounded-md px-3 font-medium',
    isActive
      ? 'bg-white/15 text-white underline decoration-2 underline-offset-8'
      : 'text-brand-50 hover:bg-white/10 hover:text-white',
  );
}

export function TopNav() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  // A followed link closes the phone menu. This is done in the click, not in an effect on the path: a navigation
  // still pending when the menu opens (sign-in's redirect, a lazy page) would otherwise close it as it lands.
  const closeMenu = () => setMenuOpen(false);

  if (!user) {
    return (
      <header role="banner" className="bg-brand-700 text-white shadow">
        <div className="mx-auto flex min-h-16 max-w-[1200px] items-center px-4">
          <Link to="/login" className="flex min-h-11 items-center text-lg font-bold">
            {t('productName')}
          </Link>
          <div className="ml-auto">
            <LanguageSwitcher signedIn={false} />
          </div>
        </div>
      </header>
    );
  }
  const links = navLinksFor(user.role).map((key) => ({ key, path: ROUTES[key].path, label: t(`nav.${key}`) }));
  const renderLinks = (className: string, id?: string, onFollow?: () => void) => (
    <ul id={id} className={className}>
      {links.map((link) => (
        <li key={link.key}>
          <NavLink to={link.path} end={EXACT.has(link.key)} className={linkClasses} onClick={onFollow}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  return (
    <header role="banner" className="bg-brand-700 text-white shadow">
      <nav aria-label={t('nav.label')} className="mx-auto max-w-[1200px] px-4">
        {/* The bar holds the name, the account and its controls; from md up the links have a row of their own under it
            (as GOV.UK's service navigation), so ten links of an administrator never wrap into a second, ragged row.
            On a phone the name wraps to its own line under the bar rather than crowd it. */}
        <div className="flex min-h-16 flex-wrap items-center gap-x-2 py-2 sm:py-0">
          <Link
            to={homeFor(user.role)}
            onClick={closeMenu}
            className="order-1 mr-2 flex min-h-11 items-center text-lg font-bold whitespace-nowrap"
          >
            {t('productName')}
          </Link>
          <Link
            to={ROUTES.account.path}
            onClick={closeMenu}
            className="order-5 basis-full truncate pb-2 text-sm text-brand-50 underline-offset-4 hover:underline sm:order-3 sm:ml-auto sm:max-w-[14rem] sm:basis-auto sm:px-2 sm:pb-0"
            title={t('nav.accountOf', { name: user.full_name })}
          >
            {user.full_name}
          </Link>
          <div className="order-4 ml-auto flex items-center gap-1 sm:ml-0">
            <div className="hidden md:block">
              <LanguageSwitcher signedIn />
            </div>
            <Suspense fallback={<span aria-hidden="true" className="inline-block min-h-11 min-w-11" />}>
              <NotificationBell />
            </Suspense>
            <button
              type="button"
              onClick={logout}
              className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 font-medium text-white hover:bg-white/10"
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              {t('nav.logout')}
            </button>
            <button
              type="button"
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-white/40 px-3 font-medium md:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X aria-hidden="true" className="h-5 w-5" />
              ) : (
                <Menu aria-hidden="true" className="h-5 w-5" />
              )}
              {t('nav.menu')}
            </button>
          </div>
        </div>
        {renderLinks(
          '-mx-2 hidden flex-nowrap items-center gap-1 overflow-x-auto border-t border-white/20 px-2 py-2 whitespace-nowrap md:flex',
        )}
        {menuOpen && (
          <div id={menuId} className="border-t border-white/20 py-2 md:hidden">
            {renderLinks('flex flex-col gap-1', undefined, closeMenu)}
            <div className="mt-2 px-3">
              <LanguageSwitcher signedIn />
            </div>
          </div>
        )}
      </nav>
    </header>
  );
}
