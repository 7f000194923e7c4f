/** Every route of the contract's ROUTES table (plus /register and a not-found page) behind its guard. Every page but
 * the sign-in page is lazy-loaded: /login, the first page most visitors see, renders from the entry chunk without
 * a second round trip, and no other page's code (nor its English words) is downloaded before it is opened. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ROUTES, type RouteKey } from '@portal/contract';
import LoginPage from '../features/auth/pages/login-page';
import { AuthProvider } from '../lib/auth';
import { AppLayout } from './layout/app-layout';
import { PublicOnly, RequireRoute } from './route-guards';
import { announcePageChanges } from '../lib/toasts';
import { loadEnglishCatalogues } from '../lib/i18n';

type Page = LazyExoticComponent<ComponentType>;

/** A page loaded when first opened, together with the English catalogues the entry leaves out. */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Page {
  return lazy(async () => (await Promise.all([load(), loadEnglishCatalogues()]))[0]);
}

const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'));
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page'));
const NotFoundPage = lazyPage(() => import('./not-found-page'));
const FeesPage = lazyPage(() => import('../features/applications/applications/pages/fees-page'));
const VerifyPage = lazyPage(() => import('../features/documents/verify/pages/verify-page'));
const PerformancePage = lazyPage(() => import('../features/deadlines/performance/pages/performance-page'));
const HelpPage = lazyPage(() => import('../features/help/pages/help-page'));
const SchemeResultPage = lazyPage(() => import('../features/schemes/schemes/pages/scheme-result-page'));
const SingleWindowHandoffPage = lazyPage(() => import('../features/single-window/handoff/pages/handoff-page'));

/** The page of each guarded route; the key set must match ROUTES less the public ones (checked by the type). */
const PAGES: Record<
  Exclude<
    RouteKey,
    | 'login'
    | 'register'
    | 'fees'
    | 'forgotPassword'
    | 'resetPassword'
    | 'verify'
    | 'verifyFile'
    | 'performance'
    | 'help'
    | 'schemeResult'
    | 'singleWindowHandoff'
  >,
  Page
> = {
  dashboard: lazyPage(() => import('../features/dashboard/pages/dashboard-page')),
  myApplications: lazyPage(() => import('../features/applications/applications/pages/my-applications-page')),
  myPlots: lazyPage(() => import('../features/estate/allotments/pages/my-plots-page')),
  newApplication: lazyPage(() => import('../features/applications/applications/pages/new-application-page')),
  applicationDetail: lazyPage(() => import('../features/applications/applications/pages/application-detail-page')),
  profile: lazyPage(() => import('../features/profile/pages/profile-page')),
  account: lazyPage(() => import('../features/profile/pages/account-page')),
  serviceRequests: lazyPage(() => import('../features/estate/service-requests/pages/service-requests-page')),
  serviceRequestDetail: lazyPage(() => import('../features/estate/service-requests/pages/service-request-detail-page')),
  paymentReturn: lazyPage(() => import('../features/money/gateway-payments/pages/payment-return-page')),
  officerDashboard: lazyPage(() => import('../features/officer-dashboard/pages/officer-dashboard-page')),
  financeDashboard: lazyPage(() => import('../features/money/finance/pages/finance-dashboard-page')),
  bankStatements: lazyPage(() => import('../features/money/bank-reconciliation/pages/bank-statements-page')),
  bankCredits: lazyPage(() => import('../features/money/bank-reconciliation/pages/bank-credits-page')),
  refunds: lazyPage(() => import('../features/money/refunds/pages/refunds-page')),
  adjustments: lazyPage(() => import('../features/money/adjustments/pages/adjustments-page')),
  officerApplications: lazyPage(() => import('../features/applications/applications/pages/officer-applications-page')),
  officerApplicationDetail: lazyPage(
    () => import('../features/applications/applications/pages/officer-application-detail-page'),
  ),
  assets: lazyPage(() => import('../features/estate/assets/pages/assets-page')),
  findPlot: lazyPage(() => import('../features/estate/assets/pages/find-plot-page')),
  allotments: lazyPage(() => import('../features/estate/allotments/pages/allotments-page')),
  meetings: lazyPage(() => import('../features/applications/meetings/pages/meetings-page')),
  appeals: lazyPage(() => import('../features/appeals/appeals/pages/appeals-page')),
  appealDetail: lazyPage(() => import('../features/appeals/appeals/pages/appeal-detail-page')),
  grievances: lazyPage(() => import('../features/grievances/grievances/pages/my-grievances-page')),
  grievanceDetail: lazyPage(() => import('../features/grievances/grievances/pages/grievance-detail-page')),
  officerGrievances: lazyPage(() => import('../features/grievances/grievances/pages/officer-grievances-page')),
  schemes: lazyPage(() => import('../features/schemes/schemes/pages/schemes-page')),
  schemeDetail: lazyPage(() => import('../features/schemes/schemes/pages/scheme-detail-page')),
  schemeAuction: lazyPage(() => import('../features/schemes/schemes/pages/auction-room-page')),
  officerSchemes: lazyPage(() => import('../features/schemes/schemes/pages/officer-schemes-page')),
  newScheme: lazyPage(() => import('../features/schemes/schemes/pages/new-scheme-page')),
  officerSchemeDetail: lazyPage(() => import('../features/schemes/schemes/pages/officer-scheme-detail-page')),
  reports: lazyPage(() => import('../features/reports/pages/reports-page')),
  users: lazyPage(() => import('../features/users/pages/users-page')),
  audit: lazyPage(() => import('../features/audit/pages/audit-page')),
  outbox: lazyPage(() => import('../features/outbox/pages/outbox-page')),
  singleWindowOutbox: lazyPage(() => import('../features/single-window/status-pushes/pages/status-pushes-page')),
  singleWindowCaf: lazyPage(() => import('../features/single-window/handoff/pages/choose-plot-page')),
  clock: lazyPage(() => import('../features/clock/pages/clock-page')),
  notifications: lazyPage(() => import('../features/notifications/pages/notifications-page')),
  applicationStatement: lazyPage(() => import('../features/money/statements/pages/application-statement-page')),
  allotmentStatement: lazyPage(() => import('../features/money/statements/pages/allotment-statement-page')),
  officerServiceRequests: lazyPage(
    () => import('../features/estate/service-requests/pages/officer-service-requests-page'),
  ),
  officerServiceRequestDetail: lazyPage(
    () => import('../features/estate/service-requests/pages/officer-service-request-detail-page'),
  ),
};

/** The session lives inside the router because signing out navigates. */
function SessionRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

const guardedRoutes: RouteObject[] = (Object.keys(PAGES) as Array<keyof typeof PAGES>).map((key) => {
  const PageComponent = PAGES[key];
  return {
    path: ROUTES[key].path,
    element: (
      <RequireRoute route={key}>
        <PageComponent />
      </RequireRoute>
    ),
  };
});

export const routes: RouteObject[] = [
  {
    element: <SessionRoot />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            path: ROUTES.login.path,
            element: (
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            ),
          },
          {
            path: ROUTES.register.path,
            element: (
              <PublicOnly>
                <RegisterPage />
              </PublicOnly>
            ),
          },
          // Open to everyone, signed in or not.
          { path: ROUTES.fees.path, element: <FeesPage /> },
          // A document's QR code opens this page, signed in or not; without a code it checks a file alone.
          { path: ROUTES.verify.path, element: <VerifyPage /> },
          { path: ROUTES.verifyFile.path, element: <VerifyPage /> },
          // The service standards and help: open to everyone, signed in or not.
          { path: ROUTES.performance.path, element: <PerformancePage /> },
          { path: ROUTES.help.path, element: <HelpPage /> },
          // A scheme's public record (the draw's inputs and the result): anyone may check it, signed in or not.
          { path: ROUTES.schemeResult.path, element: <SchemeResultPage /> },
          // The state's single window hands its investor over here, signed in or not (decision 036).
          { path: ROUTES.singleWindowHandoff.path, element: <SingleWindowHandoffPage /> },
          {
            path: ROUTES.forgotPassword.path,
            element: (
              <PublicOnly>
                <ForgotPasswordPage />
              </PublicOnly>
            ),
          },
          // Open signed in or not: a reset link may be opened in a browser that still holds a session.
          { path: ROUTES.resetPassword.path, element: <ResetPasswordPage /> },
          ...guardedRoutes,
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // Toasts learn of a move when it starts, not when the new page has loaded.
  announcePageChanges(router);
  return router;
}
