// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, currentClaims } from '../../src/providers/authProvider.ts';
import { clearToken, readToken, storeToken } from '../../src/providers/token-store.ts';

function token(claims: object): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;
}
const future = Math.floor(Date.now() / 1000) + 3600;
const claims = { sub: 'u1', name: 'Ayşe', email: 'a@x.test', customerId: 'c1', Role: 'Admin', permissions: {}, exp: future };

describe('authProvider', () => {
  beforeEach(() => clearToken());
  afterEach(() => vi.unstubAllGlobals());

  it('logs in through POST /api/auth/login and keeps the token', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ token: token(claims) }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await authProvider.login({ email: 'a@x.test', password: 'pass' });
    expect(fetch).toHaveBeenCalledWith('/api/auth/login', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      email: 'a@x.test',
      password: 'pass',
    });
    expect(readToken()).toBe(token(claims));
    await expect(authProvider.getPermissions!({})).resolves.toEqual({ role: 'Admin', pages: {} });
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: 'u1', fullName: 'Ayşe', role: 'Admin' });
  });

  it('fails with the spec message key on bad credentials, and the rate-limit key on 429', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'INVALID_CREDENTIALS' }), { status: 401 })));
    await expect(authProvider.login({ email: 'a@x.test', password: 'bad!' })).rejects.toThrow('segra.auth.login_failed');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'RATE_LIMITED' }), { status: 429 })));
    await expect(authProvider.login({ email: 'a@x.test', password: 'bad!' })).rejects.toThrow('segra.auth.rate_limited');
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'CUSTOMER_PASSIVE' }), { status: 403 })));
    await expect(authProvider.login({ email: 'a@x.test', password: 'right' })).rejects.toThrow('segra.auth.customer_passive');
    // The database away (DESIGN 7b): not "check entered values", but that the server is reconnecting.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'DATABASE_UNAVAILABLE', params: { seconds: 5 } }), { status: 503 })));
    await expect(authProvider.login({ email: 'a@x.test', password: 'right' })).rejects.toThrow('segra.auth.database_unavailable');
    expect(readToken()).toBeNull();
  });

  it('logs out on the server too: POST /api/auth/logout with the token, which the browser forgets whatever the answer', async () => {
    const live = token(claims);
    storeToken(live);
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await authProvider.logout({});
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${live}`);
    expect(readToken()).toBeNull();

    // An unreachable server still leaves the browser logged out; without a live token nothing is sent.
    storeToken(live);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(authProvider.logout({})).resolves.toBeUndefined();
    expect(readToken()).toBeNull();
    const none = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', none);
    storeToken(token({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }));
    await authProvider.logout({});
    expect(none).not.toHaveBeenCalled();
  });

  it('treats an expired token as logged out, and a 401 from the API as the end of the session', async () => {
    storeToken(token({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }));
    await expect(authProvider.checkAuth({})).rejects.toThrow();
    expect(readToken()).toBeNull();
    storeToken(token(claims));
    expect(currentClaims()?.Role).toBe('Admin');
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow();
    expect(readToken()).toBeNull();
  });
});
