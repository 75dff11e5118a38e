// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SystemData from '../../../src/resources/system-data/SystemData.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { dataProvider } from '../../../src/providers/dataProvider.ts';

// Issue 27 item 6: the system data's users (USR02) show the SAP user type by name and filter by it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  vi.unstubAllGlobals();
});

const USR02 = [
  { BNAME: 'ALICE', USTYP: 'A', UFLAG: 0, GLTGV: null, GLTGB: null, TRDAT: null, CLASS: 'FI', CODVN: 'H', PWDSTATE: 0, ERDAT: null },
  { BNAME: 'WF-BATCH', USTYP: 'B', UFLAG: 0, GLTGV: null, GLTGB: null, TRDAT: null, CLASS: 'TECH', CODVN: 'H', PWDSTATE: 0, ERDAT: null },
  { BNAME: 'ODD', USTYP: 'X', UFLAG: 0, GLTGV: null, GLTGB: null, TRDAT: null, CLASS: '', CODVN: 'H', PWDSTATE: 0, ERDAT: null },
];

async function until(done: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (done()) return;
    await act(() => new Promise((r) => setTimeout(r, 50)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${container?.textContent}`);
}

describe('system data: the users of a period', () => {
  it('show USR02’s user type with its name, and a user-type choice filters them on the server', async () => {
    const calls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
        calls.push(url);
        const json = (body: unknown, range?: string) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...(range ? { 'Content-Range': range } : {}) } });
        if (url.pathname === '/api/system-periods') return json([{ id: 'p1', name: 'PRD June', status: 'ready', periodDate: '2026-06-30' }], 'system-periods 0-0/1');
        if (url.pathname === '/api/system-periods/p1/tables') return json([{ table: 'USR02', rows: 3, columns: Object.keys(USR02[0]) }]);
        if (url.pathname === '/api/system-periods/p1/tables/USR02') {
          const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { USTYP?: string };
          const rows = USR02.filter((u) => !filter.USTYP || u.USTYP === filter.USTYP).map((u, i) => ({ id: i, ...u }));
          return json(rows, `USR02 0-${rows.length - 1}/${rows.length}`);
        }
        return json([], 'x */0');
      }),
    );
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
    await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}><SystemData /></AdminContext>));
    const types = () => [...container!.querySelectorAll('[data-testid="table-USR02"] [data-testid="user-type"]')].map((e) => e.textContent);
    await until(() => types().length === 3, 'the users');
    expect(types()).toEqual(['A (Dialog)', 'B (System)', 'X (Unknown)']);

    const select = container!.querySelector('[data-testid="usr02-user-type"] [role="combobox"]')!;
    await act(async () => select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    await until(() => [...document.querySelectorAll('[role="option"]')].some((o) => o.textContent === 'System'), 'the options');
    await act(async () => ([...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === 'System') as HTMLElement).click());
    await until(() => types().length === 1, 'the filtered users');
    expect(types()).toEqual(['B (System)']);
    const last = calls.filter((u) => u.pathname === '/api/system-periods/p1/tables/USR02').at(-1)!;
    expect(JSON.parse(last.searchParams.get('filter')!)).toEqual({ USTYP: 'B' });
  });
});
