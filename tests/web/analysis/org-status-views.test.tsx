// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { comparisonOrgStatusColumns } from '../../../src/custom-pages/analysis/compare-org-status.tsx';
import { OrgValuePanel } from '../../../src/custom-pages/analysis/OrgValuePanel.tsx';
import { SimulationResultView, type SimFinding, type SimulationAnswer } from '../../../src/custom-pages/analysis/SimulationResult.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';

// DESIGN 5.15 and rule 16 where simulation and comparison list findings: org values and status.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

async function render(node: React.ReactNode, lang: 'tr' | 'en' | 'de' = 'en') {
  const i18nProvider = polyglotI18nProvider(() => catalogues[lang] as unknown as TranslationMessages, lang);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider}>{node}</AdminContext>));
}

const finding = (orgValues: string[], status: SimFinding['status'], controls: string[] = []): SimFinding => ({
  level: 'USER',
  holder: 'U1',
  riskId: 'ORG1',
  riskLevel: 'HIGH',
  riskType: 'SOD',
  businessProcess: 'P2P',
  functions: [],
  sources: '',
  orgValues,
  accepted: status === 'accepted',
  acceptedBy: null,
  message: null,
  status,
  controls,
});

const answer = (): SimulationAnswer => ({
  summary: { before: 1, after: 1, added: 0, removed: 0, changed: 1 },
  before: [finding(['BUKRS=1000'], 'mitigated', ['MC-ORG'])],
  after: [finding(['BUKRS=1000', 'BUKRS=2000'], 'mitigated', ['MC-ORG'])],
  added: [],
  removed: [],
  changed: [finding(['BUKRS=1000', 'BUKRS=2000'], 'mitigated', ['MC-ORG'])],
  timings: { cached: true, loadMs: 0, simulateMs: 1, totalMs: 2 },
});
const asked = { kind: 'user' as const, holder: 'U1', level: 'permission' as const, mode: 'same-instance' as const, addRoles: ['R_PAY_2000'], removeRoles: [], addValues: [], removeValues: [] };

describe('simulation result', () => {
  it('has a tab of findings whose org values changed, listing org values, status and controls', async () => {
    await render(<SimulationResultView result={answer()} asked={asked} />);
    const tab = [...container!.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Org values changed (1)');
    expect(tab, container!.textContent ?? '').toBeDefined();
    await act(async () => (tab as HTMLElement).click());
    expect(container!.textContent).toContain('BUKRS=1000; BUKRS=2000');
    const status = container!.querySelector('[data-testid="finding-status"]');
    expect(status?.getAttribute('data-status')).toBe('mitigated');
    expect(container!.querySelector('[data-testid="finding-controls"]')?.textContent).toBe('MC-ORG');
  });

  it('says it in Turkish and German too', async () => {
    await render(<SimulationResultView result={answer()} asked={asked} />, 'tr');
    expect(container!.textContent).toContain('Org değerleri değişen (1)');
    act(() => root?.unmount());
    container?.remove();
    await render(<SimulationResultView result={answer()} asked={asked} />, 'de');
    expect(container!.textContent).toContain('Org-Werte geändert (1)');
  });
});

describe('comparison columns', () => {
  it('show both sides\' org values, the change mark and each side\'s status', async () => {
    const row = { leftOrgValues: ['BUKRS=1000'], rightOrgValues: ['BUKRS=1000', 'BUKRS=2000'], orgValuesChanged: true, leftFindingStatus: 'mitigated', rightFindingStatus: null };
    const columns = comparisonOrgStatusColumns<typeof row>();
    expect(columns.map((c) => c.key)).toEqual(['leftOrgValues', 'rightOrgValues', 'orgValuesChanged', 'leftFindingStatus', 'rightFindingStatus']);
    await render(<div>{columns.map((c) => <span key={c.key} data-col={c.key}>{c.render!(row)}</span>)}</div>);
    const cell = (key: string) => container!.querySelector(`[data-col="${key}"]`)!;
    expect(cell('leftOrgValues').textContent).toBe('BUKRS=1000');
    expect(cell('rightOrgValues').textContent).toBe('BUKRS=1000; BUKRS=2000');
    expect(cell('orgValuesChanged').querySelector('[data-testid="org-values-changed"]')).not.toBeNull();
    expect(cell('leftFindingStatus').querySelector('[data-status="mitigated"]')).not.toBeNull();
    expect(cell('rightFindingStatus').textContent).toBe('—');
  });
});

describe('dashboard by org value', () => {
  it('lists each org value with its findings by status, in the UI language', async () => {
    const rows = [
      { orgValue: 'BUKRS=1000', findings: 1200, accepted: 200, mitigated: 100, open: 900 },
      { orgValue: 'BUKRS=2000', findings: 3, accepted: 0, mitigated: 3, open: 0 },
    ];
    await render(<OrgValuePanel rows={rows} />, 'tr');
    expect(container!.textContent).toContain('Org değerine göre bulgular');
    const cells = [...container!.querySelectorAll('[data-testid="org-value-row"]')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['BUKRS=1000', '1.200', '900', '200', '100'],
      ['BUKRS=2000', '3', '0', '0', '3'],
    ]);
  });
});

describe('a deactivated risk\'s findings (issue 27)', () => {
  it('show their status in words, and the dashboard by org value counts them apart', async () => {
    const { FindingStatus } = await import('../../../src/resources/findings/FindingStatus.tsx');
    const rows = [
      { orgValue: 'BUKRS=1000', findings: 10, accepted: 2, mitigated: 1, deactivated: 4, open: 3 },
      { orgValue: 'BUKRS=2000', findings: 3, accepted: 0, mitigated: 0, deactivated: 0, open: 3 },
    ];
    await render(
      <div>
        <FindingStatus status="deactivated" />
        <OrgValuePanel rows={rows} />
      </div>,
      'tr',
    );
    expect(container!.querySelector('[data-status="deactivated"]')?.textContent).toBe('Devre dışı');
    expect([...container!.querySelectorAll('th')].map((c) => c.textContent)).toContain('Devre dışı');
    const cells = [...container!.querySelectorAll('[data-testid="org-value-row"]')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['BUKRS=1000', '10', '3', '2', '1', '4'],
      ['BUKRS=2000', '3', '3', '0', '0', '0'],
    ]);
  });
});
