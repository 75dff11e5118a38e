// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultAnalysisState,
  loadDefaultAnalysis,
  saveDefaultAnalysis,
  subscribeDefaultAnalysis,
} from '../../../src/resources/analyses/default-analysis-store.ts';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { clearToken, storeToken } from '../../../src/providers/token-store.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
const token = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;

/** The default analysis lives on the server (DESIGN 6), not in one browser's local storage. */
describe('the default analysis store', () => {
  let served: { analysisId: string | null; name: string | null };
  let fetch: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    storeToken(token);
    served = { analysisId: 'a1', name: 'Q1' };
    fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const { analysisId } = JSON.parse(init.body as string) as { analysisId: string | null };
        if (analysisId === 'forbidden') return new Response(JSON.stringify({ code: 'FORBIDDEN', message: 'no' }), { status: 403 });
        served = { analysisId, name: analysisId && `Name of ${analysisId}` };
      }
      return new Response(JSON.stringify(served), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
    localStorage.clear();
  });

  it('reads the choice from GET /api/default-analysis and sets it with PUT, telling the screens', async () => {
    const seen = vi.fn();
    const off = subscribeDefaultAnalysis(seen);
    await loadDefaultAnalysis('', dataProvider);
    expect(String(fetch.mock.calls[0][0])).toBe('/api/default-analysis');
    expect(defaultAnalysisState()).toEqual({ key: '', value: { id: 'a1', name: 'Q1' }, loaded: true });
    await saveDefaultAnalysis('', 'a2', dataProvider);
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect([url, init.method, JSON.parse(init.body as string)]).toEqual(['/api/default-analysis', 'PUT', { analysisId: 'a2' }]);
    expect(defaultAnalysisState().value).toEqual({ id: 'a2', name: 'Name of a2' });
    expect(seen).toHaveBeenCalledTimes(2);
    off();
    expect(localStorage.getItem('segra.defaultAnalysis')).toBeNull();
  });

  it('keeps the choice when the server refuses a change, and reads a refused read as none', async () => {
    await loadDefaultAnalysis('c1', dataProvider);
    await expect(saveDefaultAnalysis('c1', 'forbidden', dataProvider)).rejects.toMatchObject({ status: 403 });
    expect(defaultAnalysisState()).toMatchObject({ key: 'c1', value: { id: 'a1' } });
    fetch.mockImplementation(async () => new Response(JSON.stringify({ code: 'FORBIDDEN' }), { status: 403 }));
    await loadDefaultAnalysis('c1', dataProvider);
    expect(defaultAnalysisState()).toEqual({ key: 'c1', value: null, loaded: true });
  });
});
