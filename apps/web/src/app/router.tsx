/** Every route of the contract's ROUTES table (plus /register and a not-found page) behind its guard. Every page but
 * the sign-in page is lazy-loaded: /login, the first page most visitors see, renders from the entry chunk without
 * a second round trip, and no other page's code is downloaded before it is opened. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ROUTES, type RouteKey } from '@portal/contract';
import LoginPage from '../features/auth/pages/login-page';
import { AuthProvider } from '../lib/auth';
import { AppLayout } from './layout/app-layout';
import { PublicOnly, RequireRoute } from './route-guards';
import { announcePageChanges } from '../lib/toasts';

type Page = LazyExoticComponent<ComponentType>;

const RegisterPage = lazy(() => import('../features/auth/pages/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));
const FeesPage = lazy(() => import('../features/applications/pages/fees-page'));
const VerifyPage = lazy(() => import('../features/verify/pages/verify-page'));

/** The page of each guarded route; the key set must match ROUTES less the public ones (checked by the type). */
const PAGES: Record<
  Exclude<RouteKey, 'login' | 'register' | 'fees' | 'forgotPassword' | 'resetPassword' | 'verify'>,
  Page
> = {
  dashboard: lazy(() => import('../features/dashboard/pages/dashboard-page')),
  myApplications: lazy(() => import('../features/applications/pages/my-applications-page')),
  newApplication: lazy(() => import('../features/applications/pages/new-application-page')),
  applicationDetail: lazy(() => import('../features/applications/pages/application-detail-page')),
  profile: lazy(() => import('../features/profile/pages/profile-page')),
  account: lazy(() => import('../features/profile/pages/account-page')),
  serviceRequests: lazy(() => import('../features/service-requests/pages/service-requests-page')),
  serviceRequestDetail: lazy(() => import('../features/service-requests/pages/service-request-detail-page')),
  officerDashboard: lazy(() => import('../features/officer-dashboard/pages/officer-dashboard-page')),
  financeDashboard: lazy(() => import('../features/finance/pages/finance-dashboard-page')),
  officerApplications: lazy(() => import('../features/applications/pages/officer-applications-page')),
  officerApplicationDetail: lazy(() => import('../features/applications/pages/officer-application-detail-page')),
  assets: lazy(() => import('../features/assets/pages/assets-page')),
  findPlot: lazy(() => import('../features/assets/pages/find-plot-page')),
  allotments: lazy(() => import('../features/allotments/pages/allotments-page')),
  meetings: lazy(() => import('../features/meetings/pages/meetings-page')),
  reports: lazy(() => import('../features/reports/pages/reports-page')),
  users: lazy(() => import('../features/users/pages/users-page')),
  audit: lazy(() => import('../features/audit/pages/audit-page')),
  outbox: lazy(() => import('../features/outbox/pages/outbox-page')),
  notifications: lazy(() => import('../features/notifications/pages/notifications-page')),
  officerServiceRequests: lazy(() => import('../features/service-requests/pages/officer-service-requests-page')),
  officerServiceRequestDetail: lazy(
    () => import('../features/service-requests/pages/officer-service-request-detail-page'),
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
          // A document's QR code opens this page, signed in or not.
          { path: ROUTES.verify.path, element: <VerifyPage /> },
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
