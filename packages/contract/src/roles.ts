/** Roles, their homes and the route table of the spec (section 2). */
export const ROLES = ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const OFFICER_ROLES = ['zonal_manager', 'ho', 'committee', 'legal', 'admin'] as const satisfies readonly Role[];
/** Everyone who is not an entrepreneur: officers plus finance. */
export const STAFF_ROLES = [
  'zonal_manager',
  'ho',
  'committee',
  'legal',
  'finance',
  'admin',
] as const satisfies readonly Role[];

/** The applicant side of the portal: an entrepreneur. Every other role is staff. The one test for it, so a new
 * applicant-side role (or a renamed one) changes one line. */
export function isApplicantRole(role: string): role is 'entrepreneur' {
  return role === 'entrepreneur';
}
export function isApplicant(who: { role: string }): boolean {
  return isApplicantRole(who.role);
}

/** Where a user lands after login, and where a user without the needed role is sent. */
export function homeFor(role: Role): '/' | '/finance' | '/officer' {
  if (isApplicantRole(role)) return '/';
  if (role === 'finance') return '/finance';
  return '/officer';
}

export interface RouteRule {
  path: string;
  screen: string;
  roles: readonly Role[] | 'public';
}

/** The spec's route table, plus /register and /officer/users (product decisions, section 3), and the account pages
 * of decision record 010 (forgotten password, reset link, change password). */
export const ROUTES = {
  login: { path: '/login', screen: 'Login', roles: 'public' },
  register: { path: '/register', screen: 'Register', roles: 'public' },
  forgotPassword: { path: '/forgot-password', screen: 'Forgot password', roles: 'public' },
  resetPassword: { path: '/reset-password', screen: 'Reset password', roles: 'public' },
  account: { path: '/account', screen: 'Account and password', roles: ROLES },
  fees: { path: '/fees', screen: 'Fees', roles: 'public' },
  /** Beyond the spec: anyone checks an issued document by the code on it (decision record 012). */
  verify: { path: '/verify/:code', screen: 'Document verification', roles: 'public' },
  /** Anyone checks a PDF they were given: its signatures and which issued document it is (decision 035). */
  verifyFile: { path: '/verify', screen: 'Check a document', roles: 'public' },
  /** Beyond the spec (issue 25): the service standards and how they are met, and help with a glossary. */
  performance: { path: '/performance', screen: 'Performance', roles: 'public' },
  help: { path: '/help', screen: 'Help', roles: 'public' },
  dashboard: { path: '/', screen: 'Entrepreneur dashboard', roles: ['entrepreneur'] },
  myApplications: { path: '/applications', screen: 'My Applications', roles: ['entrepreneur'] },
  /** Beyond the spec: the allotments an entrepreneur holds, as plots (decision record 014). */
  myPlots: { path: '/allotments', screen: 'My plots', roles: ['entrepreneur'] },
  newApplication: { path: '/applications/new', screen: 'New Application wizard', roles: ['entrepreneur'] },
  applicationDetail: { path: '/applications/:id', screen: 'Entrepreneur application detail', roles: ['entrepreneur'] },
  profile: { path: '/profile', screen: 'Applicant profile', roles: ['entrepreneur'] },
  serviceRequests: { path: '/service-requests', screen: 'Service requests', roles: ['entrepreneur'] },
  serviceRequestDetail: { path: '/service-requests/:id', screen: 'Service request detail', roles: ['entrepreneur'] },
  /** Beyond the spec (decision 016): where the gateway sends the payer back; it waits for the bank's verified word. */
  paymentReturn: { path: '/payments/return/:orderId', screen: 'Payment result', roles: ['entrepreneur'] },
  officerDashboard: { path: '/officer', screen: 'Officer dashboard', roles: OFFICER_ROLES },
  financeDashboard: { path: '/finance', screen: 'Finance dashboard', roles: ['finance'] },
  /** Beyond the spec (decision 016): finance imports the bank's statement and settles what it could not match; the
   * checkers of a settlement (finance, admin) read the unmatched credits. */
  bankStatements: { path: '/finance/bank-statements', screen: 'Bank statements', roles: ['finance'] },
  bankCredits: { path: '/finance/bank-credits', screen: 'Unmatched credits', roles: ['finance', 'admin'] },
  /** Refunds due, prepared, approved and paid (decision 016): finance makes and pays them; admins may approve. */
  refunds: { path: '/finance/refunds', screen: 'Refunds', roles: ['finance', 'admin'] },
  /** Interest waivers, debits and credits with maker-checker: finance prepares; another finance user or an admin
   * approves. */
  adjustments: { path: '/finance/adjustments', screen: 'Adjustments', roles: ['finance', 'admin'] },
  officerApplications: { path: '/officer/applications', screen: 'Officer application list', roles: STAFF_ROLES },
  officerApplicationDetail: {
    path: '/officer/applications/:id',
    screen: 'Officer application detail',
    roles: STAFF_ROLES,
  },
  assets: { path: '/officer/assets', screen: 'Assets', roles: ['ho', 'admin'] },
  /** Beyond the spec: entrepreneurs find a plot by its facts or on its zone's layout map and open the wizard on it. */
  findPlot: { path: '/assets/map', screen: 'Find a plot', roles: ['entrepreneur'] },
  allotments: {
    path: '/officer/allotments',
    screen: 'Allotments',
    roles: ['zonal_manager', 'ho', 'committee', 'admin'],
  },
  meetings: { path: '/officer/meetings', screen: 'Meetings', roles: ['committee', 'ho', 'admin'] },
  reports: { path: '/officer/reports', screen: 'Reports', roles: ['zonal_manager', 'ho', 'finance', 'admin'] },
  /** Appeals to the head office (product decisions section 11): the appellate officer hears and orders; admins read. */
  appeals: { path: '/officer/appeals', screen: 'Appeals', roles: ['ho', 'admin'] },
  appealDetail: { path: '/officer/appeals/:id', screen: 'Appeal', roles: ['ho', 'admin'] },
  /** Grievances (decision 038): anyone signed in raises and follows their own; the officers who work them have an
   * inbox (the roles holding work:grievance). */
  grievances: { path: '/grievances', screen: 'My grievances', roles: ROLES },
  grievanceDetail: { path: '/grievances/:id', screen: 'Grievance', roles: ROLES },
  officerGrievances: {
    path: '/officer/grievances',
    screen: 'Grievance inbox',
    roles: ['zonal_manager', 'ho', 'finance', 'admin'],
  },
  /** Competitive allotment (decision 018): entrepreneurs see the schemes and apply in them, bid in an auction's room;
   * officers read schemes, the head office and admins publish and decide them; anyone reads a scheme's result. */
  schemes: { path: '/schemes', screen: 'Schemes', roles: ['entrepreneur'] },
  schemeDetail: { path: '/schemes/:id', screen: 'Scheme', roles: ['entrepreneur'] },
  schemeAuction: { path: '/schemes/:id/auction', screen: 'Auction room', roles: ['entrepreneur'] },
  officerSchemes: {
    path: '/officer/schemes',
    screen: 'Officer schemes',
    roles: ['zonal_manager', 'ho', 'committee', 'admin'],
  },
  newScheme: { path: '/officer/schemes/new', screen: 'Publish a scheme', roles: ['ho', 'admin'] },
  officerSchemeDetail: {
    path: '/officer/schemes/:id',
    screen: 'Officer scheme detail',
    roles: ['zonal_manager', 'ho', 'committee', 'admin'],
  },
  schemeResult: { path: '/scheme-results/:schemeNumber', screen: 'Scheme result', roles: 'public' },
  users: { path: '/officer/users', screen: 'Users', roles: ['admin'] },
  audit: { path: '/officer/audit', screen: 'Audit trail', roles: ['admin'] },
  outbox: { path: '/officer/outbox', screen: 'Mail outbox', roles: ['admin'] },
  /** The state's single window (decision 036): the investor's handoff lands here, signed in or not; a CAF that named
   * no plot is completed by choosing one; finance and admins watch the status pushes and send a failed one again. */
  singleWindowHandoff: { path: '/single-window/handoff', screen: 'Single window sign-in', roles: 'public' },
  singleWindowCaf: { path: '/single-window/cafs/:cafId', screen: 'Choose your plot', roles: ['entrepreneur'] },
  singleWindowOutbox: {
    path: '/officer/single-window-outbox',
    screen: 'Single window outbox',
    roles: ['finance', 'admin'],
  },
  /** Beyond the spec (decision 026): the portal's clock, moved forward in demos and tests. */
  clock: { path: '/officer/clock', screen: 'Portal clock', roles: ['admin'] },
  // The roles holding read:service-request:any (permissions.ts).
  officerServiceRequests: {
    path: '/officer/service-requests',
    screen: 'Officer service request queue',
    roles: ['zonal_manager', 'ho', 'legal', 'finance', 'admin'],
  },
  officerServiceRequestDetail: {
    path: '/officer/service-requests/:id',
    screen: 'Officer service request detail',
    roles: ['zonal_manager', 'ho', 'legal', 'finance', 'admin'],
  },
  notifications: { path: '/notifications', screen: 'Notifications', roles: ROLES },
  /** Beyond the spec (decision 016): the statement of account of an application or an allotment (with its no-dues
   * certificate), for its applicant or holder and staff who read finance. */
  applicationStatement: { path: '/statements/applications/:id', screen: 'Statement of account', roles: ROLES },
  allotmentStatement: { path: '/statements/allotments/:id', screen: 'Plot statement of account', roles: ROLES },
} as const satisfies Record<string, RouteRule>;

export type RouteKey = keyof typeof ROUTES;

export function canOpenRoute(role: Role, key: RouteKey): boolean {
  const rule: RouteRule = ROUTES[key];
  return rule.roles === 'public' || rule.roles.includes(role);
}

/** The links of the top navigation bar, in order, for a role. */
export function navLinksFor(role: Role): RouteKey[] {
  if (isApplicantRole(role)) {
    return ['dashboard', 'myApplications', 'myPlots', 'schemes', 'serviceRequests', 'grievances', 'profile'];
  }
  const home: RouteKey = role === 'finance' ? 'financeDashboard' : 'officerDashboard';
  const candidates: RouteKey[] = [
    'officerApplications',
    'officerServiceRequests',
    'bankStatements',
    'bankCredits',
    'refunds',
    'adjustments',
    'assets',
    'allotments',
    'officerSchemes',
    'appeals',
    'officerGrievances',
    'meetings',
    'reports',
    'users',
    'audit',
    'outbox',
    'singleWindowOutbox',
    'clock',
  ];
  return [home, ...candidates.filter((key) => canOpenRoute(role, key))];
}
