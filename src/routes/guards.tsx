import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { currentViewer } from '../providers/authProvider.ts';
import { decide } from './access.ts';
import { HOME_PATH, INVALID_ACCESS_PATH, LOGIN_PATH, NOT_FOUND_PATH, UNAUTHORIZED_PATH } from './route-table.ts';

/**
 * Guards every page inside the logged-in layout (spec 6): not logged in → /login, /app → the
 * landing page, wrong role or page → /unauthorized, a path that is no screen → /page-not-found.
 */
export function ProtectedGate({ children, extraPaths }: { children: ReactNode; extraPaths: readonly string[] }) {
  const location = useLocation();
  const decision = decide(location.pathname, currentViewer(), extraPaths);
  if (decision === 'login') return <Navigate to={LOGIN_PATH} replace />;
  if (decision === 'home') return <Navigate to={HOME_PATH} replace />;
  if (decision === 'unauthorized') return <Navigate to={UNAUTHORIZED_PATH} replace />;
  if (decision === 'not-found') return <Navigate to={NOT_FOUND_PATH} replace />;
  return <>{children}</>;
}

/**
 * Public-only pages (login, register, password pages) send a logged-in user to
 * /invalid-access (spec 6). Decided once on entry: logging in on the login page must lead on
 * to the dashboard, not to this redirect.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const [loggedInOnEntry] = useState(() => currentViewer() !== null);
  if (loggedInOnEntry) return <Navigate to={INVALID_ACCESS_PATH} replace />;
  return <>{children}</>;
}

/** `/` goes to the login page, or to the dashboard when logged in. */
export function RootRedirect() {
  return <Navigate to={currentViewer() ? HOME_PATH : LOGIN_PATH} replace />;
}

/** react-admin's access-denied and authentication-error routes, sent to the spec's pages. */
export const ToUnauthorized = () => <Navigate to={UNAUTHORIZED_PATH} replace />;
export const ToLogin = () => <Navigate to={LOGIN_PATH} replace />;
export const ToNotFound = () => <Navigate to={NOT_FOUND_PATH} replace />;
