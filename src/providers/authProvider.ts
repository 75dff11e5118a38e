import { jwtDecode } from 'jwt-decode';
import type { AuthProvider } from 'react-admin';
import type { PagePermission, Role } from '../../contracts/pages.ts';
import { operationOf, type Viewer } from '../routes/access.ts';
import { canOnScreen } from '../routes/access.ts';
import { screenForPath } from '../routes/route-table.ts';
import { forgetActiveCustomer, setActiveCustomer } from './customer-scope.ts';
import { clearToken, isLoggedInFlag, readToken, storeToken } from './token-store.ts';

export interface TokenClaims {
  sub: string;
  name: string;
  email: string;
  customerId: string | null;
  Role: Role;
  permissions: Record<string, PagePermission>;
  exp: number;
}

/** The claims of the stored token, or null when there is none or it has expired. */
export function currentClaims(now: number = Date.now()): TokenClaims | null {
  const token = readToken();
  if (!token) return null;
  try {
    const claims = jwtDecode<TokenClaims>(token);
    if (claims.exp * 1000 <= now) {
      clearToken();
      return null;
    }
    return claims;
  } catch {
    clearToken();
    return null;
  }
}

/** The viewer of the guards and menus, from the token (null when not logged in). */
export function currentViewer(): Viewer | null {
  const claims = currentClaims();
  return claims ? { role: claims.Role, permissions: claims.permissions ?? {} } : null;
}

/**
 * Whether the viewer may do a react-admin action on a resource. Resources are named by their
 * spec path (resources/resource-names.ts), so the route table knows their roles and page key.
 */
export function canAccessResource(viewer: Viewer | null, resource: string, action: string): boolean {
  if (!viewer) return false;
  const screen = screenForPath(`/${resource.replace(/^\/+/, '')}`);
  if (!screen) return true;
  return canOnScreen(viewer, screen, operationOf(action));
}

/** Login refusals with their own message (translated by the login page); any other is the spec's "check entered values". */
const LOGIN_ERRORS: Record<string, string> = {
  RATE_LIMITED: 'segra.auth.rate_limited',
  CUSTOMER_PASSIVE: 'segra.auth.customer_passive',
  DATABASE_UNAVAILABLE: 'segra.auth.database_unavailable',
};

/** Login against POST /api/auth/login; the Role claim decides what the user may reach. */
export const authProvider: AuthProvider = {
  async login({ username, email, password }: { username?: string; email?: string; password: string }) {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: email ?? username, password }),
    });
    const body = (await response.json().catch(() => ({}))) as { token?: string; code?: string; user?: { activeCustomerId?: string | null } };
    if (!response.ok || !body.token) {
      // The key is translated by the login page (spec 8: "Please check entered values and try again").
      throw new Error(body.code && Object.hasOwn(LOGIN_ERRORS, body.code) ? LOGIN_ERRORS[body.code] : 'segra.auth.login_failed');
    }
    storeToken(body.token);
    // A SuperAdmin goes on with the customer it last chose, kept by the server (issue 27).
    setActiveCustomer(body.user?.activeCustomerId ?? null);
  },
  async logout() {
    // The server ends the session too (DESIGN 6), so a copy of the token is as dead as this one.
    // Only a live token is sent; whatever the answer, the browser forgets it.
    const token = currentClaims() ? readToken() : null;
    clearToken();
    forgetActiveCustomer();
    if (token) {
      await fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }).catch(() => undefined);
    }
  },
  async checkAuth() {
    if (currentClaims()) return;
    // A visitor goes to the login page quietly; someone whose session ran out is told so.
    const wasLoggedIn = isLoggedInFlag();
    clearToken();
    throw { redirectTo: '/login', message: wasLoggedIn ? 'segra.auth.session_expired' : false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearToken();
      throw new Error('segra.auth.session_expired');
    }
  },
  async getIdentity() {
    const claims = currentClaims();
    if (!claims) throw new Error('segra.auth.session_expired');
    return { id: claims.sub, fullName: claims.name, email: claims.email, role: claims.Role, customerId: claims.customerId };
  },
  async getPermissions() {
    const claims = currentClaims();
    return claims ? { role: claims.Role, pages: claims.permissions } : null;
  },
  async canAccess({ resource, action }: { resource: string; action: string }) {
    return canAccessResource(currentViewer(), resource, action);
  },
};
