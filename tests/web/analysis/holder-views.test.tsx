// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holderViewLink, readHolderView } from '../../../src/custom-pages/analysis/findings-link.ts';
import FindingsScreen from '../../../src/resources/findings/FindingsScreen.tsx';
import { formatDate8 } from '../../../src/resources/findings/HolderViews.tsx';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { customerDefaultShown } from './shown-answer.ts';

// Issue 15 item 1: the user and role views, reachable from the findings list and its drill-down.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
let root: Root | undefined;
let container: HTMLElement | undefined;
let calls: URL[] = [];

function Where() {
  const l = useLocation();
  return <span data-testid="where">{`${l.pathname}${l.search}`}</span>;
}
async function render() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}><FindingsScreen /><Where /></AdminContext>));
}
const where = () => container!.querySelector('[data-testid="where"]')!.textContent;
async function waitFor(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${container?.textContent}`);
}
const byTestId = (id: string) => container!.querySelector(`[data-testid="${id}"]`);

const finding = {
  id: 'f1',
  analysisId: 'a3',
  level: 'USER',
  holder: 'ALICE',
  holderName: 'Alice Archer',
  riskId: 'R001',
  riskDescription: 'Pay a vendor you created',
  riskLevel: 'HIGH',
  riskType: 'SOD',
  businessProcess: 'FI',
  sources: '',
  orgValues: ['BUKRS=1000'],
  functions: [
    { functionId: 'F_PAY', action: 'F110', sources: [[{ kind: 'role', name: 'Z_PAY' }]], permissions: [{ object: 'F_REGU_BUK', auth: 'A1', source: 'R:Z_PAY', fields: { BUKRS: ['1000'] } }] },
    { functionId: 'F_VENDOR', action: 'XK01', sources: [[{ kind: 'role', name: 'Z_FI' }, { kind: 'role', name: 'Z_AP' }]], permissions: [] },
  ],
  accepted: false,
  acceptedBy: null,
  message: null,
};

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });

beforeEach(() => {
  localStorage.clear();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      calls.push(url);
      if (url.pathname === '/api/shown-analysis') return json(customerDefaultShown('a3'));
      if (url.pathname === '/api/reports/user-view')
        return json({
          user: 'ALICE',
          fullName: 'Alice Archer',
          department: 'Finance',
          userType: 'A',
          roles: [{ role: 'Z_FI', roleName: 'Finance composite', from: 20260101, to: 99991231 }],
          profiles: ['P_OLD'],
          referenceUsers: [],
          findings: 1,
          accepted: 0,
        });
      if (url.pathname === '/api/reports/role-view')
        return json({
          role: 'Z_AP',
          roleName: 'Accounts payable',
          users: [
            { user: 'BOB', fullName: 'Bob Baker', userType: 'S', via: 'Z_AP', from: 20260101, to: 99991231 },
            { user: 'ALICE', fullName: 'Alice Archer', userType: 'A', via: 'Z_FI', from: 20260101, to: 99991231 },
          ],
          usersTotal: 2,
          alone: [{ id: 'f9', holder: 'Z_AP', riskId: 'R900', riskDescription: 'Create and post an invoice', riskLevel: 'CRITICAL', riskType: 'SOD', accepted: true }],
          combined: [{ id: 'f1', holder: 'ALICE', holderName: 'Alice Archer', userType: 'A', riskId: 'R001', riskDescription: 'Pay a vendor you created', riskLevel: 'HIGH', riskType: 'SOD', accepted: false }],
          combinedTotal: 3,
        });
      if (url.pathname === '/api/findings') return json([finding], { 'Content-Range': 'findings 0-0/1' });
      return json([], { 'Content-Range': 'x */0' });
    }),
  );
});
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  window.location.hash = '';
  vi.unstubAllGlobals();
});

describe('holder view links', () => {
  it('round-trip through the findings list URL; anything else is the list', () => {
    expect(holderViewLink('role', 'Z_A&B')).toBe('/app/reports/list?view=role&name=Z_A%26B');
    expect(readHolderView(new URL(holderViewLink('role', 'Z_A&B'), 'http://x').searchParams)).toEqual({ kind: 'role', name: 'Z_A&B' });
    expect(readHolderView(new URLSearchParams('view=profile&name=P'))).toBeNull();
    expect(readHolderView(new URLSearchParams('view=user'))).toBeNull();
    expect(formatDate8(20260630)).toBe('2026-06-30');
    expect(formatDate8(null)).toBe('—');
  });
});

describe('the user view', () => {
  it("shows the user's name, roles, and all its findings (exact holder) with roles, org values and status", async () => {
    window.location.hash = '#/app/reports/list?view=user&name=ALICE';
    await render();
    await waitFor(() => Boolean(byTestId('user-roles')) && Boolean(byTestId('user-findings')?.textContent?.includes('R001')), 'the user view');
    const view = calls.find((u) => u.pathname === '/api/reports/user-view')!;
    expect(Object.fromEntries(view.searchParams)).toEqual({ analysisId: 'a3', user: 'ALICE' });
    const list = calls.find((u) => u.pathname === '/api/findings')!;
    expect(JSON.parse(list.searchParams.get('filter')!)).toEqual({ analysisId: 'a3', level: ['USER'], holderExact: 'ALICE' });
    const page = byTestId('user-view')!.textContent!;
    expect(page).toContain('User ALICE — Alice Archer');
    expect(page).toContain('Finance');
    // Its SAP user type (issue 27 item 6).
    expect(page).toContain('User type: Dialog');
    expect(byTestId('user-roles')!.textContent).toContain('Finance composite');
    expect(byTestId('user-roles')!.textContent).toContain('2026-01-01');
    expect(byTestId('user-roles')!.textContent).toContain('P_OLD');
    const row = byTestId('user-findings')!.querySelector('[data-testid="analysis-row"]')!;
    expect(row.textContent).toContain('Pay a vendor you created');
    expect(row.textContent).toContain('Z_AP');
    expect(row.textContent).toContain('Z_PAY');
    expect(row.textContent).toContain('BUKRS=1000');
    expect(row.textContent).toContain('Open');
    // The drill-down of a finding; a role in it opens the role view.
    await act(async () => (row as HTMLElement).click());
    expect(byTestId('drill-permissions')!.textContent).toContain('F_REGU_BUK');
    const roleLink = [...byTestId('user-roles')!.querySelectorAll('a')].find((a) => a.textContent === 'Z_FI')!;
    await act(async () => roleLink.click());
    expect(where()).toBe('/app/reports/list?view=role&name=Z_FI');
  });
});

describe('the role view', () => {
  it('shows who holds the role, what it causes alone and what together with other roles', async () => {
    window.location.hash = '#/app/reports/list?view=role&name=Z_AP';
    await render();
    await waitFor(() => Boolean(byTestId('role-users')), 'the role view');
    const view = calls.find((u) => u.pathname === '/api/reports/role-view')!;
    expect(Object.fromEntries(view.searchParams)).toEqual({ analysisId: 'a3', role: 'Z_AP' });
    expect(byTestId('role-view')!.textContent).toContain('Role Z_AP — Accounts payable');
    expect(byTestId('role-alone-table')!.textContent).toContain('R900');
    expect(byTestId('role-alone-table')!.textContent).toContain('Create and post an invoice');
    expect(byTestId('role-alone-table')!.textContent).toContain('Accepted');
    expect(byTestId('role-combined-table')!.textContent).toContain('Alice Archer');
    expect(byTestId('role-combined')!.textContent).toContain('1 of 3 shown');
    const users = [...byTestId('role-users')!.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(users).toEqual([
      ['BOB', 'Bob Baker', 'Service', 'directly', '2026-01-01 – 9999-12-31'],
      ['ALICE', 'Alice Archer', 'Dialog', 'Z_FI', '2026-01-01 – 9999-12-31'],
    ]);
    expect([...byTestId('role-combined-table')!.querySelectorAll('[data-testid="user-type"]')].map((e) => e.textContent)).toEqual(['Dialog']);
    const alice = [...byTestId('role-combined-table')!.querySelectorAll('a')].find((a) => a.textContent === 'ALICE')!;
    await act(async () => alice.click());
    expect(where()).toBe('/app/reports/list?view=user&name=ALICE');
  });

  it('the findings list links each user and role holder to its view', async () => {
    window.location.hash = '#/app/reports/list';
    await render();
    await waitFor(() => Boolean(container!.querySelector('[data-testid="findings"] a')), 'the findings list');
    const link = container!.querySelector('[data-testid="findings"] a') as HTMLAnchorElement;
    expect(link.textContent).toBe('ALICE');
    await act(async () => link.click());
    expect(where()).toBe('/app/reports/list?view=user&name=ALICE');
  });
});
