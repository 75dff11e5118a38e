// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installDemoMock } from '../../../src/demo/apps-mock/index.ts';
import { createDemoFetch } from '../../../src/demo/apps-mock/install.ts';
import type { DatatableRow, Page } from '../../../src/demo/apps-mock/types.ts';
import { freshState, NOW } from './call.ts';

const passthrough = () => vi.fn(async (..._args: unknown[]) => new Response('network', { status: 201 }));

function mocked(original = passthrough(), state = freshState()) {
  const fetch = createDemoFetch(original as unknown as typeof globalThis.fetch, {
    state: () => state,
    baseUrl: () => 'http://app.test/app/apps/datatable',
    now: () => NOW,
  });
  return { fetch, original, state };
}

describe('the demo fetch', () => {
  it('answers every demo path with status 200 JSON', async () => {
    const { fetch, original } = mocked();
    const paths = [
      '/apps/events',
      '/app/apps/events',
      '/apps/chat',
      '/apps/mailbox',
      '/apps/tasks',
      '/apps/datatable',
      '/apps/notifications',
      '/apps/products',
      '/apps/users',
      '/apps/contacts',
    ];
    for (const path of paths) {
      const res = await fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type'), path).toContain('application/json');
      expect(await res.json(), path).toBeTruthy();
    }
    for (const path of ['/apps/chat/addText', '/apps/chat/addAttachments', '/apps/chat/read']) {
      const res = await fetch(path, { method: 'PUT', body: JSON.stringify({ id: 1, text: 'x', attachments: [] }) });
      expect(res.status, path).toBe(200);
    }
    expect(original).not.toHaveBeenCalled();
  });

  it('reads GET parameters from the query string with sortBy JSON-encoded', async () => {
    const { fetch } = mocked();
    const query = new URLSearchParams({
      term: 'Bagel',
      sortBy: JSON.stringify([{ id: 'sales', desc: true }]),
      pageSize: '3',
      pageIndex: '1',
    });
    const page = (await (await fetch(`/apps/datatable?${query}`)).json()) as Page<DatatableRow>;
    expect(page).toMatchObject({ pageSize: 3, pageIndex: 1, pageCount: 2 });
    expect(page.items.every((r) => r.name.startsWith('Bagel'))).toBe(true);
  });

  it('reads POST, PUT and DELETE parameters from the JSON body, also from a Request object', async () => {
    const { fetch, state } = mocked();
    await fetch('/apps/datatable', {
      method: 'DELETE',
      body: JSON.stringify({ ids: [1, 2], sortBy: [], pageSize: 10, pageIndex: 0 }),
    });
    expect(state.datatable).toHaveLength(58);
    await fetch(new Request('http://app.test/apps/tasks', { method: 'DELETE', body: JSON.stringify({ id: '1' }) }));
    expect(state.tasks.some((t) => t.id === '1')).toBe(false);
  });

  it('passes every other request to the original fetch with its arguments untouched', async () => {
    const { fetch, original } = mocked();
    const init = { method: 'POST', body: '{"email":"a"}' };
    const res = await fetch('/api/auth/login', init);
    expect(res.status).toBe(201);
    expect(original).toHaveBeenCalledWith('/api/auth/login', init);
    await fetch('https://other.test/apps/chat');
    expect(original).toHaveBeenLastCalledWith('https://other.test/apps/chat', undefined);
    await fetch('/apps/chatty');
    await fetch('/apps/products', { method: 'DELETE' }); // a demo path, but not a demo call
    await fetch('/app/apps/chat'); // only events has the /app alias
    expect(original).toHaveBeenCalledTimes(5);
  });
});

describe('installDemoMock', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('patches fetch once: demo paths answered, other requests to the previous fetch', async () => {
    const original = passthrough();
    vi.stubGlobal('fetch', original);
    installDemoMock();
    const patched = globalThis.fetch;
    installDemoMock();
    expect(globalThis.fetch).toBe(patched);
    expect(patched).not.toBe(original);

    const res = await fetch('/apps/notifications');
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(4);
    expect(original).not.toHaveBeenCalled();

    expect((await fetch('/api/health')).status).toBe(201);
    expect(original).toHaveBeenCalledWith('/api/health', undefined);
  });
});
