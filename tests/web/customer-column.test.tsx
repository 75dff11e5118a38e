// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, ResourceContextProvider, type TranslationMessages } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { setActiveCustomer } from '../../src/providers/customer-scope.ts';
import { dataProvider } from '../../src/providers/dataProvider.ts';
import { clearToken, storeToken } from '../../src/providers/token-store.ts';
import AnalysisRequests from '../../src/resources/analyses/AnalysisRequests.tsx';
import { DepartmentList } from '../../src/resources/departments/index.tsx';
import { RESOURCES } from '../../src/resources/resource-names.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const A = 'aaaaaaaa-0000-4000-8000-0000000000a1';
const B = 'bbbbbbbb-0000-4000-8000-0000000000b2';
const CUSTOMERS = [
  { id: A, name: 'Acme' },
  { id: B, name: 'Beta' },
];
const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
const token = (Role: string, customerId: string | null) =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: 'u', name: 'U', email: 'u@x.test', customerId, Role, permissions: {}, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;

const analysis = (id: string, customerId: string) => ({
  id,
  customerId,
  name: `Analysis ${id}`,
  systemPeriodId: 'sp',
  riskPeriodId: 'rp',
  level: 'permission',
  mode: 'same-instance',
  status: 'completed',
  counts: { findings: 3 },
  createdAt: '2026-01-01T10:00:00Z',
});
const department = (id: string, customerId: string) => ({ id, customerId, name: `Dept ${id}`, createdAt: '2026-01-01T10:00:00Z', updatedAt: '2026-01-01T10:00:00Z' });

let root: Root | undefined;
let host: HTMLElement | undefined;
function mockApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const range = (name: string, rows: unknown[]) => ({ 'Content-Range': `${name} 0-${rows.length - 1}/${rows.length}` });
      const send = (body: unknown[], name: string) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...range(name, body) } });
      if (url.pathname === '/api/analyses') return send([analysis('a1', A), analysis('a2', B)], 'analyses');
      if (url.pathname === '/api/departments') return send([department('d1', B), department('d2', A)], 'departments');
      if (url.pathname === '/api/customers') {
        const ids = (JSON.parse(url.searchParams.get('filter') ?? '{}') as { id?: string[] }).id;
        return send(CUSTOMERS.filter((c) => !ids || ids.includes(c.id)), 'customers');
      }
      return send([], 'x');
    }),
  );
}
async function render(node: ReactNode) {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>{node}</AdminContext>));
}
const headers = () => [...host!.querySelectorAll('thead th')].map((th) => th.textContent);
const firstCells = () => [...host!.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')?.textContent);

/** A SuperAdmin with no active customer sees every customer's records: each row names its customer (issue 27). */
describe('the customer column', () => {
  beforeEach(() => {
    mockApi();
    setActiveCustomer(null);
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    host?.remove();
    clearToken();
    setActiveCustomer(null);
    vi.unstubAllGlobals();
  });

  it('leads the analysis requests of every customer', async () => {
    storeToken(token('SuperAdmin', null));
    await render(<AnalysisRequests />);
    await vi.waitFor(() => expect(firstCells()).toEqual(['Acme', 'Beta']), { timeout: 5000 });
    expect(headers()[0]).toBe('Customer');
  });

  it('leads a resource list of every customer', async () => {
    storeToken(token('SuperAdmin', null));
    await render(
      <ResourceContextProvider value={RESOURCES.departments.name}>
        <DepartmentList />
      </ResourceContextProvider>,
    );
    await vi.waitFor(() => expect(firstCells()).toEqual(['Beta', 'Acme']), { timeout: 5000 });
    expect(headers()[0]).toBe('Customer');
  });

  it('is not there once a customer is chosen, nor for a customer’s own users', async () => {
    storeToken(token('SuperAdmin', null));
    setActiveCustomer(A);
    await render(<AnalysisRequests />);
    await vi.waitFor(() => expect(host!.textContent).toContain('Analysis a2'));
    expect(headers()).not.toContain('Customer');
    await act(async () => root?.unmount());
    host?.remove();
    setActiveCustomer(null);
    storeToken(token('Admin', A));
    await render(
      <ResourceContextProvider value={RESOURCES.departments.name}>
        <DepartmentList />
      </ResourceContextProvider>,
    );
    await vi.waitFor(() => expect(host!.textContent).toContain('Dept d2'));
    expect(headers()).not.toContain('Customer');
  });
});
