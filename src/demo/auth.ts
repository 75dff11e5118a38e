import { error, json, notInDemo } from './answers.ts';
import { DEMO_CUSTOMER_ID } from './seed.ts';
import { claimsOf, DEMO_PASSWORD, DEMO_USERS, signDemoToken, type DemoClaims } from './token.ts';

/** 401 as the server answers a call without a valid session. */
export const unauthenticated = (): Response => error(401, 'Log in to continue', 'UNAUTHENTICATED');

/** The claims of a live session token, or null (missing, unreadable or expired). */
export function sessionOf(headers: Headers, now: Date): DemoClaims | null {
  const claims = claimsOf(headers.get('Authorization'));
  return claims && claims.exp * 1000 > now.getTime() ? claims : null;
}

/** `/api/auth/*`: sign-in and the signed-in user; mail and registration need the server. */
export function authRoute(method: string, action: string | undefined, body: unknown, headers: Headers, now: Date): Response {
  if (method === 'POST' && action === 'login') {
    const { email, password } = (body ?? {}) as { email?: string; password?: string };
    const user = DEMO_USERS.find((u) => u.email === String(email ?? '').trim().toLowerCase());
    if (!user || password !== DEMO_PASSWORD) return error(401, 'Please check entered values and try again', 'INVALID_CREDENTIALS');
    const customerId = user.role === 'SuperAdmin' ? null : DEMO_CUSTOMER_ID;
    const token = signDemoToken({ sub: user.id, name: user.name, email: user.email, customerId, Role: user.role, permissions: {} }, now.getTime());
    return json({ token, user: { id: user.id, name: user.name, email: user.email, role: user.role, customerId } });
  }
  // Demo tokens are unsigned and live in this tab only: logging out is forgetting them.
  if (method === 'POST' && action === 'logout') return new Response(null, { status: 204 });
  if (method === 'GET' && action === 'me') {
    const claims = claimsOf(headers.get('Authorization'));
    if (!claims) return unauthenticated();
    return json({ id: claims.sub, name: claims.name, email: claims.email, role: claims.Role, customerId: claims.customerId, permissions: claims.permissions });
  }
  return notInDemo('mail and registration need the server');
}
