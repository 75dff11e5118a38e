// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, ResourceContextProvider, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { dataProvider } from '../../src/providers/dataProvider.ts';
import { DecisionTrailList } from '../../src/resources/decision-trail/index.tsx';
import { RESOURCES } from '../../src/resources/resource-names.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const entry = (id: string, action: string, entity: string, detail: object) => ({
  id,
  createdAt: '2026-11-20T10:00:00.000Z',
  action,
  entity,
  entityId: id,
  detail,
  actorEmail: 'admin@segra.local',
});
// What the server keeps: an acceptance's scope as global|user|role, a mitigation's level as USER|ROLE.
const TRAIL = [
  entry('a1', 'risk.accepted', 'risk-acceptances', { riskId: 'R001', scope: 'global', holder: '' }),
  entry('a2', 'risk.accepted', 'risk-acceptances', { riskId: 'R002', scope: 'user', holder: 'ALI' }),
  entry('a3', 'risk.accepted', 'risk-acceptances', { riskId: 'R003', scope: 'role', holder: 'Z_FI' }),
  entry('a4', 'risk.mitigated', 'mitigations', { controlId: 'MC-1', riskId: 'R004', level: 'ROLE', holder: 'Z_MM' }),
];

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  vi.unstubAllGlobals();
});

async function render(lang: 'tr' | 'de') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(TRAIL), { headers: { 'Content-Type': 'application/json', 'Content-Range': `risk-decision-trail 0-3/4` } })),
  );
  const i18nProvider = polyglotI18nProvider(() => catalogues[lang] as unknown as TranslationMessages, lang);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <ResourceContextProvider value={RESOURCES.decisionTrail.name}>
          <DecisionTrailList />
        </ResourceContextProvider>
      </AdminContext>,
    ),
  );
  await vi.waitFor(() => expect(container!.textContent).toContain('R004'));
}
const summaries = () => [...container!.querySelectorAll('tbody tr')].map((r) => r.querySelectorAll('td')[3]?.textContent);

describe('the decision trail (issue 27)', () => {
  it('words the scope of an acceptance and the level of a mitigation in Turkish, not as the API stores them', async () => {
    await render('tr');
    expect(summaries()).toEqual(['R001 · Genel', 'R002 · Kullanıcı · ALI', 'R003 · Rol · Z_FI', 'MC-1 · R004 · Rol · Z_MM']);
  });

  it('and in German', async () => {
    await render('de');
    expect(summaries()).toEqual(['R001 · Allgemein', 'R002 · Benutzer · ALI', 'R003 · Rolle · Z_FI', 'MC-1 · R004 · Rolle · Z_MM']);
  });
});
