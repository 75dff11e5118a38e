import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The login page carries only the Turkish core catalogue (issue 14: its JavaScript does not
 * grow); the feature catalogues and the other languages arrive with the first page behind it.
 * A fresh provider module per test: its loaded state is module state.
 */
const load = async () => {
  vi.resetModules();
  return import('../../src/providers/i18nProvider.ts');
};

// A key of a feature catalogue (the server's messages) and one of the Turkish core.
const FEATURE = 'segra.errors.code.NOT_FOUND';
const CORE = 'segra.auth.sign_in';

describe('lazily loaded catalogues', () => {
  beforeEach(() => vi.resetModules());

  it('translates the core up front and the feature catalogues once loaded', async () => {
    const { i18nProvider, loadAllMessages } = await load();
    expect(i18nProvider.translate(CORE)).toBe('Giriş yap');
    expect(i18nProvider.translate(FEATURE)).toBe(FEATURE);
    await loadAllMessages();
    expect(i18nProvider.getLocale()).toBe('tr');
    expect(i18nProvider.translate(FEATURE)).toBe('Kayıt bulunamadı');
  });

  it('loads another language whole (core and features) on a change of language', async () => {
    const { i18nProvider } = await load();
    await i18nProvider.changeLocale('de');
    expect(i18nProvider.getLocale()).toBe('de');
    expect(i18nProvider.translate(CORE)).toBe('Anmelden');
    expect(i18nProvider.translate(FEATURE)).toBe('Datensatz nicht gefunden');
  });

  it('a stored language chosen while the catalogues load is not undone by their arrival', async () => {
    const { i18nProvider, loadAllMessages } = await load();
    // What react-admin does at start with a stored locale, while the first page loads its messages.
    const change = i18nProvider.changeLocale('en');
    const all = loadAllMessages();
    await Promise.all([change, all]);
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.translate(FEATURE)).toBe('Record not found');
  });

  it('the later of two changes wins', async () => {
    const { i18nProvider } = await load();
    await Promise.all([i18nProvider.changeLocale('de'), i18nProvider.changeLocale('en')]);
    expect(i18nProvider.getLocale()).toBe('en');
  });
});
