// @vitest-environment happy-dom
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/providers/dataProvider.ts';
import { RESOURCES } from '../../src/resources/resource-names.ts';

// Issue 14: the period, risk data and SQL query screens call the API through the data provider.
type Answer = { body: unknown; status?: number; headers?: Record<string, string> };
let calls: { url: URL; init?: RequestInit }[] = [];
function mockApi(answer: (url: URL) => Answer) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      calls.push({ url, init });
      const a = answer(url);
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'Content-Type': 'application/json', ...(a.headers ?? {}) } });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

/** An XMLHttpRequest that records what is sent, reports half the upload, then accepts it. */
function fakeXhr(): { method: string; url: string; form?: FormData }[] {
  const sent: { method: string; url: string; form?: FormData }[] = [];
  class FakeXhr {
    status = 202;
    statusText = 'Accepted';
    responseText = '{"status":"importing"}';
    upload: { onprogress?: (e: ProgressEvent) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, form });
      this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('data provider of the period and risk data screens', () => {
  it('lists a period’s SAP table under its nested path, in file order unless a column is sorted', async () => {
    mockApi(() => ({ body: [{ id: 0, BNAME: 'DDIC' }], headers: { 'Content-Range': 'USR02 0-0/1' } }));
    const meta = { periodId: 'p 1', table: 'USR02' };
    const page = await dataProvider.getList(RESOURCES.periodTables.name, { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { q: 'DD' }, meta });
    expect(page).toEqual({ data: [{ id: 0, BNAME: 'DDIC' }], total: 1 });
    expect(calls[0].url.pathname).toBe('/api/system-periods/p%201/tables/USR02');
    // react-admin's default sort, `id` (a row's place), which the API reads as the file order.
    expect(JSON.parse(calls[0].url.searchParams.get('sort')!)).toEqual(['id', 'ASC']);
    expect(JSON.parse(calls[0].url.searchParams.get('range')!)).toEqual([0, 24]);
    expect(JSON.parse(calls[0].url.searchParams.get('filter')!)).toEqual({ q: 'DD' });
    await dataProvider.getList(RESOURCES.periodTables.name, { pagination: { page: 2, perPage: 25 }, sort: { field: 'BNAME', order: 'DESC' }, filter: {}, meta });
    expect(JSON.parse(calls[1].url.searchParams.get('sort')!)).toEqual(['BNAME', 'DESC']);
    await expect(dataProvider.getList(RESOURCES.periodTables.name, { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(
      'meta.periodId is required',
    );
  });

  it('names resources by their spec path and calls the API resource', async () => {
    mockApi(() => ({ body: [], headers: { 'Content-Range': 'x */0' } }));
    for (const [name, api] of [
      [RESOURCES.systemPeriods.name, '/api/system-periods'],
      [RESOURCES.riskPeriods.name, '/api/risk-periods'],
      [RESOURCES.risks.name, '/api/risks'],
      [RESOURCES.functions.name, '/api/functions'],
      [RESOURCES.sqlQueries.name, '/api/sql-queries'],
    ]) {
      await dataProvider.getList(name, { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
      expect(calls.at(-1)!.url.pathname).toBe(api);
      // Elsewhere the default sort is sent as it is.
      expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('["id","ASC"]');
    }
  });

  it('copies a ruleset and runs a stored query with POST, and reads a period’s tables', async () => {
    mockApi((url) => ({ body: url.pathname.endsWith('/tables') ? [{ table: 'USR02', rows: 3, columns: ['BNAME'] }] : { ok: url.pathname } }));
    expect(await dataProvider.postAction(RESOURCES.riskPeriods.name, { id: 'r1', path: 'copy', data: { name: 'Copy', periodDate: '2026-01-31' } })).toEqual({ data: { ok: '/api/risk-periods/r1/copy' } });
    expect(calls[0].init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ name: 'Copy', periodDate: '2026-01-31' });
    await dataProvider.postAction(RESOURCES.sqlQueries.name, { id: 'q1', path: 'run', data: { systemPeriodId: 'sp1' } });
    expect(calls[1].url.pathname).toBe('/api/sql-queries/q1/run');
    expect((await dataProvider.getDetail(RESOURCES.systemPeriods.name, { id: 'sp1', path: 'tables' })).data).toEqual([{ table: 'USR02', rows: 3, columns: ['BNAME'] }]);
  });

  it('keeps the server’s own field messages beside the translated ones, for screens that word the failure', async () => {
    mockApi(() => ({ status: 400, body: { code: 'FIELDS_INVALID', message: 'Fill in all fields correctly', errors: { 'permissions.0.object': 'Object is too long' } } }));
    const failure = await dataProvider.update(RESOURCES.functions.name, { id: 'f1', data: {}, previousData: { id: 'f1' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    const body = (failure as HttpError).body as { serverErrors?: Record<string, string>; errors?: Record<string, string> };
    expect(body.serverErrors).toEqual({ 'permissions.0.object': 'Object is too long' });
    expect(body.errors?.['permissions.0.object']).not.toBe('Object is too long');
  });

  it('uploads files to a record’s path with XMLHttpRequest progress', async () => {
    const sent = fakeXhr();
    const progress: (number | null)[] = [];
    const answer = await dataProvider.uploadFiles(RESOURCES.systemPeriods.name, { id: 'p1', path: 'extract', files: [new File(['x'], 'USR02.csv')], onProgress: (p) => progress.push(p) });
    expect(answer).toEqual({ data: { status: 'importing' } });
    expect(sent.map((s) => [s.method, s.url])).toEqual([['POST', '/api/system-periods/p1/extract']]);
    expect((sent[0].form!.get('files') as File).name).toBe('USR02.csv');
    expect(progress).toEqual([50, 100]);
  });

  it('imports a whole register’s file and saves its export through the same actions (no record id)', async () => {
    const sent = fakeXhr();
    await dataProvider.uploadFiles(RESOURCES.mitigatingControls.name, { path: 'import', files: [new File(['x'], 'controls.csv')], onProgress: () => undefined });
    expect(sent.map((s) => [s.method, s.url])).toEqual([['POST', '/api/mitigating-controls/import']]);
    mockApi(() => ({ body: 'a,b', headers: { 'Content-Disposition': 'attachment; filename="controls.csv"' } }));
    await dataProvider.downloadFile(RESOURCES.mitigatingControls.name, { path: 'export', query: { format: 'csv' }, name: 'mitigating-controls.csv' });
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual(['/api/mitigating-controls/export?format=csv']);
  });
});
