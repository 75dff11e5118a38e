// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, Notification, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normaliseForm, validateFunction, type FunctionForm } from '../../../src/resources/functions/function-form.ts';
import RiskData from '../../../src/resources/risks/RiskData.tsx';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { catalogues } from '../../../src/i18n/catalogues.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  root = undefined;
  vi.unstubAllGlobals();
});

const form = (over: Partial<FunctionForm> = {}): FunctionForm => ({
  functionId: 'FN_PAY',
  description: '',
  businessProcess: '',
  actions: [{ action: 'F110', active: true }],
  permissions: [{ action: 'F110', object: 'F_REGU_BUK', field: 'FBTCH', low: '21', high: '', operator: 'OR', active: true }],
  ...over,
});
const keys = (f: FunctionForm, isNew = true) => validateFunction(f, isNew).map((p) => p.key.replace('segra.analysis.risk_data.', ''));

describe('function form checks (mirror of the API schema)', () => {
  it('accepts a complete function and refuses a permission line whose action is not among the actions', () => {
    expect(keys(form())).toEqual([]);
    const stray = form({ permissions: [{ ...form().permissions[0], action: 'F111' }] });
    expect(validateFunction(stray, true)).toEqual([{ key: 'segra.analysis.risk_data.v_perm_action', args: { n: 1, action: 'F111' } }]);
    // A function without actions is met on its lines alone: its lines carry no action, as in the shipped ruleset.
    expect(keys(form({ actions: [], permissions: [{ ...form().permissions[0], action: '' }] }))).toEqual([]);
    expect(keys(form({ actions: [], permissions: [{ ...form().permissions[0], action: 'F110' }] }))).toEqual(['v_perm_action']);
  });

  it('refuses what the API refuses: empty or spaced codes, a repeated action, over-long values', () => {
    expect(keys(form({ functionId: 'FN PAY' }))).toEqual(['v_function_id']);
    expect(keys(form({ functionId: '' }), false)).toEqual([]);
    expect(keys(form({ actions: [{ action: 'F110', active: true }, { action: 'F110', active: false }] }))).toEqual(['v_action_twice']);
    expect(keys(form({ permissions: [{ ...form().permissions[0], object: '', field: 'A;B' }] }))).toEqual(['v_perm_code', 'v_perm_code']);
    expect(keys(form({ permissions: [{ ...form().permissions[0], high: 'x'.repeat(201) }] }))).toEqual(['v_perm_value']);
    expect(keys(form({ businessProcess: 'x'.repeat(101) }))).toEqual(['v_too_long']);
  });

  it('puts codes in upper case and trims them, and keeps LOW and HIGH as typed', () => {
    const n = normaliseForm(form({ functionId: ' fn_pay ', actions: [{ action: ' f110', active: true }], permissions: [{ action: 'f110', object: 'f_regu_buk ', field: 'fbtch', low: ' a ', high: 'b', operator: 'OR', active: true }] }));
    expect(n.functionId).toBe('FN_PAY');
    expect(n.actions).toEqual([{ action: 'F110', active: true }]);
    expect(n.permissions[0]).toEqual({ action: 'F110', object: 'F_REGU_BUK', field: 'FBTCH', low: ' a ', high: 'b', operator: 'OR', active: true });
  });
});

// ---------------------------------------------------------------------------------------------
// The screen: the functions tab, its dialog and the requests it sends.

const existing = {
  id: 'f1',
  riskPeriodId: 'rp1',
  functionId: 'FN_VENDOR',
  description: 'Vendor master',
  businessProcess: 'P2P',
  actions: [
    { action: 'XK01', active: true },
    { action: 'XK02', active: true },
  ],
  permissions: [
    { action: 'XK01', object: 'F_LFA1_APP', field: 'ACTVT', low: '01', high: '', operator: 'OR', active: true },
    { action: 'XK02', object: 'F_LFA1_APP', field: 'ACTVT', low: '02', high: '', operator: 'OR', active: true },
  ],
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}
let sent: Sent[] = [];
let listCalls = 0;

/** The API of the screen; `write` answers POST/PUT/DELETE (200 with the body unless told). */
function mockApi(write: (s: Sent) => { status: number; body: unknown } = (s) => ({ status: 200, body: s.body })) {
  sent = [];
  listCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
      if (method !== 'GET') {
        const s = { method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null };
        sent.push(s);
        const answer = write(s);
        return json(answer.body, answer.status);
      }
      if (url.pathname === '/api/risk-periods') return json([{ id: 'rp1', name: 'Rules 2026', status: 'ready' }], 200, { 'Content-Range': 'risk-periods 0-0/1' });
      if (url.pathname === '/api/functions') {
        listCalls += 1;
        return json([existing], 200, { 'Content-Range': 'functions 0-0/1' });
      }
      return json([], 200, { 'Content-Range': 'x */0' });
    }),
  );
}

async function waitFor(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${document.body.textContent}`);
}
const page = () => document.body.textContent ?? '';
const button = (text: string, within: ParentNode = document) => {
  const b = [...within.querySelectorAll('button')].find((x) => x.textContent === text);
  if (!b) throw new Error(`no button ${text}; page: ${page()}`);
  return b;
};
const click = (el: HTMLElement) => act(async () => el.click());
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement;

/** Types into a React-controlled input (React listens to the native value setter's input event). */
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Opens an MUI select (found by its test id) and picks the option with exactly this text. */
async function pick(testId: string, text: string) {
  const select = document.querySelector(`[data-testid="${testId}"]`)!.parentElement!.querySelector('[role="combobox"]') as HTMLElement;
  await act(async () => select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
  const option = [...document.querySelectorAll('[role="option"]')].find((o) => o.textContent === text) as HTMLElement;
  expect(option, `option ${text}`).toBeTruthy();
  await click(option);
}

/** Renders the screen, opens the functions tab and the edit dialog of the listed function. */
async function openEditor() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <RiskData />
        <Notification />
      </AdminContext>,
    ),
  );
  await waitFor(() => [...document.querySelectorAll('[role="tab"]')].some((t) => t.textContent === 'Functions'), 'the tabs');
  await click([...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Functions') as HTMLElement);
  await waitFor(() => page().includes('FN_VENDOR'), 'the function list');
  const row = document.querySelector('[data-testid="functions"] [data-testid="analysis-row"]') as HTMLElement;
  await click(button('Edit', row));
  await waitFor(() => Boolean(dialog()), 'the dialog');
  expect(dialog().textContent).toContain('Edit function: FN_VENDOR');
}

const actionRow = (tcode: string) => [...dialog().querySelectorAll('[data-testid="action-row"]')].find((r) => r.textContent?.startsWith(tcode)) as HTMLElement;
const permRows = () => [...dialog().querySelectorAll('[data-testid="perm-row"]')] as HTMLElement[];
const permInput = (row: number, name: string) => permRows()[row].querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe('function editor on the risk data screen', () => {
  it('refuses to save a permission line whose action was removed, and sends nothing', async () => {
    mockApi();
    await openEditor();
    await click(button('Remove', actionRow('XK02')));
    await click(button('Save', dialog()));
    const problems = dialog().querySelector('[data-testid="function-problems"]');
    expect(problems?.textContent).toBe('Permission line 2: the action XK02 is not among the function’s actions');
    expect(sent).toEqual([]);
  });

  it('sends the edited actions and permission lines with PUT and reloads the list', async () => {
    mockApi();
    await openEditor();
    // A new action typed in lower case, the first one switched off.
    await type(dialog().querySelector('input[name="newAction"]') as HTMLInputElement, 'xk03');
    await click(button('Add action', dialog()));
    await click(actionRow('XK01').querySelector('input[type="checkbox"]') as HTMLElement);
    // Line 2 moves to the new action, gets a range and AND; a third line is added and filled.
    await pick('perm-action-1', 'XK03');
    await type(permInput(1, 'high'), '03');
    await pick('perm-operator-1', 'AND');
    await click(button('Add permission line', dialog()));
    await type(permInput(2, 'object'), 'f_lfa1_buk');
    await type(permInput(2, 'field'), 'actvt');
    await type(permInput(2, 'low'), '02');
    await click(permRows()[2].querySelector('input[type="checkbox"]') as HTMLElement);
    const listed = listCalls;
    await click(button('Save', dialog()));
    await waitFor(() => sent.length === 1, 'the PUT');
    expect(sent[0].method).toBe('PUT');
    expect(sent[0].path).toBe('/api/functions/f1');
    expect(sent[0].body).toEqual({
      description: 'Vendor master',
      businessProcess: 'P2P',
      actions: [
        { action: 'XK01', active: false },
        { action: 'XK02', active: true },
        { action: 'XK03', active: true },
      ],
      permissions: [
        { action: 'XK01', object: 'F_LFA1_APP', field: 'ACTVT', low: '01', high: '', operator: 'OR', active: true },
        { action: 'XK03', object: 'F_LFA1_APP', field: 'ACTVT', low: '02', high: '03', operator: 'AND', active: true },
        // A new line is under the first action and active until switched off.
        { action: 'XK01', object: 'F_LFA1_BUK', field: 'ACTVT', low: '02', high: '', operator: 'OR', active: false },
      ],
    });
    await waitFor(() => !dialog(), 'the dialog to close');
    await waitFor(() => listCalls > listed, 'the list to reload');
    expect(page()).toContain('Updated');
  });

  it('shows the API’s refusal (400 with field errors) translated and keeps the dialog open', async () => {
    mockApi(() => ({ status: 400, body: { code: 'FIELDS_INVALID', message: 'Fill in all fields correctly', errors: { 'permissions.0.object': 'Object is too long' } } }));
    await openEditor();
    await click(button('Save', dialog()));
    await waitFor(() => page().includes('Function update failed'), 'the error');
    // The server's words by their rule, in the UI's language (issue 15).
    expect(page()).toContain('Function update failed: Fill in all fields correctly — The value is too long');
    expect(sent.map((s) => s.method)).toEqual(['PUT']);
    expect(dialog()).toBeTruthy();
  });

  it('creates a function with POST in the chosen risk period, and deletes one after confirmation', async () => {
    mockApi((s) => ({ status: 200, body: { id: 'f2', ...(s.body as object) } }));
    await openEditor();
    await click(button('Cancel', dialog()));
    await waitFor(() => !dialog(), 'the edit dialog to close');
    await click(button('New function'));
    await waitFor(() => Boolean(dialog()), 'the new dialog');
    await type(dialog().querySelector('input[name="functionId"]') as HTMLInputElement, 'fn_new');
    await type(dialog().querySelector('input[name="newAction"]') as HTMLInputElement, 'SU01');
    await click(button('Add action', dialog()));
    await click(button('Add permission line', dialog()));
    await type(permInput(0, 'object'), 'S_USER_GRP');
    await type(permInput(0, 'field'), 'ACTVT');
    await type(permInput(0, 'low'), '01');
    await click(button('Save', dialog()));
    await waitFor(() => sent.length === 1, 'the POST');
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/functions',
      body: {
        riskPeriodId: 'rp1',
        functionId: 'FN_NEW',
        description: '',
        businessProcess: '',
        actions: [{ action: 'SU01', active: true }],
        permissions: [{ action: 'SU01', object: 'S_USER_GRP', field: 'ACTVT', low: '01', high: '', operator: 'OR', active: true }],
      },
    });
    await waitFor(() => !dialog(), 'the new dialog to close');

    const row = document.querySelector('[data-testid="functions"] [data-testid="analysis-row"]') as HTMLElement;
    await click(button('Delete', row));
    await waitFor(() => Boolean(dialog()), 'the confirmation');
    expect(sent.length).toBe(1);
    await click(button('Confirm', dialog()));
    await waitFor(() => sent.length === 2, 'the DELETE');
    expect(sent[1]).toMatchObject({ method: 'DELETE', path: '/api/functions/f1' });
  });
});
