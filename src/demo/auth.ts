import { codedError, error, json, notInDemo } from './answers.ts';
import { findRecord, type DemoContext } from './context.ts';
import { DEMO_CUSTOMER_ID } from './seed.ts';
import { claimsOf, DEMO_PASSWORD, DEMO_USERS, signDemoToken, type DemoClaims } from './token.ts';

/** 401 as the server answers a call without a valid session. */
export const unauthenticated = (): Response => error(401, 'Log in to continue', 'UNAUTHENTICATED');

/** The claims of a live session token, or null (missing, unreadable or expired). */
export function sessionOf(headers: Headers, now: Date): DemoClaims | null {
  const claims = claimsOf(headers.get('Authorization'));
  return claims && claims.exp * 1000 > now.getTime() ? claims : null;
}

/**
 * `PUT /api/auth/active-customer` as the server answers it (issue 27): a SuperAdmin's choice,
 * kept in `kept` (this tab) for its next sign-in.
 */
export async function activeCustomerRoute(ctx: DemoContext, kept: Map<string, string | null>, body: unknown, headers: Headers): Promise<Response> {
  const claims = sessionOf(headers, ctx.now());
  if (!claims) return unauthenticated();
  if (claims.Role !== 'SuperAdmin') return codedError(403, 'SUPERADMIN_ONLY', {}, 'Only a SuperAdmin chooses an active customer');
  const customerId = (body as { customerId?: unknown } | undefined)?.customerId;
  if (customerId !== null && typeof customerId !== 'string') return error(400, 'Fill in all fields correctly', 'FIELDS_INVALID');
  if (customerId !== null && !(await findRecord(ctx, 'customers', customerId))) return codedError(404, 'CUSTOMER_NOT_FOUND', {}, 'The customer does not exist');
  kept.set(claims.sub, customerId);
  return json({ customerId });
}

/** `/api/auth/*`: sign-in and the signed-in user; mail and registration need the server. */
export function authRoute(method: string, action: string | undefined, body: unknown, headers: Headers, now: Date, kept: ReadonlyMap<string, string | null> = new Map()): Response {
  if (method === 'POST' && action === 'login') {
    const { email, password } = (body ?? {}) as { email?: string; password?: string };
    const user = DEMO_USERS.find((u) => u.email === String(email ?? '').trim().toLowerCase());
    if (!user || password !== DEMO_PASSWORD) return error(401, 'Please check entered values and try again', 'INVALID_CREDENTIALS');
    const customerId = user.role === 'SuperAdmin' ? null : DEMO_CUSTOMER_ID;
    const token = signDemoToken({ sub: user.id, name: user.name, email: user.email, customerId, Role: user.role, permissions: {} }, now.getTime());
    const activeCustomerId = user.role === 'SuperAdmin' ? (kept.get(user.id) ?? null) : null;
    return json({ token, user: { id: user.id, name: user.name, email: user.email, role: user.role, customerId, activeCustomerId } });
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
