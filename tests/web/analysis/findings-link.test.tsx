// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FindingsList from '../../../src/resources/findings/FindingsList.tsx';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { findingsApiFilter, findingsListLink, readFindingsUrlFilter } from '../../../src/custom-pages/analysis/findings-link.ts';
import { TopUsersTable } from '../../../src/custom-pages/analysis/TopRiskUsers.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { customerDefaultShown } from './shown-answer.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('findings list links (issue 15 item 4)', () => {
  it('round-trips a filter through the list URL and drops what the list cannot show', () => {
    const link = findingsListLink({ riskLevel: 'HIGH', businessProcess: 'P2P & O2C', accepted: 'false' });
    expect(link.startsWith('/app/reports/list?')).toBe(true);
    expect(readFindingsUrlFilter(new URL(link, 'http://x').searchParams)).toEqual({ riskLevel: 'HIGH', businessProcess: 'P2P & O2C', accepted: 'false' });
    expect(findingsListLink({})).toBe('/app/reports/list');
    expect(readFindingsUrlFilter(new URLSearchParams('level=ADMIN&riskLevel=high&accepted=yes&holder=' + 'X'.repeat(201)))).toEqual({});
  });

  it('turns the URL filter into the API filter of the list and the export', () => {
    expect(JSON.parse(JSON.stringify(findingsApiFilter('a1', { level: 'USER', holder: 'ALICE', accepted: 'true', businessProcess: '' })))).toEqual({
      analysisId: 'a1',
      level: ['USER'],
      holder: 'ALICE',
      accepted: true,
      businessProcess: [''],
    });
    expect(JSON.parse(JSON.stringify(findingsApiFilter('a1', {})))).toEqual({ analysisId: 'a1' });
    // A top-10 row names one holder exactly: the list and the export filter on it as is.
    expect(readFindingsUrlFilter(new URL(findingsListLink({ level: 'USER', holderExact: 'AL_1' }), 'http://x').searchParams)).toEqual({ level: 'USER', holderExact: 'AL_1' });
    expect(JSON.parse(JSON.stringify(findingsApiFilter('a1', { holderExact: 'AL_1' })))).toEqual({ analysisId: 'a1', holderExact: 'AL_1' });
  });
});

const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
let root: Root | undefined;
let container: HTMLElement | undefined;
let calls: URL[] = [];

function Where() {
  const l = useLocation();
  return <span data-testid="where">{`${l.pathname}${l.search}`}</span>;
}

async function render(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>{node}<Where /></AdminContext>));
}
const where = () => container!.querySelector('[data-testid="where"]')!.textContent;
async function waitFor(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${container?.textContent}`);
}

beforeEach(() => {
  localStorage.clear();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      calls.push(url);
      // The analysis shown, the customer's default here (issue 27).
      if (url.pathname === '/api/shown-analysis') return new Response(JSON.stringify(customerDefaultShown('a3')), { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Range': 'findings */0' } });
    }),
  );
});
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  window.location.hash = '';
  vi.unstubAllGlobals();
});

describe('dashboards lead to the filtered findings list', () => {
  it('a top-10 row opens the list filtered to that user', async () => {
    await render(<TopUsersTable users={[{ holder: 'ALICE', userType: 'A', fullName: 'Alice A', department: 'FI', critical: 2, high: 1, findings: 5, accepted: 0 }]} />);
    await act(async () => (container!.querySelector('[data-testid="top-risk-user"]') as HTMLElement).click());
    expect(where()).toBe('/app/reports/list?level=USER&holderExact=ALICE');
  });

  it('the findings list reads its filter from the URL and sends it to the API', async () => {
    window.location.hash = '#/app/reports/list?riskLevel=HIGH&businessProcess=P2P&holder=ALICE';
    await render(<FindingsList />);
    await waitFor(() => calls.some((u) => u.pathname === '/api/findings'), 'the findings request');
    const call = calls.find((u) => u.pathname === '/api/findings')!;
    expect(JSON.parse(call.searchParams.get('filter')!)).toEqual({ analysisId: 'a3', riskLevel: ['HIGH'], businessProcess: ['P2P'], holder: 'ALICE' });
    expect(container!.querySelector('[data-testid="filter-business-process"]')?.textContent).toContain('P2P');
    expect(container!.querySelector('[data-testid="filter-holder"]')?.textContent).toContain('ALICE');
    // The PDF beside CSV and XLSX, asked for in the UI's language with the same filter.
    const pdf = [...container!.querySelectorAll('button')].find((b) => b.textContent === 'Export PDF report')!;
    expect(pdf).toBeDefined();
    await act(async () => pdf.click());
    await waitFor(() => calls.some((u) => u.pathname.endsWith('/export')), 'the export request');
    const exp = calls.find((u) => u.pathname === '/api/analyses/a3/export')!;
    expect(exp.searchParams.get('format')).toBe('pdf');
    expect(exp.searchParams.get('lang')).toBe('en');
    expect(JSON.parse(exp.searchParams.get('filter')!)).toEqual({ analysisId: 'a3', riskLevel: ['HIGH'], businessProcess: ['P2P'], holder: 'ALICE' });
  });
});
