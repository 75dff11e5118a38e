// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AnalysisRequests from '../../../src/resources/analyses/AnalysisRequests.tsx';
import Compare from '../../../src/custom-pages/analysis/Compare.tsx';
import FindingsList from '../../../src/resources/findings/FindingsList.tsx';
import { chooseShownAnalysis, shownAnalysisKey } from '../../../src/resources/analyses/shown-analysis-store.ts';
import { shownOf } from '../../../contracts/analysis-shown.ts';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { clearToken, storeToken } from '../../../src/providers/token-store.ts';
import { analysisScreens } from '../../../src/custom-pages/analysis/screens.tsx';
import Special from '../../../src/custom-pages/analysis/Special.tsx';
import SystemPeriods from '../../../src/resources/system-periods/SystemPeriods.tsx';
import { SqlResultTable } from '../../../src/custom-pages/analysis/Special.tsx';
import { TableAutocomplete } from '../../../src/custom-pages/analysis/TableAutocomplete.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
let root: Root | undefined;
let container: HTMLElement | undefined;

async function render(Screen: ComponentType) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>{<Screen />}</AdminContext>));
}

async function waitFor(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${container?.textContent}`);
}
const waitForText = (text: string) => waitFor(() => Boolean(container?.textContent?.includes(text)), text);

type Route = (url: URL) => { body: unknown; headers?: Record<string, string>; status?: number } | undefined;
let calls: URL[] = [];
function mockApi(route: Route) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      calls.push(url);
      const answer = route(url) ?? { body: [], headers: { 'Content-Range': 'x */0' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json', ...(answer.headers ?? {}) },
      });
    }),
  );
}

const analysis = (id: string, status: string, extra: object = {}) => ({
  id,
  name: `Analysis ${id}`,
  description: '',
  systemPeriodId: 'sp1',
  riskPeriodId: 'rp1',
  level: 'permission',
  mode: 'same-instance',
  status,
  progress: status === 'running' ? 40 : null,
  phase: status === 'running' ? 'evaluating' : null,
  error: status === 'failed' ? 'RISKS.csv line 4: unknown function' : null,
  counts: status === 'completed' ? { findings: 12 } : null,
  createdBy: 'admin@segra.local',
  createdAt: '2026-01-01T10:00:00Z',
  startedAt: status === 'enqueued' ? null : '2026-01-01T10:00:01Z',
  finishedAt: ['completed', 'failed', 'canceled'].includes(status) ? '2026-01-01T10:00:06Z' : null,
  ...extra,
});

/** Signs in with a token of these claims (the screens read the role and page permissions from it). */
const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
const signIn = (claims: object) => storeToken(`${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.c2ln`);

beforeEach(() => localStorage.clear());
afterEach(async () => {
  clearToken();
  await act(async () => root?.unmount());
  container?.remove();
  root = undefined;
  vi.unstubAllGlobals();
});

describe('analysis screens', () => {
  it('maps every analysis path of the route table to a lazy screen', () => {
    expect(Object.keys(analysisScreens).sort()).toEqual(
      [
        '/app/reports/create',
        '/app/reports/dashboard',
        '/app/reports/compare',
        '/app/simulation',
        '/app/report/basis',
        '/app/report/special',
      ].sort(),
    );
    for (const screen of Object.values(analysisScreens)) expect((screen as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
  });

  it('lists analysis requests with translated statuses, and a cancel button only for enqueued and running ones', async () => {
    const rows = [analysis('a1', 'enqueued'), analysis('a2', 'running'), analysis('a3', 'completed'), analysis('a4', 'failed'), analysis('a5', 'canceled'), analysis('a6', 'mystery')];
    mockApi((url) => (url.pathname === '/api/analyses' ? { body: rows, headers: { 'Content-Range': 'analyses 0-5/6' } } : undefined));
    signIn({ Role: 'Admin', permissions: {} });
    await render(AnalysisRequests);
    await waitForText('Analysis a6');
    const statuses = [...container!.querySelectorAll('[data-testid="analysis-status"]')].map((e) => e.textContent);
    expect(statuses).toEqual(['Enqueued', 'Running', 'Completed', 'Failed', 'Canceled', 'Unknown']);
    const rowEls = [...container!.querySelectorAll('[data-testid="analysis-row"]')];
    const hasCancel = rowEls.map((r) => [...r.querySelectorAll('button')].some((b) => b.textContent === 'Cancel'));
    expect(hasCancel).toEqual([true, true, false, false, false, false]);
    // Only the completed one can become the default analysis and be exported.
    const hasDefault = rowEls.map((r) => [...r.querySelectorAll('button')].some((b) => b.textContent === 'Set as default'));
    expect(hasDefault).toEqual([false, false, true, false, false, false]);
    // Setting the customer's default is the page's update flag: a view-only group is not offered it (issue 27).
    await act(async () => root!.unmount());
    container!.remove();
    signIn({ Role: 'User', permissions: { 'reports/analyze-request': { add: false, update: false, delete: false, view: true } } });
    await render(AnalysisRequests);
    await waitForText('Analysis a6');
    expect([...container!.querySelectorAll('button')].some((b) => b.textContent === 'Set as default')).toBe(false);
    await act(async () => root!.unmount());
    container!.remove();
    signIn({ Role: 'Admin', permissions: {} });
    await render(AnalysisRequests);
    await waitForText('Analysis a6');
    // The reason in the UI's words (issue 15): the place, then the problem by its rule.
    expect(container!.textContent).toContain('RISKS.csv line 4: the value at this place cannot be read');
    expect(container!.textContent).toContain('5 s');
  });

  it('the cancel dialog says what each button does: "Keep running" leaves the analysis, "Cancel analysis" cancels it (issue 27)', async () => {
    mockApi((url) =>
      url.pathname === '/api/analyses' ? { body: [analysis('a2', 'running')], headers: { 'Content-Range': 'analyses 0-0/1' } } : url.pathname.endsWith('/cancel') ? { body: {} } : undefined,
    );
    await render(AnalysisRequests);
    await waitForText('Analysis a2');
    const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement | undefined;
    const dialogButtons = () => [...document.querySelectorAll('[role="dialog"] button')].map((b) => b.textContent);
    await act(async () => button('Cancel')!.click());
    await waitFor(() => document.querySelector('[role="dialog"]') !== null, 'the dialog');
    expect(dialogButtons()).toEqual(['Keep running', 'Cancel analysis']);
    await act(async () => button('Keep running')!.click());
    await waitFor(() => document.querySelector('[role="dialog"]') === null, 'the dialog to close');
    expect(calls.some((u) => u.pathname.endsWith('/cancel'))).toBe(false);
    await act(async () => button('Cancel')!.click());
    await waitFor(() => button('Cancel analysis') !== undefined, 'the dialog again');
    await act(async () => button('Cancel analysis')!.click());
    await waitFor(() => calls.some((u) => u.pathname === '/api/analyses/a2/cancel'), 'the cancel request');
  });

  it('polls the requests while one is running and stops when none is', async () => {
    let status = 'running';
    mockApi((url) => (url.pathname === '/api/analyses' ? { body: [analysis('a1', status)], headers: { 'Content-Range': 'analyses 0-0/1' } } : undefined));
    await render(AnalysisRequests);
    await waitForText('Running');
    status = 'completed';
    await waitFor(() => container!.textContent!.includes('Completed'), 'the poll to show completion');
    const count = calls.filter((u) => u.pathname === '/api/analyses' && u.searchParams.has('range') && u.searchParams.get('range') === '[0,24]').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    const after = calls.filter((u) => u.pathname === '/api/analyses' && u.searchParams.get('range') === '[0,24]').length;
    expect(after).toBe(count);
  }, 15_000);

  it('deletes an analysis after its confirmation, and the list shows it gone', async () => {
    let rows = [analysis('a3', 'completed')];
    mockApi((url) => {
      if (url.pathname === '/api/analyses') return { body: rows, headers: { 'Content-Range': `analyses 0-${rows.length - 1}/${rows.length}` } };
      if (url.pathname === '/api/analyses/a3') {
        rows = [];
        return { body: analysis('a3', 'completed') };
      }
      return undefined;
    });
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
    await render(AnalysisRequests);
    await waitForText('Analysis a3');
    const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLElement;
    await act(async () => button('Delete').click());
    await act(async () => button('Confirm').click());
    await waitFor(() => Boolean(container!.querySelector('[data-testid="no-data"]')), 'the list without it');
    expect(fetchMock.mock.calls.filter(([u, init]) => String(u).endsWith('/api/analyses/a3') && init?.method === 'DELETE')).toHaveLength(1);
  });

  it('compare asks for both results until both are chosen', async () => {
    mockApi((url) => (url.pathname === '/api/analyses' ? { body: [analysis('a3', 'completed')], headers: { 'Content-Range': 'analyses 0-0/1' } } : undefined));
    await render(Compare);
    await waitForText('Both risk results must be chosen to compare');
    expect(container!.querySelector('[data-testid="compare-required"]')).not.toBeNull();
    expect(calls.some((u) => u.pathname === '/api/analyses/compare')).toBe(false);
  });

  it('the list offers the way back to the customer default to all, and making its analysis the default only to whom may set it (issue 27)', async () => {
    const chosen = (id: string) => ({ analysisId: id, name: `Analysis ${id}`, setBy: 'x@test', setAt: '2026-01-01T00:00:00.000Z' });
    let own: ReturnType<typeof chosen> | null = chosen('a4');
    let customerDefault: ReturnType<typeof chosen> | null = chosen('a3');
    const puts: string[] = [];
    const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
        if (init?.method === 'PUT') {
          const { analysisId } = JSON.parse(init.body as string) as { analysisId: string | null };
          puts.push(`${url.pathname} ${String(analysisId)}`);
          if (url.pathname === '/api/default-analysis') customerDefault = analysisId ? chosen(analysisId) : null;
          else own = analysisId ? chosen(analysisId) : null;
        }
        if (url.pathname === '/api/shown-analysis') return json(shownOf(own, customerDefault));
        if (url.pathname === '/api/analyses') return json([analysis('a3', 'completed'), analysis('a4', 'completed')], { 'Content-Range': 'analyses 0-1/2' });
        return json([], { 'Content-Range': 'x */0' });
      }),
    );
    const button = (text: string) => [...container!.querySelectorAll('button')].find((b) => b.textContent === text);
    const chip = () => container!.querySelector('[data-testid="shown-analysis"]')?.textContent;
    const view = { add: false, update: false, delete: false, view: true };
    signIn({ Role: 'User', permissions: { 'reports/list': view } });
    await render(FindingsList);
    await waitFor(() => chip() === 'Analysis shown: Analysis a4 · your choice', 'the own choice');
    expect(button('Make it the customer’s default')).toBeUndefined();
    await act(async () => button('Back to the customer’s default')!.click());
    await waitFor(() => chip() === 'Analysis shown: Analysis a3 · the customer’s default', 'the customer default');
    expect(puts).toEqual(['/api/shown-analysis null']);
    expect(button('Back to the customer’s default')).toBeUndefined();

    await act(async () => root!.unmount());
    container!.remove();
    own = chosen('a4');
    signIn({ Role: 'User', permissions: { 'reports/list': view, 'reports/analyze-request': { ...view, update: true } } });
    await render(FindingsList);
    await waitFor(() => chip() === 'Analysis shown: Analysis a4 · your choice', 'the own choice');
    await act(async () => button('Make it the customer’s default')!.click());
    await waitFor(() => button('Make it the customer’s default') === undefined, 'the default set');
    expect(puts).toEqual(['/api/shown-analysis null', '/api/default-analysis a4']);
    expect(chip()).toBe('Analysis shown: Analysis a4 · your choice');
  });

  it('the findings list asks for a default analysis, then shows its findings with the drill-down', async () => {
    const finding = {
      id: 'f1',
      analysisId: 'a3',
      level: 'USER',
      holder: 'ALICE',
      riskId: 'R001',
      riskLevel: 'HIGH',
      riskType: 'SOD',
      businessProcess: 'FI',
      sources: 'role:Z_PAY; role:Z_AP',
      functions: [
        {
          functionId: 'F_PAY',
          action: 'F110',
          sources: [[{ kind: 'role', name: 'Z_FI_COMPOSITE' }, { kind: 'role', name: 'Z_PAY' }]],
          permissions: [{ object: 'F_REGU_BUK', auth: 'ZPAY_1000', source: 'R:Z_PAY', fields: { BUKRS: ['1000-1999'], FBTCH: ['*'] } }],
        },
        { functionId: 'F_VENDOR', action: 'XK01', sources: [[{ kind: 'role', name: 'Z_AP' }]] },
      ],
      holderName: 'Alice Archer',
      riskDescription: 'Pay a vendor you created',
      accepted: false,
      acceptedBy: null,
      message: null,
    };
    // The analysis shown is read from the server (issue 27); none is chosen at first.
    let chosen: string | null = null;
    mockApi((url) => {
      if (url.pathname === '/api/analyses') return { body: [analysis('a3', 'completed')], headers: { 'Content-Range': 'analyses 0-0/1' } };
      if (url.pathname === '/api/findings') return { body: [finding], headers: { 'Content-Range': 'findings 0-0/1' } };
      if (url.pathname === '/api/shown-analysis') return { body: shownOf(chosen === null ? null : { analysisId: chosen, name: `Analysis ${chosen}`, setBy: 'me@x.test', setAt: '2026-01-01T00:00:00.000Z' }, null) };
      return undefined;
    });
    // A user of its own: the store of the analysis shown is keyed by user and customer, and other tests chose for u1.
    signIn({ Role: 'Admin', permissions: {}, sub: 'u2' });
    await render(FindingsList);
    await waitForText('A default analysis must be chosen to see the full list');
    expect(calls.some((u) => u.pathname === '/api/findings')).toBe(false);

    chosen = 'a3'; // the user's own choice
    await act(async () => chooseShownAnalysis(shownAnalysisKey('u2', ''), 'a3', dataProvider));
    expect(container!.querySelector('[data-testid="shown-analysis"]')?.textContent).toBe('Analysis shown: Analysis a3 · your choice');
    await waitForText('ALICE');
    const call = calls.find((u) => u.pathname === '/api/findings')!;
    expect(JSON.parse(call.searchParams.get('filter')!)).toEqual({ analysisId: 'a3' });
    expect(container!.querySelector('[data-testid="provenance"]')).toBeNull();
    await act(async () => (container!.querySelector('[data-testid="analysis-row"]') as HTMLElement).click());
    const drill = container!.querySelector('[data-testid="provenance"]')!;
    expect(drill.textContent).toContain('F110');
    // Paths as readable chains, the risk's description and the holder's name; no raw source text.
    expect([...drill.querySelectorAll('[data-testid="source-chain"]')].map((c) => c.textContent)).toEqual([
      'ALICE (user)→Z_FI_COMPOSITE (role)→Z_PAY (role)',
      'ALICE (user)→Z_AP (role)',
    ]);
    expect(drill.textContent).toContain('R001 — Pay a vendor you created');
    expect(drill.textContent).toContain('Alice Archer');
    expect(drill.textContent).not.toContain('role:Z_PAY; role:Z_AP');
    expect(drill.textContent).not.toContain('R:Z_PAY');
    // The object, instance, source, field and values that met the permission line.
    const rows = [...drill.querySelectorAll('[data-testid="drill-permission-row"]')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['F_REGU_BUK', 'ZPAY_1000', 'Z_PAY (role)', 'BUKRS', '1000-1999'],
      ['FBTCH', '*'],
    ]);
    // Accepting is offered to whom the risk approval page lets add (issue 27: not to a view-only auditor).
    const acceptButton = () => [...container!.querySelectorAll('button')].find((b) => b.textContent === 'Accept this risk');
    expect(acceptButton()).toBeDefined();
    await act(async () => root!.unmount());
    container!.remove();
    const view = { add: false, update: false, delete: false, view: true };
    signIn({ Role: 'User', permissions: { 'reports/list': view, 'reports/risk': view }, sub: 'u2' });
    await render(FindingsList);
    await waitForText('ALICE');
    await act(async () => (container!.querySelector('[data-testid="analysis-row"]') as HTMLElement).click());
    expect(container!.querySelector('[data-testid="provenance"]')).not.toBeNull();
    expect(acceptButton()).toBeUndefined();
  });

  it('special analysis says "Data not found" for an empty result and shows the rows otherwise', async () => {
    const Empty = () => <SqlResultTable result={{ columns: ['BNAME'], rows: [], rowCount: 0, truncated: false }} />;
    await render(Empty);
    expect(container!.textContent).toContain('Data not found');
    await act(async () => root!.unmount());
    container!.remove();
    const Full = () => <SqlResultTable result={{ columns: ['BNAME', 'UFLAG'], rows: [['ALICE', 0], ['BOB', 64]], rowCount: 2, truncated: false }} />;
    await render(Full);
    expect(container!.textContent).not.toContain('Data not found');
    expect([...container!.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['BNAME', 'UFLAG']);
    expect(container!.textContent).toContain('BOB');
  });

  it('the user autocomplete is a combobox that asks the period table with the typed text', async () => {
    mockApi((url) =>
      url.pathname === '/api/system-periods/sp1/tables/USR02'
        ? { body: [{ id: 0, BNAME: 'ALICE' }, { id: 1, BNAME: 'ALICE2' }], headers: { 'Content-Range': 'USR02 0-1/2' } }
        : undefined,
    );
    const Picker = () => <TableAutocomplete periodId="sp1" table="USR02" column="BNAME" label="segra.analysis.simulation.user" value={null} onChange={() => undefined} testId="sim-holder" />;
    await render(Picker);
    const input = container!.querySelector('[data-testid="sim-holder"]') as HTMLInputElement;
    expect(input.getAttribute('role')).toBe('combobox');
    await waitFor(() => calls.some((u) => u.pathname.endsWith('/tables/USR02')), 'the first lookup');
    const first = calls.find((u) => u.pathname.endsWith('/tables/USR02'))!;
    expect(JSON.parse(first.searchParams.get('sort')!)).toEqual(['BNAME', 'ASC']);
    expect(JSON.parse(first.searchParams.get('filter')!)).toEqual({});
  });

  it('system periods show the progress of an import and where a failed one went wrong, and poll while importing', async () => {
    let importing = { id: 'p2', name: 'Q2', periodDate: '2026-06-30', systemId: 's1', status: 'importing', progress: 40, error: null } as Record<string, unknown>;
    const failed = { id: 'p1', name: 'Q1', periodDate: '2026-03-31', systemId: 's1', status: 'failed', progress: 0, error: { file: 'USR02.csv', line: 2, column: 'UFLAG', message: 'USR02.csv line 2, column UFLAG: expected an integer' } };
    mockApi((url) => {
      if (url.pathname === '/api/systems') return { body: [{ id: 's1', sid: 'PRD' }], headers: { 'Content-Range': 'systems 0-0/1' } };
      if (url.pathname === '/api/system-periods') return { body: [importing, failed], headers: { 'Content-Range': 'system-periods 0-1/2' } };
      return undefined;
    });
    await render(SystemPeriods);
    await waitForText('Q1');
    expect([...container!.querySelectorAll('[data-testid="period-status"]')].map((e) => e.textContent)).toEqual(['Importing', 'Import failed']);
    expect(container!.querySelector('[role="progressbar"][aria-valuenow="40"]')).not.toBeNull();
    expect(container!.querySelector('[data-testid="import-error"]')!.textContent).toBe('USR02.csv line 2, column UFLAG: expected an integer');
    expect(container!.textContent).toContain('PRD');
    importing = { ...importing, status: 'ready', progress: 100 };
    await waitFor(() => container!.querySelector('[data-testid="period-status"]')!.textContent === 'Ready', 'the poll to show the import ready');
  });

  /** Opens an MUI select (found by its test id) and picks the option with this text. */
  async function pick(testId: string, text: string) {
    const select = container!.querySelector(`[data-testid="${testId}"]`)!.parentElement!.querySelector('[role="combobox"]') as HTMLElement;
    await act(async () => select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
    const option = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent?.includes(text)) as HTMLElement;
    expect(option, `option ${text}`).toBeTruthy();
    await act(async () => option.click());
  }

  it('special analysis runs the chosen query on the period: "Data not found", rows, or the refusal', async () => {
    let answer: { body: unknown; status?: number } = { body: { columns: ['BNAME'], rows: [], rowCount: 0, truncated: false, durationMs: 3 } };
    let runBody: unknown = null;
    mockApi((url) => {
      if (url.pathname === '/api/sql-queries') return { body: [{ id: 'q1', name: 'Locked users', type: 'users', description: 'UFLAG <> 0' }], headers: { 'Content-Range': 'sql-queries 0-0/1' } };
      if (url.pathname === '/api/system-periods') return { body: [{ id: 'sp1', name: 'PRD 2026-06-30', status: 'ready' }], headers: { 'Content-Range': 'system-periods 0-0/1' } };
      if (url.pathname === '/api/sql-queries/q1/run') return answer;
      return undefined;
    });
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
    await render(Special);
    await waitForText('PRD 2026-06-30');
    await pick('special-query', 'Locked users');
    const run = () => [...container!.querySelectorAll('button')].find((b) => b.textContent === 'Run')!;
    await act(async () => run().click());
    await waitForText('Data not found');
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/sql-queries/q1/run'))!;
    runBody = JSON.parse(String(call[1]!.body));
    expect(runBody).toEqual({ systemPeriodId: 'sp1' });

    answer = { body: { columns: ['BNAME', 'UFLAG'], rows: [['SAP*', 64]], rowCount: 1, truncated: false, durationMs: 3 } };
    await act(async () => run().click());
    await waitForText('SAP*');
    expect(container!.textContent).not.toContain('Data not found');

    answer = { status: 400, body: { message: 'The query must only read: DELETE is not allowed', code: 'SQL_READ_ONLY', params: {} } };
    await act(async () => run().click());
    await waitFor(() => Boolean(container!.querySelector('[data-testid="sql-error"]')), 'the refusal');
    expect(container!.querySelector('[data-testid="sql-error"]')!.textContent).toBe('SQL search error: The query may only read: commands that change data are not allowed');
    expect(container!.querySelector('[data-testid="sql-result"]')).toBeNull();
  });
});
