// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type DataProvider, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText } from '../../../src/custom-pages/analysis/api.ts';
import { analysisScreens } from '../../../src/custom-pages/analysis/screens.tsx';
import { catalogues, type Locale } from '../../../src/i18n/catalogues.ts';
import { COMPARISON_RESOURCE } from '../../../src/providers/analysis-methods.ts';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import analyses from '../../../src/resources/analyses/index.tsx';
import { ListTable } from '../../../src/resources/common/ListTable.tsx';
import findings from '../../../src/resources/findings/index.tsx';
import { resources } from '../../../src/resources/index.tsx';
import riskAcceptances from '../../../src/resources/risk-acceptances/index.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const root_ = join(import.meta.dirname, '../../..');

/** Issue 14: analyses, findings and risk acceptances are react-admin resources, one folder each. */
describe('the analysis resources', () => {
  it('each folder exports its views, and each is a resource at its spec path (no custom page left there)', () => {
    expect(typeof analyses.list).toBe('function');
    expect(typeof analyses.create).toBe('function');
    expect(typeof findings.list).toBe('function');
    expect(typeof riskAcceptances.list).toBe('function');
    for (const view of [analyses, findings, riskAcceptances]) expect(view.icon).toBeTruthy();
    const names = resources.map((r) => r.props.name as string);
    expect(names).toEqual(expect.arrayContaining(['app/reports/analyze-request', 'app/reports/list', 'app/reports/risk']));
    for (const path of ['/app/reports/analyze-request', '/app/reports/list', '/app/reports/risk']) expect(analysisScreens).not.toHaveProperty(path);
    // The creation form keeps its own spec path.
    expect(analysisScreens).toHaveProperty('/app/reports/create');
  });

  it('no screen of these resources, nor compare, basis or the top 10, uses the hand-rolled list', () => {
    const files = [
      ...['analyses', 'findings', 'risk-acceptances'].flatMap((d) => readdirSync(join(root_, 'src/resources', d)).map((f) => join('src/resources', d, f))),
      'src/custom-pages/analysis/Compare.tsx',
      'src/custom-pages/analysis/Basis.tsx',
      'src/custom-pages/analysis/TopRiskUsers.tsx',
      'src/resources/common/ListTable.tsx',
    ];
    const offenders = files.filter((f) => /\b(PagedTable|apiList|listQuery|parseContentRange)\b/.test(readFileSync(join(root_, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

type Answer = { body: unknown; status?: number; headers?: Record<string, string> };
function mockFetch(answer: (url: URL) => Answer) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      calls.push({ url, init: init ?? (input instanceof Request ? { method: input.method } : undefined) });
      const a = answer(url);
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'Content-Type': 'application/json', ...(a.headers ?? {}) } });
    }),
  );
  return calls;
}

describe('the dataProvider of the analysis screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a resource named by its spec path from its API resource', async () => {
    const calls = mockFetch(() => ({ body: [{ id: 'r1', riskId: 'R1' }], headers: { 'Content-Range': 'risk-acceptances 0-0/1' } }));
    const answer = await dataProvider.getList('app/reports/risk', { pagination: { page: 1, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} });
    expect(calls[0].url.pathname).toBe('/api/risk-acceptances');
    expect(JSON.parse(calls[0].url.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);
    expect(answer).toMatchObject({ data: [{ id: 'r1' }], total: 1 });
  });

  it('lists a comparison page from GET /api/analyses/compare, with its summary as the answer meta', async () => {
    const calls = mockFetch(() => ({
      body: { rows: [{ level: 'USER', holder: 'ALICE', riskId: 'R1', status: 'new' }], total: 26, summary: { new: 1 }, left: { name: 'Q1' }, right: { name: 'Q2' } },
    }));
    const answer = await dataProvider.getList(COMPARISON_RESOURCE, {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: ['new'] },
      meta: { left: 'a1', right: 'a2' },
    });
    const url = calls[0].url;
    expect(url.pathname).toBe('/api/analyses/compare');
    expect([url.searchParams.get('left'), url.searchParams.get('right'), url.searchParams.get('range')]).toEqual(['a1', 'a2', '[25,49]']);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ status: ['new'] });
    expect(answer.data).toEqual([{ id: 25, level: 'USER', holder: 'ALICE', riskId: 'R1', status: 'new' }]);
    expect(answer.total).toBe(26);
    expect(answer.meta).toEqual({ summary: { new: 1 }, left: { name: 'Q1' }, right: { name: 'Q2' } });
  });

  it('cancels an analysis (an action) and reads user and role views and the default analysis through its own methods', async () => {
    const calls = mockFetch(() => ({ body: { analysisId: 'a3', name: 'Q3' } }));
    await dataProvider.postAction('app/reports/analyze-request', { id: 'a1', path: 'cancel' });
    await dataProvider.holderView('role', { analysisId: 'a3', name: 'Z_AP&' });
    expect(await dataProvider.setDefaultAnalysis('a3')).toEqual({ analysisId: 'a3', name: 'Q3' });
    expect(calls.map((c) => [c.init?.method ?? 'GET', `${c.url.pathname}${c.url.search}`])).toEqual([
      ['POST', '/api/analyses/a1/cancel'],
      ['GET', '/api/reports/role-view?analysisId=a3&role=Z_AP%26'],
      ['PUT', '/api/default-analysis'],
    ]);
  });

  it("says a refusal of a write through the dataProvider in the UI's words, field messages included", async () => {
    mockFetch(() => ({ status: 400, body: { message: 'Validation failed', errors: { name: 'Name is required' } } }));
    const en = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
    const error = await dataProvider.create('app/reports/analyze-request', { data: { name: '' } }).catch((e: unknown) => e);
    const text = errorText(error, en.translate, 'segra.analysis.errors.analysis_failed');
    // The field's message was turned into a catalogue key by the dataProvider: shown as its text.
    expect(text).toContain(en.translate('ra.validation.required'));
    expect(text).not.toContain(en.translate('segra.server.field.invalid'));
  });
  it("names a field refusal the catalogue knows by its own words, in every language (not the generic 'invalid')", async () => {
    mockFetch(() => ({ status: 400, body: { message: 'Validation failed', errors: { validTo: 'Valid to must not be before valid from' } } }));
    const error = await dataProvider.create('app/reports/risk', { data: {} }).catch((e: unknown) => e);
    for (const lang of ['en', 'tr', 'de'] as const) {
      const i18n = polyglotI18nProvider(() => catalogues[lang] as unknown as TranslationMessages, lang);
      const text = errorText(error, i18n.translate, 'segra.analysis.errors.analysis_failed');
      expect(text).toContain(i18n.translate('segra.mitigations.validation.valid_to_before'));
      expect(text).not.toContain(i18n.translate('segra.server.field.invalid'));
    }
  });
});

describe('the list table over the dataProvider', () => {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  afterEach(async () => {
    await act(async () => root?.unmount());
    container?.remove();
  });

  async function paging(locale: Locale): Promise<{ text: string; asked: unknown[] }> {
    const asked: unknown[] = [];
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i, name: `row ${i}` }));
    const provider = {
      getList: async (resource: string, params: unknown) => {
        asked.push([resource, params]);
        return { data: rows, total: 1366 };
      },
    } as unknown as DataProvider;
    const i18nProvider = polyglotI18nProvider((l) => catalogues[l as Locale] as unknown as TranslationMessages, locale);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () =>
      root!.render(
        <AdminContext i18nProvider={i18nProvider} dataProvider={provider}>
          <ListTable resource="things" columns={[{ key: 'name', label: 'name' }]} filter={{ kind: 'a' }} defaultSort={['name', 'DESC']} testId="things" />
        </AdminContext>,
      ),
    );
    for (let i = 0; i < 40 && !container.querySelector('.MuiTablePagination-displayedRows'); i++) await act(() => new Promise((r) => setTimeout(r, 25)));
    const text = container.querySelector('.MuiTablePagination-displayedRows')!.textContent!;
    expect(container.querySelectorAll('[data-testid="things"] [data-testid="analysis-row"]')).toHaveLength(25);
    await act(async () => root!.unmount());
    container.remove();
    root = undefined;
    return { text, asked };
  }

  it("asks the dataProvider for the page under its filter and sort, and says the range in the UI's language", async () => {
    const tr = await paging('tr');
    expect(tr.text).toBe('1-25 / 1.366');
    expect(tr.asked[0]).toEqual(['things', expect.objectContaining({ pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'DESC' }, filter: { kind: 'a' } })]);
    expect((await paging('de')).text).toBe('1-25 von 1.366');
    expect((await paging('en')).text).toBe('1-25 of 1,366');
  });
});
