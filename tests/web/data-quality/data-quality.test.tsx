// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataQualitySummary, ScopedUser } from '../../../contracts/data-quality.ts';
import DataQuality from '../../../src/custom-pages/data-quality/DataQuality.tsx';
import { DATA_QUALITY_PATH, dataQualityPath } from '../../../src/custom-pages/data-quality/routes.ts';
import { catalogues, type Locale } from '../../../src/i18n/catalogues.ts';
import { dataProvider } from '../../../src/providers/dataProvider.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Issue 13 item 4: the data-quality screen of a system period, over the API's two endpoints.
let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.unstubAllGlobals();
});

const summary: DataQualitySummary = {
  periodId: 'p1',
  periodDate: '2026-06-30',
  status: 'ready',
  tables: [
    { table: 'USR02', rows: 36 },
    { table: 'AGR_1251', rows: 63908 },
    { table: 'AGR_USERS', rows: 3 },
    { table: 'AGR_DEFINE', rows: 0 },
  ],
  warnings: [{ code: 'USER_NOT_IN_USR02', table: 'AGR_USERS', count: 1, examples: ['GHOST1'] }],
  users: { inUsr02: 35, inScope: 31, outOfScope: 6, byReason: { locked: 2, expired: 2, 'not-yet-valid': 1, 'missing-from-usr02': 2 } },
};
const USERS: ScopedUser[] = [
  { id: 'ACTIVE', bname: 'ACTIVE', userType: 'A', inScope: true, reasons: [], namedIn: [] },
  { id: 'GHOST1', bname: 'GHOST1', userType: '', inScope: false, reasons: ['missing-from-usr02'], namedIn: ['AGR_USERS', 'UST04'] },
  { id: 'LOCKEXP', bname: 'LOCKEXP', userType: 'B', inScope: false, reasons: ['locked', 'expired'], namedIn: [] },
];

async function renderIn(locale: Locale) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      calls.push(url);
      const json = (body: unknown, range?: string) =>
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...(range ? { 'Content-Range': range } : {}) } });
      if (url.pathname === '/api/system-periods/p1') return json({ id: 'p1', name: 'PRD June' });
      if (url.pathname === '/api/system-periods/p1/data-quality') return json(summary);
      if (url.pathname === '/api/system-periods/p1/data-quality/users') {
        const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { scope?: string; reason?: string; userType?: string[] };
        const rows = USERS.filter((u) => (filter.scope === 'out' ? !u.inScope : filter.scope === 'in' ? u.inScope : true))
          .filter((u) => !filter.reason || u.reasons.includes(filter.reason as never))
          .filter((u) => !filter.userType || filter.userType.includes(u.userType));
        return json(rows, `users 0-${rows.length - 1}/${rows.length}`);
      }
      return new Response('{}', { status: 404 });
    }),
  );
  const i18nProvider = polyglotI18nProvider(() => catalogues[locale] as unknown as TranslationMessages, locale);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <MemoryRouter initialEntries={[dataQualityPath('p1')]}>
        <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
          <Routes>
            <Route path={DATA_QUALITY_PATH} element={<DataQuality />} />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    ),
  );
  await until(() => container!.querySelectorAll('[data-testid="data-quality-user"]').length > 0);
  return calls;
}

async function until(done: () => boolean) {
  for (let waited = 0; waited < 5000 && !done(); waited += 50) await act(() => new Promise((r) => setTimeout(r, 50)));
}

const texts = (selector: string) => [...container!.querySelectorAll(selector)].map((e) => e.textContent);

describe('data-quality screen of a system period', () => {
  it('shows the counts per table, the warnings open, and the users with their reasons', async () => {
    await renderIn('en');
    expect(container!.querySelector('[data-testid="data-quality-period"]')!.textContent).toBe('Period PRD June, dated 30/06/2026');
    expect(texts('[data-testid="data-quality-table-row"]')).toEqual(['USR0236', 'AGR_125163,908', 'AGR_USERS3', 'AGR_DEFINE0']);
    expect(texts('[data-testid="import-warning"]')[0]).toContain('Users with roles or profiles who are missing from USR02');
    expect(container!.querySelector('[data-testid="data-quality-out-of-scope"]')!.textContent).toBe('Out of scope: 6');
    expect(container!.querySelector('[data-testid="data-quality-reason-not-yet-valid"]')!.textContent).toBe('Not yet valid: 1');
    expect(texts('[data-testid="data-quality-user-reasons"]')).toEqual(['', 'Missing from USR02', 'Locked, Expired']);
  });

  it('filters the users by a reason picked from its count, through the API', async () => {
    const calls = await renderIn('de');
    await act(async () => (container!.querySelector('[data-testid="data-quality-reason-locked"]') as HTMLElement).click());
    await until(() => container!.querySelectorAll('[data-testid="data-quality-user"]').length === 1);
    expect(texts('[data-testid="data-quality-user-reasons"]')).toEqual(['Gesperrt, Abgelaufen']);
    const last = calls.filter((u) => u.pathname.endsWith('/data-quality/users')).at(-1)!;
    expect(JSON.parse(last.searchParams.get('filter')!)).toEqual({ scope: 'out', reason: 'locked' });
    expect(JSON.parse(last.searchParams.get('range')!)).toEqual([0, 24]);
  });

  it('shows each user’s SAP user type and filters the users by it through the API (issue 27 item 6)', async () => {
    const calls = await renderIn('en');
    expect(texts('[data-testid="data-quality-user"] [data-testid="user-type"]')).toEqual(['Dialog', 'Unknown', 'System']);
    const select = container!.querySelector('[data-testid="data-quality-user-type"]')!.parentElement!.querySelector('[role="combobox"]')!;
    await act(async () => select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    await until(() => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent === 'System'));
    await act(async () => ([...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'System') as HTMLElement).click());
    await until(() => container!.querySelectorAll('[data-testid="data-quality-user"]').length === 1);
    expect(texts('[data-testid="data-quality-user"] [data-testid="user-type"]')).toEqual(['System']);
    const last = calls.filter((u) => u.pathname.endsWith('/data-quality/users')).at(-1)!;
    expect(JSON.parse(last.searchParams.get('filter')!)).toEqual({ userType: ['B'] });
  });

  it('speaks Turkish, the default language', async () => {
    await renderIn('tr');
    expect(container!.querySelector('h1')!.textContent).toBe('Veri kalitesi');
    expect(texts('[data-testid="data-quality-table-row"]')[1]).toBe('AGR_125163.908');
    expect(container!.querySelector('[data-testid="data-quality-period"]')!.textContent).toBe('Dönem PRD June, tarih 30.06.2026');
    expect(texts('[data-testid="data-quality-user-reasons"]')).toEqual(['', 'USR02’de yok', 'Kilitli, Süresi dolmuş']);
  });
});
