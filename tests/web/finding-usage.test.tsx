// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FindingUsage } from '../../src/custom-pages/usage/FindingUsage.tsx';
import { readSimulationPrefill } from '../../src/custom-pages/usage/simulate-removal.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.unstubAllGlobals();
});

function Where() {
  const l = useLocation();
  return <span data-testid="where">{`${l.pathname}${l.search}`}</span>;
}

async function waitFor(check: () => boolean, what: string) {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  throw new Error(`timed out waiting for ${what}; page: ${container?.textContent}`);
}

const finding = {
  analysisId: 'a1',
  holder: 'ALICE',
  level: 'USER',
  execution: 'PARTIAL',
  usage: {
    functions: [
      { functionId: 'FN_PAY', executed: true, tcodes: [{ tcode: 'F110', count: 7, lastDay: '2026-06-15' }] },
      { functionId: 'FN_VENDOR', executed: false, tcodes: [] },
    ],
    remediation: [
      { kind: 'PROFILE' as const, name: 'Z_PROF', lostTcodes: 0 },
      { kind: 'ROLE' as const, name: 'Z_AP', lostTcodes: 3 },
    ],
  },
};

describe('the drill-down of a user finding with usage (issue 17)', () => {
  it('shows used tcodes with runs and last day, the remediation options, and opens the simulation of a role removal prefilled', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        calls.push(url);
        const body = url.includes('/remediation-plan')
          ? { user: 'ALICE', findings: 2, removals: [{ kind: 'ROLE', name: 'Z_AP', lostTcodes: 3 }], lostTcodes: 3, resolved: ['R1'], unresolved: ['R2'] }
          : { systemPeriodId: 'sp1', riskPeriodId: 'rp1', level: 'action', mode: 'same-instance' };
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root!.render(
        <AdminContext i18nProvider={i18nProvider}>
          <FindingUsage finding={finding} />
          <Where />
        </AdminContext>,
      ),
    );
    const text = () => container!.textContent ?? '';
    await waitFor(() => text().includes('Partially executed'), 'the execution');
    const used = container!.querySelector('[data-testid="used-tcodes"]')!.textContent!;
    expect(used).toContain('F110');
    expect(used).toContain('7');
    expect(used).toContain('2026-06-15');
    expect(used).toContain('not executed');
    const options = [...container!.querySelectorAll('[data-testid="remediation-option"]')];
    expect(options.map((o) => o.textContent)).toEqual(['P:Z_PROF0Profile removal: not simulated', 'R:Z_AP3Simulate this removal']);
    const simulate = options[1].querySelector('button')!;
    await waitFor(() => !simulate.disabled, 'the analysis periods');
    await act(async () => simulate.click());
    const where = container!.querySelector('[data-testid="where"]')!.textContent!;
    expect(where.startsWith('/app/simulation?')).toBe(true);
    expect(readSimulationPrefill(new URLSearchParams(where.slice(where.indexOf('?') + 1)))).toEqual({
      systemPeriodId: 'sp1',
      riskPeriodId: 'rp1',
      user: 'ALICE',
      removeRoles: ['Z_AP'],
      level: 'action',
      mode: 'same-instance',
    });
    await act(async () => (container!.querySelector('[data-testid="show-plan"]') as HTMLButtonElement).click());
    await waitFor(() => text().includes('Remediation plan of ALICE'), 'the plan');
    expect(container!.querySelector('[data-testid="remediation-plan"]')!.textContent).toContain('Remove R:Z_AP: resolves 1 of 2 findings, loses 3 used tcodes');
    expect(calls.some((u) => u.includes('/api/analyses/a1/remediation-plan?user=ALICE'))).toBe(true);
  });

  it('shows nothing, and asks nothing, for role findings or findings without usage', async () => {
    const fetch = vi.fn(async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root!.render(
        <AdminContext i18nProvider={i18nProvider}>
          <FindingUsage finding={{ ...finding, level: 'ROLE' }} />
          <FindingUsage finding={{ ...finding, usage: null }} />
        </AdminContext>,
      ),
    );
    expect(container.querySelector('[data-testid="finding-usage"]')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
