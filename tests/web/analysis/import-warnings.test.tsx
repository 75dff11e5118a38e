// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WARNING_CODES } from '../../../engine/model/data-warnings.ts';
import SystemPeriods from '../../../src/resources/system-periods/SystemPeriods.tsx';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { catalogues, type Locale } from '../../../src/i18n/catalogues.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.unstubAllGlobals();
});

const period = {
  id: 'p1',
  name: 'PRD June',
  periodDate: '2026-06-30',
  systemId: 's1',
  status: 'ready',
  progress: 100,
  error: null,
  warnings: [
    { code: 'USER_NOT_IN_USR02', table: 'AGR_USERS', count: 11, examples: ['JDOE', 'MMAX'] },
    { code: 'ROW_LIMIT_SUSPECTED', table: 'USR02', count: 500, examples: ['USR02.txt'] },
  ],
};

async function renderIn(locale: Locale) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const body = url.pathname === '/api/system-periods' ? [period] : [];
      return new Response(JSON.stringify(body), {
        headers: { 'Content-Type': 'application/json', 'Content-Range': `x 0-${body.length - 1}/${body.length}` },
      });
    }),
  );
  const i18nProvider = polyglotI18nProvider(() => catalogues[locale] as unknown as TranslationMessages, locale);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>{<SystemPeriods />}</AdminContext>));
  for (
    let waited = 0;
    waited < 5000 && !container.querySelector('[data-testid="import-warnings-toggle"]');
    waited += 50
  ) {
    await act(() => new Promise((r) => setTimeout(r, 50)));
  }
}

describe('system period screen: data-quality warnings (DESIGN 4.1a)', () => {
  // The codes live once (engine/model/data-warnings.ts) for the server and the screen.
  it('knows every code the server gives, in every language', () => {
    for (const locale of ['tr', 'en', 'de'] as const) {
      const codes = (
        catalogues[locale] as unknown as { segra: { analysis: { data_quality: { codes: Record<string, string> } } } }
      ).segra.analysis.data_quality.codes;
      expect(Object.keys(codes).sort(), locale).toEqual([...WARNING_CODES].sort());
    }
  });

  it('shows how many warnings the import gave, and each with its table, count and examples', async () => {
    await renderIn('en');
    const toggle = container!.querySelector('[data-testid="import-warnings-toggle"]') as HTMLElement;
    expect(toggle.textContent).toBe('Data quality: 2 warning(s)');
    expect(container!.querySelector('[data-testid="import-warnings"]')).toBeNull();
    await act(async () => toggle.click());
    const items = [...container!.querySelectorAll('[data-testid="import-warning"]')].map((e) => e.textContent);
    expect(items).toEqual([
      'Users with roles or profiles who are missing from USR02 (not analysed) — table AGR_USERS, 11Examples: JDOE, MMAX',
      'Row count equal to an SE16N hit limit: the export may be cut short — table USR02, 500Examples: USR02.txt',
    ]);
  });

  it('speaks Turkish, the default language, too', async () => {
    await renderIn('tr');
    const toggle = container!.querySelector('[data-testid="import-warnings-toggle"]') as HTMLElement;
    expect(toggle.textContent).toBe('Veri kalitesi: 2 uyarı');
    await act(async () => toggle.click());
    expect(container!.textContent).toContain('USR02’de bulunmayan kullanıcılar');
    expect(container!.textContent).toContain('AGR_USERS tablosu, 11');
  });
});
