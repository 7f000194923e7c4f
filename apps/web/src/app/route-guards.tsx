/** Route guards of the spec: signed out → /login; signed in without the role → homeFor(role); /login and /register when signed in → home. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { canOpenRoute, homeFor, type RouteKey } from '@portal/contract';
import { useAuth } from '../lib/auth';

/** Renders children only for a signed-in user whose role may open the route. */
export function RequireRoute({ route, children }: { route: RouteKey; children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!canOpenRoute(user.role, route)) return <Navigate to={homeFor(user.role)} replace />;
  return <>{children}</>;
}

/** Renders children only when nobody is signed in (the login and register pages). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Navigate to={homeFor(user.role)} replace />;
  return <>{children}</>;
}
