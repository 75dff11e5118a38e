// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FindingsList from '../../../src/resources/findings/FindingsList.tsx';
import ReportsDashboard from '../../../src/custom-pages/analysis/ReportsDashboard.tsx';
import Simulation from '../../../src/custom-pages/analysis/Simulation.tsx';
import RiskApproval from '../../../src/resources/risk-acceptances/RiskApproval.tsx';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { findingsApiFilter, findingsListLink, readFindingsUrlFilter } from '../../../src/custom-pages/analysis/findings-link.ts';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { shownOf } from '../../../contracts/analysis-shown.ts';

// Issue 27 item 6: the SAP user type where users are listed, a filter by it, and the dashboard's
// top 10 of dialog users unless other types are chosen, the choice visible.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the findings list URL filters by user type', () => {
  it('reads a user type (the unknown one as `unknown`) and sends it to the API as a list', () => {
    const f = readFindingsUrlFilter(new URLSearchParams('userType=B&level=USER'));
    expect(f).toEqual({ level: 'USER', userType: 'B' });
    expect(findingsApiFilter('a1', f)).toMatchObject({ analysisId: 'a1', level: ['USER'], userType: ['B'] });
    expect(findingsListLink(f)).toBe('/app/reports/list?level=USER&userType=B');
    expect(findingsApiFilter('a1', readFindingsUrlFilter(new URLSearchParams('userType=unknown')))).toMatchObject({ userType: [''] });
  });

  it('ignores a user type SAP does not define', () => {
    expect(readFindingsUrlFilter(new URLSearchParams('userType=X'))).toEqual({});
    expect(readFindingsUrlFilter(new URLSearchParams('userType='))).toEqual({});
    expect(findingsApiFilter('a1', {}).userType).toBeUndefined();
  });
});

const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
let root: Root | undefined;
let container: HTMLElement | undefined;
let calls: URL[] = [];
type Route = (url: URL) => unknown;

async function render(node: ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>{node}</AdminContext>));
}
async function waitFor(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${container?.textContent}`);
}
function mockApi(route: Route) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      calls.push(url);
      // The analysis shown (issue 27 item 1): the customer's default a3.
      if (url.pathname === '/api/shown-analysis')
        return new Response(JSON.stringify(shownOf(null, { analysisId: 'a3', name: 'Analysis a3', setBy: 'admin@x.test', setAt: '2026-01-01T00:00:00.000Z' })), { status: 200, headers: { 'Content-Type': 'application/json' } });
      const body = route(url) ?? [];
      const list = Array.isArray(body);
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ...(list ? { 'Content-Range': (body as unknown[]).length === 0 ? 'x */0' : `x 0-${(body as unknown[]).length - 1}/${(body as unknown[]).length}` } : {}) },
      });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  calls = [];
});
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  root = undefined;
  window.location.hash = '';
  vi.unstubAllGlobals();
});

const finding = (id: string, level: string, holder: string, userType: string | null) => ({
  id,
  analysisId: 'a3',
  level,
  holder,
  userType,
  riskId: 'R1',
  riskLevel: 'HIGH',
  riskType: 'SOD',
  businessProcess: 'P2P',
  functions: [],
  sources: '',
  orgValues: [],
  accepted: false,
  acceptedBy: null,
  message: null,
  status: 'open',
  controls: [],
});

describe('the findings list shows and filters by user type', () => {
  it('shows each user finding’s type by name, none for a role, and sends the URL’s type to the API', async () => {
    window.location.hash = '#/app/reports/list?userType=B';
    mockApi((url) =>
      url.pathname === '/api/findings'
        ? [finding('f1', 'USER', 'DDIC', 'B'), finding('f2', 'USER', 'GHOST', ''), finding('f3', 'ROLE', 'Z_AP', null)]
        : undefined,
    );
    await render(<FindingsList />);
    await waitFor(() => container!.querySelectorAll('[data-testid="analysis-row"], tbody tr').length >= 3 && container!.textContent!.includes('DDIC'), 'the rows');
    const call = calls.find((u) => u.pathname === '/api/findings')!;
    expect(JSON.parse(call.searchParams.get('filter')!)).toEqual({ analysisId: 'a3', userType: ['B'] });
    const types = [...container!.querySelectorAll('[data-testid="user-type"]')].map((e) => e.textContent);
    expect(types).toEqual(['System', 'Unknown']);
    expect(container!.querySelector('[data-testid="user-type"]')!.getAttribute('title')).toBe('USTYP B');
    // The filter's field shows the chosen type by name.
    const labels = [...container!.querySelectorAll('.MuiInputLabel-root')].map((l) => l.textContent);
    expect(labels).toContain('User type');
    expect(container!.textContent).toContain('System');
  });
});

const dashboard = (types: string[]) => ({
  analysis: { id: 'a3', name: 'Analysis a3', analysisDate: '2026-06-30', systemPeriodName: 'June', level: 'permission', mode: 'same-instance', finishedAt: null },
  totals: { findings: 10, accepted: 0, open: 10 },
  byRiskLevel: [],
  byLevel: [],
  byBusinessProcess: [],
  acceptedVsOpen: { accepted: 0, open: 10 },
  topUserTypes: types,
  topUsers: types.includes('B')
    ? [{ holder: 'DDIC', userType: 'B', fullName: '', department: '', critical: 4, high: 0, findings: 4, accepted: 0 }, { holder: 'ALICE', userType: 'A', fullName: 'Alice', department: 'FI', critical: 1, high: 1, findings: 2, accepted: 0 }]
    : [{ holder: 'ALICE', userType: 'A', fullName: 'Alice', department: 'FI', critical: 1, high: 1, findings: 2, accepted: 0 }],
  topUsersOfOtherTypes: types.includes('B') ? 0 : 3,
  trend: [],
});

describe('the dashboard’s top 10 counts dialog users unless other types are chosen', () => {
  it('asks for dialog users by default, shows the choice and what it leaves out, and asks again for the types chosen', async () => {
    mockApi((url) => (url.pathname === '/api/reports/dashboard' ? dashboard(JSON.parse(url.searchParams.get('userTypes')!)) : undefined));
    await render(<ReportsDashboard />);
    await waitFor(() => Boolean(container!.querySelector('[data-testid="top-risk-users"]')), 'the top 10');
    const asked = () => calls.filter((u) => u.pathname === '/api/reports/dashboard').map((u) => JSON.parse(u.searchParams.get('userTypes')!));
    expect(asked()).toEqual([['A']]);
    const control = container!.querySelector('[data-testid="top-users-user-types"]')!;
    expect(control.querySelector('.MuiInputLabel-root')!.textContent).toBe('User type');
    expect(control.querySelector('[role="combobox"]')!.textContent).toBe('Dialog');
    expect(container!.querySelector('[data-testid="top-users-other-types"]')!.textContent).toBe('Users with critical or high findings of other types (not shown): 3');
    expect([...container!.querySelectorAll('[data-testid="top-risk-user"] [data-testid="user-type"]')].map((e) => e.textContent)).toEqual(['Dialog']);

    // Open the choice and add system users.
    await act(async () => {
      control.querySelector('[role="combobox"]')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    await waitFor(() => Boolean(document.querySelector('[data-testid="user-type-option-B"]')), 'the user type options');
    await act(async () => (document.querySelector('[data-testid="user-type-option-B"]') as HTMLElement).click());
    await waitFor(() => asked().length === 2 && container!.textContent!.includes('DDIC'), 'the top 10 of dialog and system users');
    expect(asked()[1]).toEqual(['A', 'B']);
    expect([...container!.querySelectorAll('[data-testid="top-risk-user"] [data-testid="user-type"]')].map((e) => e.textContent)).toEqual(['System', 'Dialog']);
    expect(control.querySelector('[role="combobox"]')!.textContent).toBe('Dialog, System');
    expect(container!.querySelector('[data-testid="top-users-other-types"]')).toBeNull();
  });
});

describe('the simulation’s user picker names each user’s type', () => {
  it('shows the SAP user type beside each user it offers', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/system-periods') return [{ id: 'p1', name: 'PRD June', status: 'ready', periodDate: '2026-06-30' }];
      if (url.pathname === '/api/risk-periods') return [{ id: 'r1', name: 'Rules', status: 'ready', periodDate: '2026-06-30' }];
      if (url.pathname === '/api/system-periods/p1/tables/USR02') {
        return [
          { id: 0, BNAME: 'ALICE', USTYP: 'A' },
          { id: 1, BNAME: 'DDIC', USTYP: 'B' },
          { id: 2, BNAME: 'KIOSK', USTYP: 's' },
        ];
      }
      return undefined;
    });
    await render(<Simulation />);
    await waitFor(() => Boolean(container!.querySelector('[data-testid="sim-holder"]')), 'the user picker');
    await waitFor(() => calls.some((u) => u.pathname === '/api/system-periods/p1/tables/USR02'), 'the users asked');
    const input = container!.querySelector('[data-testid="sim-holder"]') as HTMLInputElement;
    await act(async () => {
      input.focus();
      input.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    await waitFor(() => document.querySelectorAll('[role="option"]').length === 3, 'the options');
    const options = [...document.querySelectorAll('[role="option"]')].map((o) => [o.querySelector('span')!.textContent, o.querySelector('[data-testid="user-type"]')?.textContent]);
    expect(options).toEqual([
      ['ALICE', 'Dialog'],
      ['DDIC', 'System'],
      ['KIOSK', 'Service'],
    ]);
  });
});

describe('the risk approval report names each user acceptance’s user type', () => {
  it('shows the type of a user acceptance, none for a role or global one', async () => {
    const acceptance = (id: string, scope: string, holder: string, userType: string | null) => ({ id, riskId: 'R1', scope, holder, userType, message: 'ok', validFrom: null, validTo: null, createdBy: 'a', createdAt: null, updatedBy: null, updatedAt: null });
    mockApi((url) =>
      url.pathname === '/api/risk-acceptances'
        ? [acceptance('1', 'user', 'DDIC', 'B'), acceptance('2', 'user', 'GHOST', ''), acceptance('3', 'role', 'Z_AP', null), acceptance('4', 'global', '', null)]
        : undefined,
    );
    await render(<RiskApproval />);
    await waitFor(() => container!.textContent!.includes('GHOST'), 'the acceptances');
    const rows = [...container!.querySelectorAll('[data-testid="acceptances"] tbody tr')];
    expect(rows.map((r) => r.querySelector('[data-testid="user-type"]')?.textContent ?? null)).toEqual(['System', 'Unknown', null, null]);
  });
});
