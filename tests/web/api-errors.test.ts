// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorKey, translateFieldErrors } from '../../src/providers/api-errors.ts';
import { setActiveCustomer } from '../../src/providers/customer-scope.ts';
import { dataProvider } from '../../src/providers/dataProvider.ts';
import { loadAllMessages } from '../../src/providers/i18nProvider.ts';
import { authProvider } from '../../src/providers/authProvider.ts';
import { clearToken, readToken, storeToken } from '../../src/providers/token-store.ts';
import { RESOURCES } from '../../src/resources/resource-names.ts';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

describe('API errors as catalogue keys (spec 8)', () => {
  it('prefers a specific code, then the operation message, then a generic one', () => {
    expect(errorKey(409, { code: 'SYSTEM_EXISTS' }, 'systems', 'create')).toBe('segra.errors.code.SYSTEM_EXISTS');
    expect(errorKey(409, { code: 'GROUP_IN_USE' }, 'groups', 'delete')).toBe('segra.errors.code.GROUP_IN_USE');
    expect(errorKey(500, { code: 'INTERNAL' }, 'customers', 'update')).toBe('segra.errors.customers.update');
    expect(errorKey(400, { code: 'CUSTOMER_REQUIRED', params: {}, message: 'Choose a customer (X-Customer-Id) to create a record in' }, 'departments', 'create')).toBe(
      'segra.errors.code.CUSTOMER_REQUIRED',
    );
    expect(errorKey(400, { code: 'BAD_REQUEST', errors: { name: 'Name is required' } }, 'departments', 'create')).toBe('ra.message.invalid_form');
    expect(errorKey(404, { code: 'NOT_FOUND' })).toBe('segra.errors.not_found');
    expect(errorKey(500, undefined)).toBe('ra.notification.http_error');
  });

  it('translates the spec’s field messages and says any other in the UI’s language, never in English (issue 15)', async () => {
    // As in the app, where forms sit behind the first page, which loads the full catalogue.
    await loadAllMessages();
    expect(translateFieldErrors({ email: 'Email is not valid', x: 'Something else', sid: 'SID is required' })).toEqual({
      email: 'segra.validation.email_invalid',
      x: 'Değer geçersiz',
      sid: 'Zorunlu alan',
    });
  });
});

describe('dataProvider', () => {
  beforeEach(() => {
    clearToken();
    setActiveCustomer(null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('calls the API resource behind a spec-path resource, with Bearer and X-Customer-Id', async () => {
    storeToken(TOKEN);
    setActiveCustomer('5b1e7f4c-0000-4000-8000-000000000001');
    const fetch = vi.fn(
      async () => new Response(JSON.stringify([{ id: '1', name: 'Finans' }]), { status: 200, headers: { 'Content-Range': 'departments 0-0/1' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const result = await dataProvider.getList(RESOURCES.departments.name, {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(1);
    const request = fetch.mock.calls[0] as unknown as [Request | string, RequestInit?];
    const url = typeof request[0] === 'string' ? request[0] : request[0].url;
    expect(url).toMatch(/^\/api\/departments\?/);
    const headers = new Headers(typeof request[0] === 'string' ? request[1]?.headers : request[0].headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(headers.get('X-Customer-Id')).toBe('5b1e7f4c-0000-4000-8000-000000000001');
  });

  it('rejects with the translated key and the field errors as keys', async () => {
    storeToken(TOKEN);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'SYSTEM_EXISTS', message: 'System already exists' }), { status: 409 })),
    );
    await expect(dataProvider.create(RESOURCES.systems.name, { data: { sid: 'PRD' } })).rejects.toMatchObject({
      message: 'segra.errors.code.SYSTEM_EXISTS',
      status: 409,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 'BAD_REQUEST', errors: { mail: 'Email is not valid' } }), { status: 400 })),
    );
    await expect(dataProvider.create(RESOURCES.customers.name, { data: { name: 'x' } })).rejects.toMatchObject({
      body: { errors: { mail: 'segra.validation.email_invalid' } },
    });
  });

  it('says the server is reconnecting on 503 DATABASE_UNAVAILABLE, and keeps the session (issue 28)', async () => {
    await loadAllMessages();
    storeToken(TOKEN);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'DATABASE_UNAVAILABLE', params: { seconds: 5 }, message: 'The database is not reachable' }), {
            status: 503,
            headers: { 'Retry-After': '5' },
          }),
      ),
    );
    const failed = await dataProvider.getList(RESOURCES.departments.name, { pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {} }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 503, message: 'Sunucu veritabanına yeniden bağlanıyor; oturumunuz açık kalır. 5 sn sonra tekrar deneyin.' });
    await expect(authProvider.checkError(failed as { status: number })).resolves.toBeUndefined();
    expect(readToken()).toBe(TOKEN);
  });
});
