import { describe, expect, it } from 'vitest';
import { canOpenRoute, homeFor, navLinksFor, ROLES, ROUTES, type Role, type RouteKey } from './roles';

// The spec's route table with the product's own screens, written out by hand so that a change to ROUTES must be a
// deliberate one.
const ACCESS: Record<string, readonly Role[] | 'public'> = {
  '/login': 'public',
  '/register': 'public',
  '/fees': 'public',
  '/verify/:code': 'public',
  '/verify': 'public',
  '/performance': 'public',
  '/help': 'public',
  '/forgot-password': 'public',
  '/reset-password': 'public',
  '/account': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  '/': ['entrepreneur'],
  '/applications': ['entrepreneur'],
  '/applications/new': ['entrepreneur'],
  '/applications/:id': ['entrepreneur'],
  '/profile': ['entrepreneur'],
  '/service-requests': ['entrepreneur'],
  '/payments/return/:orderId': ['entrepreneur'],
  '/officer': ['zonal_manager', 'ho', 'committee', 'legal', 'admin'],
  '/finance': ['finance'],
  '/finance/bank-statements': ['finance'],
  '/finance/bank-credits': ['finance', 'admin'],
  '/finance/refunds': ['finance', 'admin'],
  '/finance/adjustments': ['finance', 'admin'],
  '/officer/applications': ['zonal_manager', 'ho', 'committee', 'finance', 'legal', 'admin'],
  '/officer/applications/:id': ['zonal_manager', 'ho', 'committee', 'finance', 'legal', 'admin'],
  '/officer/assets': ['ho', 'admin'],
  '/officer/allotments': ['zonal_manager', 'ho', 'committee', 'admin'],
  '/officer/meetings': ['committee', 'ho', 'admin'],
  '/officer/reports': ['zonal_manager', 'ho', 'finance', 'admin'],
  '/service-requests/:id': ['entrepreneur'],
  '/officer/service-requests': ['zonal_manager', 'ho', 'legal', 'finance', 'admin'],
  '/officer/service-requests/:id': ['zonal_manager', 'ho', 'legal', 'finance', 'admin'],
  '/officer/appeals': ['ho', 'admin'],
  '/officer/appeals/:id': ['ho', 'admin'],
  '/grievances': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  '/grievances/:id': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  '/officer/grievances': ['zonal_manager', 'ho', 'finance', 'admin'],
  '/schemes': ['entrepreneur'],
  '/schemes/:id': ['entrepreneur'],
  '/schemes/:id/auction': ['entrepreneur'],
  '/officer/schemes': ['zonal_manager', 'ho', 'committee', 'admin'],
  '/officer/schemes/new': ['ho', 'admin'],
  '/officer/schemes/:id': ['zonal_manager', 'ho', 'committee', 'admin'],
  '/scheme-results/:schemeNumber': 'public',
  '/officer/users': ['admin'],
  '/officer/audit': ['admin'],
  '/officer/outbox': ['admin'],
  '/officer/clock': ['admin'],
  '/assets/map': ['entrepreneur'],
  '/allotments': ['entrepreneur'],
  '/single-window/handoff': 'public',
  '/single-window/cafs/:cafId': ['entrepreneur'],
  '/officer/single-window-outbox': ['finance', 'admin'],
  '/notifications': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  '/statements/applications/:id': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  '/statements/allotments/:id': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
};

describe('route table', () => {
  it('lists every route of ROUTES above, and no other', () => {
    expect(
      Object.values(ROUTES)
        .map((route) => route.path)
        .sort(),
    ).toEqual(Object.keys(ACCESS).sort());
  });

  for (const [path, roles] of Object.entries(ACCESS)) {
    const key = (Object.keys(ROUTES) as RouteKey[]).find((candidate) => ROUTES[candidate].path === path);
    it(`${path} is open to exactly ${roles === 'public' ? 'everyone' : roles.join(', ')}`, () => {
      expect(key).toBeDefined();
      for (const role of ROLES) {
        expect(canOpenRoute(role, key!)).toBe(roles === 'public' || roles.includes(role));
      }
    });
  }

  it('sends each role home as the spec says', () => {
    expect(homeFor('entrepreneur')).toBe('/');
    expect(homeFor('finance')).toBe('/finance');
    for (const role of ['zonal_manager', 'ho', 'committee', 'legal', 'admin'] as const)
      expect(homeFor(role)).toBe('/officer');
  });

  it('every role can open its own home', () => {
    for (const role of ROLES) {
      const home = (Object.keys(ROUTES) as RouteKey[]).find((key) => ROUTES[key].path === homeFor(role))!;
      expect(canOpenRoute(role, home)).toBe(true);
    }
  });
});

describe('navigation links', () => {
  const paths = (role: Role) => navLinksFor(role).map((key) => ROUTES[key].path);

  it('gives the entrepreneur Dashboard, My Applications, My plots, Service Requests and Profile', () => {
    expect(paths('entrepreneur')).toEqual([
      '/',
      '/applications',
      '/allotments',
      '/schemes',
      '/service-requests',
      '/grievances',
      '/profile',
    ]);
  });

  it.each([
    [
      'zonal_manager',
      [
        '/officer',
        '/officer/applications',
        '/officer/service-requests',
        '/officer/allotments',
        '/officer/schemes',
        '/officer/grievances',
        '/officer/reports',
      ],
    ],
    [
      'ho',
      [
        '/officer',
        '/officer/applications',
        '/officer/service-requests',
        '/officer/assets',
        '/officer/allotments',
        '/officer/schemes',
        '/officer/appeals',
        '/officer/grievances',
        '/officer/meetings',
        '/officer/reports',
      ],
    ],
    [
      'committee',
      ['/officer', '/officer/applications', '/officer/allotments', '/officer/schemes', '/officer/meetings'],
    ],
    ['legal', ['/officer', '/officer/applications', '/officer/service-requests']],
    [
      'finance',
      [
        '/finance',
        '/officer/applications',
        '/officer/service-requests',
        '/finance/bank-statements',
        '/finance/bank-credits',
        '/finance/refunds',
        '/finance/adjustments',
        '/officer/grievances',
        '/officer/reports',
        '/officer/single-window-outbox',
      ],
    ],
    [
      'admin',
      [
        '/officer',
        '/officer/applications',
        '/officer/service-requests',
        '/finance/bank-credits',
        '/finance/refunds',
        '/finance/adjustments',
        '/officer/assets',
        '/officer/allotments',
        '/officer/schemes',
        '/officer/appeals',
        '/officer/grievances',
        '/officer/meetings',
        '/officer/reports',
        '/officer/users',
        '/officer/audit',
        '/officer/outbox',
        '/officer/single-window-outbox',
        '/officer/clock',
      ],
    ],
  ] as const)('gives %s exactly its links', (role, expected) => {
    expect(paths(role)).toEqual(expected);
  });
});
