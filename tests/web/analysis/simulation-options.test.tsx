// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Simulation from '../../../src/custom-pages/analysis/Simulation.tsx';
import { emptyValue, incompleteRows, rowToValue, simulationBody, toggleValue, valuesProblem } from '../../../src/custom-pages/analysis/simulation-options.ts';
import { catalogues } from '../../../src/i18n/catalogues.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
let root: Root | undefined;
let container: HTMLElement | undefined;

async function render() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}><Simulation /></AdminContext>));
}

async function waitFor(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${container?.textContent}`);
}
const byTestId = (id: string) => container!.querySelector(`[data-testid="${id}"]`);

/** Types into a React-controlled input (the native setter, then the input event React listens to). */
async function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    input.focus();
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Types into an autocomplete (by its input's test id) and takes the suggestion with this text (a user's is followed by its user type). */
async function autocomplete(testId: string, text: string) {
  await type(byTestId(testId) as HTMLInputElement, text);
  const named = (o: Element) => (o.querySelector('span')?.textContent ?? o.textContent) === text;
  const option = () => [...document.querySelectorAll('[role="option"]')].find(named) as HTMLElement | undefined;
  await waitFor(() => option() !== undefined, `the suggestion ${text}`);
  await act(async () => option()!.click());
}

const clickButton = async (text: string) => {
  const button = [...container!.querySelectorAll('button')].find((b) => b.textContent === text);
  expect(button, `button ${text}`).toBeTruthy();
  await act(async () => button!.click());
};
const clickRadio = async (value: string) => act(async () => (container!.querySelector(`input[type="radio"][value="${value}"]`) as HTMLInputElement).click());

const ANSWER = {
  summary: { before: 2, after: 1, added: 0, removed: 1 },
  before: [],
  after: [],
  added: [],
  removed: [],
  timings: { cached: true, loadMs: 0, simulateMs: 3, totalMs: 5 },
};
/** The role's stored values, with a blank-as-space LOW and a missing HIGH, to see they are sent as stored. */
const ROLE_ROWS = [
  { id: 0, AGR_NAME: 'Z_AP', OBJECT: 'S_TCODE', AUTH: 'T-AP', FIELD: 'TCD', LOW: 'FB60', HIGH: '', DELETED: false },
  { id: 1, AGR_NAME: 'Z_AP', OBJECT: 'F_BKPF_BUK', AUTH: 'F-AP', FIELD: 'ACTVT', LOW: ' ', HIGH: null, DELETED: false },
];

let posts: Record<string, unknown>[] = [];
let tableCalls: URL[] = [];
function mockApi() {
  posts = [];
  tableCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const send = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', ...headers } });
      if (url.pathname === '/api/system-periods') return send([{ id: 'sp1', name: 'PRD 2026-06-30', status: 'ready' }], { 'Content-Range': 'system-periods 0-0/1' });
      if (url.pathname === '/api/risk-periods') return send([{ id: 'rp1', name: 'Ruleset', status: 'ready' }], { 'Content-Range': 'risk-periods 0-0/1' });
      if (url.pathname === '/api/simulations') {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        posts.push(body);
        // The server echoes level and mode (server/modules/reports/simulation.ts).
        return send({ ...ANSWER, level: body.level, mode: body.mode, addRoles: body.addRoles, removeRoles: body.removeRoles });
      }
      if (url.pathname === '/api/system-periods/sp1/tables/AGR_1251') {
        tableCalls.push(url);
        return send(ROLE_ROWS, { 'Content-Range': 'AGR_1251 0-1/2' });
      }
      if (url.pathname === '/api/system-periods/sp1/tables/USR02') return send([{ id: 0, BNAME: 'ALICE' }], { 'Content-Range': 'USR02 0-0/1' });
      if (url.pathname === '/api/system-periods/sp1/tables/AGR_DEFINE') return send([{ id: 0, AGR_NAME: 'Z_AP' }], { 'Content-Range': 'AGR_DEFINE 0-0/1' });
      return send([], { 'Content-Range': 'x */0' });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  mockApi();
});
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  root = undefined;
  vi.unstubAllGlobals();
});

/** Renders the screen with its periods chosen. */
async function open() {
  await render();
  await waitFor(() => Boolean(container!.textContent?.includes('PRD 2026-06-30')), 'the system period');
}

describe('simulation options', () => {
  it('sends the server defaults for a user, with no authorisation values and no value editors', async () => {
    await open();
    expect(byTestId('sim-add-values')).toBeNull();
    expect(byTestId('sim-remove-values')).toBeNull();
    // The level and mode explain the chosen value.
    expect(byTestId('sim-level')!.textContent).toContain('every permission object listed for that transaction');
    expect(byTestId('sim-mode')!.textContent).toContain('inside one authorisation instance');
    await autocomplete('sim-holder', 'ALICE');
    await clickButton('Simulate');
    await waitFor(() => posts.length === 1, 'the simulation request');
    expect(posts[0]).toEqual({ systemPeriodId: 'sp1', riskPeriodId: 'rp1', user: 'ALICE', addRoles: [], removeRoles: [], level: 'permission', mode: 'same-instance' });
    await waitFor(() => byTestId('simulation-options-used') !== null, 'the result');
    expect(byTestId('simulation-options-used')!.textContent).toContain('Permission level');
    expect(byTestId('simulation-options-used')!.textContent).toContain('Same instance');
    expect(byTestId('simulation-count-removed')!.textContent).toBe('Removed: 1');
  });

  it('for a role, sends level, mode and the values to add and to remove exactly as the role has them', async () => {
    await open();
    await clickRadio('action');
    await clickRadio('union');
    expect(byTestId('sim-level')!.textContent).toContain('critical-permission risks are not evaluated');
    expect(byTestId('sim-mode')!.textContent).toContain('GRC-like');
    await clickRadio('role');
    expect(byTestId('sim-add-values')).not.toBeNull();
    // The values to remove are the chosen role's: none before a role is chosen.
    expect(byTestId('sim-remove-values')).toBeNull();
    await autocomplete('sim-holder', 'Z_AP');
    await waitFor(() => container!.querySelectorAll('[data-testid="sim-role-value"]').length === 2, 'the role values');
    const filter = JSON.parse(tableCalls.at(-1)!.searchParams.get('filter')!) as Record<string, unknown>;
    expect(filter).toEqual({ AGR_NAME: 'Z_AP', DELETED: false });
    expect(JSON.parse(tableCalls.at(-1)!.searchParams.get('range')!)).toEqual([0, 199]);
    const second = container!.querySelectorAll('[data-testid="sim-role-value"]')[1] as HTMLElement;
    await act(async () => (second.querySelector('input[type="checkbox"]') as HTMLInputElement).click());

    await clickButton('Add value');
    const fill = { object: 'S_TCODE', auth: 'T-NEW', field: 'TCD', low: 'F-53', high: '' };
    for (const [f, v] of Object.entries(fill)) if (v) await type(byTestId(`sim-add-${f}-0`) as HTMLInputElement, v);
    await clickButton('Simulate');
    await waitFor(() => posts.length === 1, 'the simulation request');
    expect(posts[0]).toEqual({
      systemPeriodId: 'sp1',
      riskPeriodId: 'rp1',
      role: 'Z_AP',
      addRoles: [],
      removeRoles: [],
      level: 'action',
      mode: 'union',
      addAuthorisations: [fill],
      removeAuthorisations: [{ object: 'F_BKPF_BUK', auth: 'F-AP', field: 'ACTVT', low: ' ', high: '' }],
    });
    await waitFor(() => byTestId('simulation-options-used') !== null, 'the result');
    const used = byTestId('simulation-options-used')!.textContent;
    for (const text of ['Role: Z_AP', 'Action level', 'Union', 'Values added: 1', 'Values removed: 1']) expect(used).toContain(text);
  });

  it('refuses an incomplete value row before sending and marks it; sends once it is complete', async () => {
    await open();
    await clickRadio('role');
    await autocomplete('sim-holder', 'Z_AP');
    await clickButton('Add value');
    await type(byTestId('sim-add-object-0') as HTMLInputElement, 'S_TCODE');
    await clickButton('Simulate');
    await waitFor(() => container!.querySelectorAll('[aria-invalid="true"]').length === 2, 'the missing fields marked');
    expect(byTestId('sim-add-auth-0')!.getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('sim-add-field-0')!.getAttribute('aria-invalid')).toBe('true');
    expect(byTestId('sim-add-values')!.textContent).toContain('Required');
    // Give a wrongly sent request time to show up before asserting there was none.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(posts).toEqual([]);

    await type(byTestId('sim-add-auth-0') as HTMLInputElement, 'T-X');
    await type(byTestId('sim-add-field-0') as HTMLInputElement, 'TCD');
    await clickButton('Simulate');
    await waitFor(() => posts.length === 1, 'the simulation request');
    expect(posts[0].addAuthorisations).toEqual([{ object: 'S_TCODE', auth: 'T-X', field: 'TCD', low: '', high: '' }]);
  });

  it('clears the value editors when switching back to a user, and sends no values for a user', async () => {
    await open();
    await clickRadio('role');
    await clickButton('Add value');
    await clickRadio('user');
    expect(byTestId('sim-add-values')).toBeNull();
    await autocomplete('sim-holder', 'ALICE');
    // The blank row of the role is gone with the switch, so nothing blocks the run.
    await clickButton('Simulate');
    await waitFor(() => posts.length === 1, 'the simulation request');
    expect(Object.keys(posts[0])).not.toContain('addAuthorisations');
    expect(Object.keys(posts[0])).not.toContain('removeAuthorisations');
  });
});

describe('simulation option helpers', () => {
  const input = { systemPeriodId: 'sp1', riskPeriodId: 'rp1', holder: 'H', addRoles: [], removeRoles: [], level: 'action', mode: 'union' } as const;
  const value = { object: 'S_TCODE', auth: 'A', field: 'TCD', low: ' X ', high: '' };

  it('keeps authorisation values out of a user request and untrimmed in a role request', () => {
    expect(simulationBody({ ...input, addRoles: [], removeRoles: [], kind: 'user', addValues: [value], removeValues: [value] })).not.toHaveProperty('addAuthorisations');
    const role = simulationBody({ ...input, addRoles: [], removeRoles: [], kind: 'role', addValues: [value], removeValues: [] });
    expect(role).toMatchObject({ role: 'H', level: 'action', mode: 'union', addAuthorisations: [value], removeAuthorisations: [] });
  });

  it('finds rows missing a name or too long, and toggles values by all five fields', () => {
    expect(incompleteRows([value, emptyValue(), { ...value, field: '  ' }, { ...value, low: 'x'.repeat(101) }])).toEqual([2, 3, 4]);
    expect(valuesProblem({ kind: 'role', addValues: [emptyValue()], removeValues: [] })?.options).toMatchObject({ rows: '1' });
    expect(valuesProblem({ kind: 'user', addValues: [emptyValue()], removeValues: [] })).toBeNull();
    const list = toggleValue([], value);
    expect(toggleValue(list, { ...value, low: 'X' })).toHaveLength(2);
    expect(toggleValue(list, { ...value })).toEqual([]);
    expect(rowToValue({ OBJECT: 'O', AUTH: 'A', FIELD: 'F', LOW: null, HIGH: ' ' })).toEqual({ object: 'O', auth: 'A', field: 'F', low: '', high: ' ' });
  });
});
