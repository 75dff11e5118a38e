/** The demo's sign-in: a JWT-shaped, unsigned token (jwt-decode only decodes; nothing verifies it). */

export const DEMO_USERS = [
  { id: '00000000-0000-4000-8000-000000000001', email: 'demo@segra.local', name: 'Demo SuperAdmin', role: 'SuperAdmin' as const },
  { id: '00000000-0000-4000-8000-000000000002', email: 'admin@segra.local', name: 'Demo Admin', role: 'Admin' as const },
];
export const DEMO_PASSWORD = 'demo';

export interface DemoClaims {
  sub: string;
  name: string;
  email: string;
  customerId: string | null;
  Role: 'Admin' | 'SuperAdmin';
  permissions: Record<string, never>;
  iat: number;
  exp: number;
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function signDemoToken(claims: Omit<DemoClaims, 'iat' | 'exp'>, now: number, ttlSeconds = 8 * 3600): string {
  const iat = Math.floor(now / 1000);
  const header = base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  return `${header}.${payload}.demo`;
}

/** The claims of a Bearer header's token, or null. */
export function claimsOf(authorization: string | null): DemoClaims | null {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!m) return null;
  const parts = m[1].split('.');
  if (parts.length !== 3) return null;
  try {
    return JSON.parse(fromBase64Url(parts[1])) as DemoClaims;
  } catch {
    return null;
  }
}
