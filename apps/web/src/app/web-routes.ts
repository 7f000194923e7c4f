/** Screens the contract's route table (ROUTES, navLinksFor) does not name yet, with who may open them and where their
 * link sits in the top bar. The table belongs in the contract; until it names these, the web app adds them here, and
 * a screen moves there by deleting its entry. */
import { navLinksFor, ROUTES, type Role, type RouteKey } from '@portal/contract';

export interface WebRoute {
  path: string;
  roles: readonly Role[];
  /** The top bar's link comes right after this one (for the roles that have it). */
  navAfter: RouteKey;
}

export const WEB_ROUTES = {
  myPlots: { path: '/allotments', roles: ['entrepreneur'], navAfter: 'myApplications' },
} as const satisfies Record<string, WebRoute>;

export type WebRouteKey = keyof typeof WEB_ROUTES;
export type NavKey = RouteKey | WebRouteKey;

/** The top bar's links of a role, in order: the contract's, with the web app's own placed among them. */
export function navLinksOf(role: Role): Array<{ key: NavKey; path: string }> {
  const links: Array<{ key: NavKey; path: string }> = navLinksFor(role).map((key) => ({ key, path: ROUTES[key].path }));
  for (const [key, route] of Object.entries(WEB_ROUTES) as Array<[WebRouteKey, WebRoute]>) {
    if (!route.roles.includes(role)) continue;
    const after = links.findIndex((link) => link.key === route.navAfter);
    links.splice(after < 0 ? links.length : after + 1, 0, { key, path: route.path });
  }
  return links;
}
