// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Basis from '../../../src/custom-pages/analysis/Basis.tsx';
import { catalogues, type Locale } from '../../../src/i18n/catalogues.ts';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { BASIS_CHECKS, runBasisChecks } from '../../../engine/basis/index.ts';
import { emptyExtract } from '../../../engine/model/extract.ts';

// Issue 15 item 7: the basis screen says each finding's DETAIL in the UI's language.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PERIOD = 'p1';
const user = (bname: string, over: object = {}) => ({ bname, ustyp: 'A', uflag: 0, validFrom: null, validTo: null, lastLogon: 20260520, userGroup: 'STAFF', codvn: 'H', pwdState: 0, createdOn: 20200101, ...over });
// Engine findings as a run stores them: SAP* unlocked without group, a locked user never logged on, a weak hash.
const engine = runBasisChecks(
  {
    ...emptyExtract(),
    users: [user('SAP*', { userGroup: '' }), user('NEVER', { lastLogon: null, uflag: 64 }), user('WEAK', { codvn: 'B' })],
    clients: [{ client: '100', category: 'P', changeRecording: '', crossClientChanges: '' }],
  },
  { date: 20260601 },
).findings;
const records = [
  ...engine.map((f, i) => ({ id: `f${i}`, checkId: f.checkId, holder: f.id, detail: f.detail, detailParts: f.detailParts, title: '', explanation: '', severity: 'HIGH', category: 'user-master' })),
  // A finding stored before its parts were: its English DETAIL is all there is.
  { id: 'old', checkId: 'U17', holder: 'OLDROW', detail: 'no user group (CLASS empty)', detailParts: null, title: '', explanation: '', severity: 'LOW', category: 'user-master' },
];
const run = { status: 'completed', ran: true, ranAt: '2026-06-01T10:00:00Z', ranBy: 'a@b.c', analysisDate: '20260601', findings: records.length, durationMs: 10, stale: false, checks: BASIS_CHECKS.map((c) => ({ ...c, findings: 0 })) };

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.unstubAllGlobals();
});

function mockApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      const answer =
        url.pathname === '/api/system-periods'
          ? { body: [{ id: PERIOD, name: 'June' }], range: 'system-periods 0-0/1' }
          : url.pathname === `/api/system-periods/${PERIOD}/basis`
            ? { body: run }
            : url.pathname === '/api/basis-findings'
              ? { body: records, range: `basis-findings 0-${records.length - 1}/${records.length}` }
              : { body: [], range: 'x */0' };
      return new Response(JSON.stringify(answer.body), { headers: { 'Content-Type': 'application/json', ...(answer.range ? { 'Content-Range': answer.range } : {}) } });
    }),
  );
}

async function detailsOn(lang: Locale): Promise<string[]> {
  mockApi();
  const i18nProvider = polyglotI18nProvider(() => catalogues[lang] as unknown as TranslationMessages, lang);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}><Basis /></AdminContext>));
  for (let waited = 0; waited < 5000 && !container.textContent?.includes('OLDROW'); waited += 50) await act(() => new Promise((r) => setTimeout(r, 50)));
  const rows = [...container.querySelectorAll('[data-testid="basis-findings"] tbody tr')];
  expect(rows.length, container.textContent ?? '').toBeGreaterThanOrEqual(records.length);
  return rows.map((r) => r.textContent ?? '');
}

describe('basis findings DETAIL in the UI’s language', () => {
  const newEnglish = engine.map((f) => f.detail);

  it('the English screen shows the engine’s DETAIL', async () => {
    const text = (await detailsOn('en')).join('\n');
    for (const d of newEnglish) expect(text).toContain(d);
  });

  for (const [lang, expected] of [
    ['tr', ['kilitli değil; SUPER yerine kullanıcı grubu (yok)', 'hiç oturum açmamış; 20200101 tarihinde oluşturulmuş', 'kilitli (yerel)', 'CODVN B: MD5 tabanlı, 8 karakter, büyük harf']],
    ['de', ['nicht gesperrt; Benutzergruppe (keine) statt SUPER', 'nie angemeldet; angelegt am 20200101', 'gesperrt (lokal)', 'CODVN B: MD5-basiert, 8 Zeichen, Großbuchstaben']],
  ] as const) {
    it(`the ${lang === 'tr' ? 'Turkish' : 'German'} screen shows no English DETAIL of a finding that has parts`, async () => {
      const rows = await detailsOn(lang);
      const text = rows.filter((r) => !r.includes('OLDROW')).join('\n');
      for (const e of expected) expect(text).toContain(e);
      for (const d of newEnglish) expect(text).not.toContain(d);
      for (const phrase of ['not locked', 'never logged on', 'instead of', 'days before', 'upper case', 'no user group']) expect(text).not.toContain(phrase);
      // Stored before the parts: the English text rather than nothing.
      expect(rows.find((r) => r.includes('OLDROW'))).toContain('no user group (CLASS empty)');
    });
  }
});
