// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { CustomerPicker } from '../../src/layout/CustomerPicker.tsx';
import { authProvider } from '../../src/providers/authProvider.ts';
import { getActiveCustomer, setActiveCustomer } from '../../src/providers/customer-scope.ts';
import { dataProvider } from '../../src/providers/dataProvider.ts';
import { clearToken, storeToken } from '../../src/providers/token-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const A = 'aaaaaaaa-0000-4000-8000-0000000000a1';
const B = 'bbbbbbbb-0000-4000-8000-0000000000b2';
const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
const token = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'root', name: 'Root', email: 'root@segra.test', customerId: null, Role: 'SuperAdmin', permissions: {}, exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.c2ln`;
const answer = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) } });

/** The SuperAdmin's active customer is remembered across logins (issue 27), on the server. */
describe('the active customer across logins', () => {
  beforeEach(() => {
    clearToken();
    setActiveCustomer(null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a login restores the active customer the server kept for the user', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ token: token({}), user: { id: 'root', role: 'SuperAdmin', customerId: null, activeCustomerId: A } })));
    await authProvider.login({ email: 'root@segra.test', password: 'pass' });
    expect(getActiveCustomer()).toBe(A);
  });

  it('a login without a kept customer starts with none, whatever this tab had', async () => {
    setActiveCustomer(B);
    vi.stubGlobal('fetch', vi.fn(async () => answer({ token: token({}), user: { id: 'root', role: 'SuperAdmin', customerId: null, activeCustomerId: null } })));
    await authProvider.login({ email: 'root@segra.test', password: 'pass' });
    expect(getActiveCustomer()).toBeNull();
  });

  describe('the picker', () => {
    let root: Root | undefined;
    let host: HTMLElement | undefined;
    afterEach(async () => {
      await act(async () => root?.unmount());
      host?.remove();
    });

    it('tells the server each choice, so the next login finds it', async () => {
      storeToken(token({}));
      const calls: { url: string; method: string; body: unknown }[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
          const url = new URL(request.url);
          const body = request.method === 'GET' ? undefined : await request.clone().json();
          calls.push({ url: url.pathname, method: request.method, body });
          if (url.pathname === '/api/customers') return answer([{ id: A, name: 'Acme' }, { id: B, name: 'Beta' }], { headers: { 'Content-Range': 'customers 0-1/2' } });
          return answer(body);
        }),
      );
      const i18nProvider = polyglotI18nProvider(() => catalogues.tr as unknown as TranslationMessages, 'tr');
      host = document.createElement('div');
      document.body.append(host);
      root = createRoot(host);
      await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}><CustomerPicker /></AdminContext>));
      await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/customers')).toBe(true));
      const combo = host.querySelector('[role="combobox"]') as HTMLElement;
      await act(async () => combo.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
      const beta = await vi.waitFor(() => {
        const option = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'Beta') as HTMLElement | undefined;
        expect(option).toBeDefined();
        return option!;
      });
      await act(async () => beta.click());
      expect(getActiveCustomer()).toBe(B);
      await vi.waitFor(() => expect(calls).toContainEqual({ url: '/api/auth/active-customer', method: 'PUT', body: { customerId: B } }));
    });
  });
});
