// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LicenceState } from '../../../contracts/licence-state.ts';
import LicenceCounts from '../../../src/custom-pages/licences/LicenceCounts.tsx';
import { EvaluationBanner } from '../../../src/custom-pages/licences/EvaluationBanner.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { setActiveCustomer } from '../../../src/providers/customer-scope.ts';
import { clearToken, storeToken } from '../../../src/providers/token-store.ts';

/*
 * Issue 27 item 4: a customer without a licence is in evaluation, which every page says (the
 * banner of the app layout) with the days left; the licence-count screen shows use against the
 * licence, over-use included.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = (lang: 'tr' | 'en' | 'de') => polyglotI18nProvider(() => catalogues[lang] as unknown as TranslationMessages, lang);
const token = (claims: object) => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}.c2ln`;
};

let root: Root | undefined;
let container: HTMLElement | undefined;
async function render(node: React.ReactNode, lang: 'tr' | 'en' | 'de' = 'tr') {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider(lang)}>{node}</AdminContext>));
}
const flush = () => act(() => new Promise((r) => setTimeout(r, 30)));

/** The API's answers by path; every call is recorded with its customer header. */
let answers: Record<string, { status: number; body?: unknown }> = {};
const calls: { url: string; customer: string | null }[] = [];

const ENDS = '2026-12-27T09:00:00.000Z';
const evaluation = (over: Partial<LicenceState> = {}): LicenceState => ({ evaluation: true, evaluationEndsAt: ENDS, daysLeft: 12, systemsAllowed: 1, systemsUsed: 1, ...over });

beforeEach(() => {
  calls.length = 0;
  storeToken(token({ sub: 'a', Role: 'Admin', permissions: {} }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      calls.push({ url, customer: new Headers(init?.headers).get('X-Customer-Id') });
      const a = answers[url] ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } };
      return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  vi.unstubAllGlobals();
  clearToken();
  setActiveCustomer(null);
  answers = {};
});

const banner = () => container!.querySelector('[data-testid="evaluation-banner"]');

describe('the evaluation banner (every page: it sits in the app layout)', () => {
  it('says in Turkish that the customer is in evaluation, until when, the days left and the system allowed', async () => {
    answers['/api/licences/state'] = { status: 200, body: evaluation() };
    await render(<EvaluationBanner />);
    await flush();
    const text = banner()?.textContent ?? '';
    expect(text).toContain('Değerlendirme sürümü: bu müşteri için lisans yüklenmedi.');
    expect(text).toContain('12 gün kaldı');
    expect(text).toContain(new Date(ENDS).toLocaleDateString('tr-TR'));
    expect(text).toContain('en fazla 1 sistem');
    // Not an alarm for screen readers on every page: a status.
    expect(banner()?.getAttribute('role')).toBe('status');
  });

  it('speaks the UI language, singular and plural', async () => {
    answers['/api/licences/state'] = { status: 200, body: evaluation({ daysLeft: 1 }) };
    await render(<EvaluationBanner />, 'en');
    await flush();
    expect(banner()?.textContent).toContain('(1 day left)');
    await act(async () => root!.unmount());
    answers['/api/licences/state'] = { status: 200, body: evaluation({ daysLeft: 5 }) };
    await render(<EvaluationBanner />, 'de');
    await flush();
    expect(banner()?.textContent).toContain('noch 5 Tage');
  });

  it('says when the evaluation has ended and that a licence file is needed', async () => {
    answers['/api/licences/state'] = { status: 200, body: evaluation({ daysLeft: 0 }) };
    await render(<EvaluationBanner />);
    await flush();
    expect(banner()?.textContent).toContain('Değerlendirme süresi');
    expect(banner()?.textContent).toContain('lisans dosyası yüklenmeli');
  });

  it('is not shown for a licensed customer, nor for a SuperAdmin without an active customer', async () => {
    answers['/api/licences/state'] = { status: 200, body: { evaluation: false, evaluationEndsAt: null, daysLeft: null, systemsAllowed: null, systemsUsed: 3 } };
    await render(<EvaluationBanner />);
    await flush();
    expect(banner()).toBeNull();
    await act(async () => root!.unmount());
    storeToken(token({ sub: 's', Role: 'SuperAdmin', permissions: {} }));
    answers['/api/licences/state'] = { status: 204 };
    await render(<EvaluationBanner />);
    await flush();
    expect(banner()).toBeNull();
  });

  it('offers a SuperAdmin the licence upload, and follows its active customer', async () => {
    storeToken(token({ sub: 's', Role: 'SuperAdmin', permissions: {} }));
    setActiveCustomer('c1');
    answers['/api/licences/state'] = { status: 200, body: evaluation() };
    await render(<EvaluationBanner />);
    await flush();
    const upload = banner()?.querySelector('a');
    expect(upload?.textContent).toBe('Lisans dosyası yükle');
    expect(upload?.getAttribute('href')).toContain('/app/licenses/license-files/create');
    expect(calls.at(-1)).toEqual({ url: '/api/licences/state', customer: 'c1' });
    answers['/api/licences/state'] = { status: 200, body: { evaluation: false, evaluationEndsAt: null, daysLeft: null, systemsAllowed: null, systemsUsed: 0 } };
    await act(async () => setActiveCustomer('c2'));
    await flush();
    expect(calls.at(-1)).toEqual({ url: '/api/licences/state', customer: 'c2' });
    expect(banner()).toBeNull();
  });
});

describe('the licence-count screen', () => {
  const rows = [
    { name: 'Acme', licence: 'Acme A.Ş.', evaluation: false, evaluationEndsAt: null, licensedUsers: 5, usedUsers: 8, licensedSystems: 2, usedSystems: 2, expiresOn: '2027-06-30' },
    { name: 'Beta', licence: 'Beta', evaluation: false, evaluationEndsAt: null, licensedUsers: 25, usedUsers: 3, licensedSystems: 3, usedSystems: 1, expiresOn: '2027-06-30' },
    { name: 'Gamma', licence: null, evaluation: true, evaluationEndsAt: ENDS, licensedUsers: null, usedUsers: 2, licensedSystems: 1, usedSystems: 1, expiresOn: null },
  ];
  const cells = (name: string) =>
    [...container!.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('td')?.textContent === name)!.querySelectorAll('td');

  it('shows users and systems in use against the licence, over-use flagged, and evaluation where there is no licence', async () => {
    answers['/api/licences/counts'] = { status: 200, body: rows };
    await render(<LicenceCounts />);
    await flush();
    const head = [...container!.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(head).toEqual(['Müşteri', 'Lisans', 'Kullanıcılar (etkin / lisanslı)', 'Sistemler (kayıtlı / izin verilen)', 'Geçerlilik sonu']);
    const acme = cells('Acme');
    expect(acme[1].textContent).toBe('Acme A.Ş.');
    expect(acme[2].textContent).toContain('8 / 5');
    expect(acme[2].textContent).toContain('Lisanstan 3 fazla');
    expect(acme[3].textContent).toBe('2 / 2');
    expect(cells('Beta')[2].textContent).toBe('3 / 25');
    const gamma = cells('Gamma');
    expect(gamma[1].textContent).toBe(`Değerlendirme (${new Date(ENDS).toLocaleDateString('tr-TR')} tarihine kadar)`);
    expect(gamma[2].textContent).toBe('2 / sınırsız');
    expect(gamma[3].textContent).toBe('1 / 1');
    expect(gamma[4].textContent).toBe('—');
  });
});
