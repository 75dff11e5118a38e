// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The page's `lang` follows the chosen language on every page (issue 27): CSS upper-casing is
 * language-aware, so a German page marked "tr" turns "Startseite" into "STARTSEİTE".
 * A fresh provider module per test: its loaded state is module state.
 */
describe('the page language', () => {
  let root: Root | undefined;
  beforeEach(() => {
    vi.resetModules();
    document.documentElement.lang = 'tr';
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
  });

  it('follows a change of language', async () => {
    const { i18nProvider } = await import('../../src/providers/i18nProvider.ts');
    await i18nProvider.changeLocale('de');
    expect(document.documentElement.lang).toBe('de');
    await i18nProvider.changeLocale('en');
    expect(document.documentElement.lang).toBe('en');
    await i18nProvider.changeLocale('tr');
    expect(document.documentElement.lang).toBe('tr');
  });

  it('is the stored language on a page without the language switcher (the not-found page loaded directly)', async () => {
    const { i18nProvider } = await import('../../src/providers/i18nProvider.ts');
    const { NotFoundPage } = await import('../../src/custom-pages/public/StatusPage.tsx');
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () =>
      root!.render(
        <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale: 'de' })}>
          <NotFoundPage />
        </AdminContext>,
      ),
    );
    await vi.waitFor(() => expect(host.textContent).toContain('Zur Startseite'));
    expect(document.documentElement.lang).toBe('de');
    host.remove();
  });
});
