// @vitest-environment happy-dom
/**
 * The analysis screen shows the input warnings that applied to an analysis (DESIGN 4.1b, issue
 * 29), worded from their codes in the UI's language by the component the import screens use.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnalysisRequests from '../../../src/resources/analyses/AnalysisRequests.tsx';
import FindingsList from '../../../src/resources/findings/FindingsList.tsx';
import { shownOf } from '../../../contracts/analysis-shown.ts';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { clearToken, storeToken } from '../../../src/providers/token-store.ts';
import { catalogues, type Locale } from '../../../src/i18n/catalogues.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(async () => {
  clearToken();
  await act(async () => root?.unmount());
  container?.remove();
  vi.unstubAllGlobals();
});

const analysis = (id: string, warnings: unknown) => ({
  id,
  name: `Analysis ${id}`,
  description: '',
  systemPeriodId: 'sp1',
  riskPeriodId: 'rp1',
  level: 'permission',
  mode: 'same-instance',
  status: 'completed',
  progress: 100,
  phase: null,
  error: null,
  counts: { findings: 2 },
  warnings,
  createdBy: 'admin@segra.local',
  createdAt: '2026-11-27T10:00:00Z',
  startedAt: '2026-11-27T10:00:01Z',
  finishedAt: '2026-11-27T10:00:06Z',
});

const rows = [
  analysis('a1', [
    { code: 'IGNORED_COLUMNS', table: 'AGR_USERS', count: 1, examples: ['COMMENT'] },
    { code: 'ACTION_NOT_IN_FUNCTION', table: 'FUNCTION_PERMISSIONS', count: 1, examples: ['VEND/FK99/F_LFA1_APP'] },
    { code: 'USAGE_OUTSIDE_WINDOW', table: 'USAGE', count: 3, examples: ['U1/F110/2026-12-01'] },
  ]),
  // Run before warnings were kept, or nothing to say: no button.
  analysis('a2', null),
  analysis('a3', []),
];

const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');

async function renderIn(locale: Locale, Screen: () => React.JSX.Element = AnalysisRequests, ready = 'Analysis a3') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      if (url.pathname === '/api/shown-analysis') {
        const chosen = { analysisId: 'a1', name: 'Analysis a1', setBy: 'x@test', setAt: '2026-11-27T00:00:00.000Z' };
        return new Response(JSON.stringify(shownOf(chosen, null)), { headers: { 'Content-Type': 'application/json' } });
      }
      if (url.pathname === '/api/analyses/a1') return new Response(JSON.stringify(rows[0]), { headers: { 'Content-Type': 'application/json' } });
      const body = url.pathname === '/api/analyses' ? rows : [];
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', 'Content-Range': `x 0-${Math.max(0, body.length - 1)}/${body.length}` } });
    }),
  );
  storeToken(`${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600, Role: 'Admin', permissions: {} })}.c2ln`);
  const i18nProvider = polyglotI18nProvider(() => catalogues[locale] as unknown as TranslationMessages, locale);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>{<Screen />}</AdminContext>));
  for (let waited = 0; waited < 5000 && !container.textContent?.includes(ready); waited += 50) {
    await act(() => new Promise((r) => setTimeout(r, 50)));
  }
}

const rowOf = (id: string) => [...container!.querySelectorAll('[data-testid="analysis-row"]')].find((r) => r.textContent?.includes(`Analysis ${id}`))!;

describe('analysis screen: the input warnings of each analysis (DESIGN 4.1b)', () => {
  it('shows how many applied, and each worded from its code with its table, count and examples', async () => {
    await renderIn('en');
    expect(rowOf('a2').querySelector('[data-testid="import-warnings-toggle"]')).toBeNull();
    expect(rowOf('a3').querySelector('[data-testid="import-warnings-toggle"]')).toBeNull();
    const toggle = rowOf('a1').querySelector('[data-testid="import-warnings-toggle"]') as HTMLElement;
    expect(toggle.textContent).toBe('Data quality: 3 warning(s)');
    await act(async () => toggle.click());
    const items = [...rowOf('a1').querySelectorAll('[data-testid="import-warning"]')].map((e) => e.textContent);
    expect(items).toEqual([
      'Columns that were not read — table AGR_USERS, 1Examples: COMMENT',
      'Permission lines naming an action their function does not have (not evaluated) — table FUNCTION_PERMISSIONS, 1Examples: VEND/FK99/F_LFA1_APP',
      'Usage rows dated after the analysis date or before the usage window (not counted) — table USAGE, 3Examples: U1/F110/2026-12-01',
    ]);
  });

  it('speaks German too', async () => {
    await renderIn('de');
    const toggle = rowOf('a1').querySelector('[data-testid="import-warnings-toggle"]') as HTMLElement;
    await act(async () => toggle.click());
    expect(rowOf('a1').textContent).toContain('Spalten, die nicht gelesen wurden');
    expect(rowOf('a1').textContent).toContain('Tabelle AGR_USERS, 1');
  });

  it('the risk analysis list shows the warnings of the analysis whose findings it lists', async () => {
    await renderIn('en', FindingsList, 'Data quality: 3 warning(s)');
    const toggle = container!.querySelector('[data-testid="import-warnings-toggle"]') as HTMLElement;
    expect(toggle.textContent).toBe('Data quality: 3 warning(s)');
    await act(async () => toggle.click());
    expect(container!.querySelectorAll('[data-testid="import-warning"]')).toHaveLength(3);
    expect(container!.textContent).toContain('Columns that were not read — table AGR_USERS, 1');
  });
});
