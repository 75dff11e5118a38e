// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { UserMenuButton } from '../../src/layout/UserMenuButton.tsx';
import { authProvider } from '../../src/providers/authProvider.ts';
import { clearToken, storeToken } from '../../src/providers/token-store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.tr as unknown as TranslationMessages, 'tr');
const none = { add: false, update: false, delete: false, view: false };
/** An unsigned token with these claims: the browser only reads them (the server checks the signature). */
const tokenWith = (claims: object) =>
  ['{"alg":"HS256"}', JSON.stringify({ sub: 'u1', name: 'Okur', email: 'okur@acme.test', customerId: 'c1', exp: Math.floor(Date.now() / 1000) + 3600, ...claims })]
    .map((part) => Buffer.from(part).toString('base64url'))
    .concat('c2lnbmF0dXJl')
    .join('.');

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  clearToken();
});

describe('the user menu (issue 27)', () => {
  it('offers the user settings (own name and password) to a User whose group lacks the account-settings page', async () => {
    storeToken(tokenWith({ Role: 'User', permissions: { 'account/settings': none, 'reports/list': { ...none, view: true } } }));
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root!.render(
        <AdminContext i18nProvider={i18nProvider} authProvider={authProvider}>
          <UserMenuButton />
        </AdminContext>,
      ),
    );
    await act(async () => (container!.querySelector('button[aria-label]') as HTMLButtonElement).click());
    const items = [...document.querySelectorAll('[role="menuitem"]')].map((e) => e.textContent);
    // Who is signed in, the role in the UI's language.
    expect(items[0]).toBe(`Okurokur@acme.test · ${catalogues.tr.segra.roles.User}`);
    expect(items).toContain(catalogues.tr.segra.screens.account_settings);
    const link = [...document.querySelectorAll('a[role="menuitem"]')].find((e) => e.textContent === catalogues.tr.segra.screens.account_settings);
    expect(link?.getAttribute('href')).toMatch(/\/app\/account\/settings$/);
  });
});
