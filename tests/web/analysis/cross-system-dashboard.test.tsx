// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { CrossSystemPanel } from '../../../src/custom-pages/analysis/CrossSystemPanel.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { en as analysisEn } from '../../../src/i18n/analysis/en.ts';
import { tr as analysisTr } from '../../../src/i18n/analysis/tr.ts';
import { de as analysisDe } from '../../../src/i18n/analysis/de.ts';

// Issue 32: the dashboard of a cross-system analysis names its systems and counts its cross-system findings.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

async function render(lang: 'en' | 'tr' | 'de') {
  const i18n = polyglotI18nProvider(() => catalogues[lang] as unknown as TranslationMessages, lang);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const systems = [
    { sid: 'ERP', systemPeriodName: 'June ERP', periodDate: '2026-06-30' },
    { sid: 'SRM', systemPeriodName: 'June SRM', periodDate: '2026-06-30' },
  ];
  await act(async () =>
    root!.render(
      <AdminContext i18nProvider={i18n}>
        <CrossSystemPanel systems={systems} counts={{ findings: 1234, accepted: 4, mitigated: 0, deactivated: 0, open: 1230 }} />
      </AdminContext>,
    ),
  );
  return container.textContent ?? '';
}

describe('the cross-system panel of the dashboard', () => {
  it('names each system with its period and counts the cross-system findings by status', async () => {
    const text = await render('en');
    const en = analysisEn.dashboard;
    expect(container!.querySelector('[data-testid="dashboard-systems"]')!.textContent).toBe('ERP · June ERP (30/06/2026)SRM · June SRM (30/06/2026)');
    expect(text).toContain(en.cross_system_title);
    expect(container!.querySelector('[data-testid="dashboard-cross-system-count"]')!.textContent).toBe(`${en.cross_system_findings}1,234Open: 1,230 · Accepted: 4`);
    expect(text).toContain(en.cross_system_per_system);
  });

  it('is worded in Turkish and German too', async () => {
    expect(await render('tr')).toContain(analysisTr.dashboard.cross_system_findings);
    act(() => root?.unmount());
    expect(await render('de')).toContain(analysisDe.dashboard.cross_system_per_system);
  });
});
