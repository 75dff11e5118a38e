// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shownOf, type ChosenAnalysis } from '../../../contracts/analysis-shown.ts';
import {
  chooseShownAnalysis,
  loadShownAnalysis,
  setCustomerDefault,
  shownAnalysisKey,
  shownAnalysisState,
  subscribeShownAnalysis,
} from '../../../src/resources/analyses/shown-analysis-store.ts';
import { dataProvider } from '../../../src/providers/dataProvider.ts';
import { clearToken, storeToken } from '../../../src/providers/token-store.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
const token = `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;
const choice = (analysisId: string): ChosenAnalysis => ({ analysisId, name: `Name of ${analysisId}`, setBy: 'x@test', setAt: '2026-01-01T00:00:00.000Z' });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The analysis shown lives on the server (issue 27): the own choice, else the customer's default. */
describe('the analysis shown store', () => {
  let own: ChosenAnalysis | null;
  let customerDefault: ChosenAnalysis | null;
  let fetch: ReturnType<typeof vi.fn>;
  const key = shownAnalysisKey('u1', '');
  beforeEach(() => {
    storeToken(token);
    own = null;
    customerDefault = choice('a1');
    fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const { analysisId } = JSON.parse(init.body as string) as { analysisId: string | null };
        if (analysisId === 'forbidden') return json({ code: 'FORBIDDEN', message: 'no' }, 403);
        if (url === '/api/default-analysis') {
          customerDefault = analysisId ? choice(analysisId) : null;
          return json({ analysisId, name: null, setBy: null, setAt: null });
        }
        own = analysisId ? choice(analysisId) : null;
      }
      return json(shownOf(own, customerDefault));
    });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
    localStorage.clear();
  });

  it('reads GET /api/shown-analysis, sets the own choice with PUT, telling the screens', async () => {
    const seen = vi.fn();
    const off = subscribeShownAnalysis(seen);
    await loadShownAnalysis(key, dataProvider);
    expect(String(fetch.mock.calls[0][0])).toBe('/api/shown-analysis');
    expect(shownAnalysisState()).toMatchObject({ key, loaded: true, error: null, value: { shown: { analysisId: 'a1', source: 'customer-default' } } });
    await chooseShownAnalysis(key, 'a2', dataProvider);
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect([url, init.method, JSON.parse(init.body as string)]).toEqual(['/api/shown-analysis', 'PUT', { analysisId: 'a2' }]);
    expect(shownAnalysisState().value?.shown).toEqual({ analysisId: 'a2', name: 'Name of a2', source: 'own' });
    expect(customerDefault?.analysisId).toBe('a1');
    expect(seen).toHaveBeenCalledTimes(2);
    off();
  });

  it('sets the customer default apart, then reads what is shown', async () => {
    await setCustomerDefault(key, 'a3', dataProvider);
    expect(fetch.mock.calls.map(([u, i]) => `${(i as RequestInit | undefined)?.method ?? 'GET'} ${String(u)}`)).toEqual(['PUT /api/default-analysis', 'GET /api/shown-analysis']);
    expect(shownAnalysisState().value?.shown).toEqual({ analysisId: 'a3', name: 'Name of a3', source: 'customer-default' });
  });

  it('keeps the answer when the server refuses a change; a refused read shows none with its error; a drifted answer is refused', async () => {
    await loadShownAnalysis(key, dataProvider);
    await expect(chooseShownAnalysis(key, 'forbidden', dataProvider)).rejects.toMatchObject({ status: 403 });
    expect(shownAnalysisState()).toMatchObject({ key, value: { shown: { analysisId: 'a1' } } });
    fetch.mockImplementation(async () => json({ code: 'FORBIDDEN' }, 403));
    await loadShownAnalysis(key, dataProvider);
    expect(shownAnalysisState()).toMatchObject({ key, value: null, loaded: true, error: { status: 403 } });
    fetch.mockImplementation(async () => json({ analysisId: 'a1', name: 'old shape' }));
    await loadShownAnalysis(key, dataProvider);
    expect(shownAnalysisState()).toMatchObject({ value: null, error: expect.objectContaining({ name: expect.stringMatching(/Error/) }) });
  });

  it('an answer for another user or customer, arriving late, is not shown', async () => {
    let release!: () => void;
    fetch.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(shownOf(choice('late'), null));
    });
    const first = loadShownAnalysis(shownAnalysisKey('u1', 'c1'), dataProvider);
    await loadShownAnalysis(shownAnalysisKey('u1', 'c2'), dataProvider);
    release();
    await first;
    expect(shownAnalysisState()).toMatchObject({ key: shownAnalysisKey('u1', 'c2'), value: { shown: { analysisId: 'a1' } } });
  });
});
