import { DemoApi } from '../../../src/demo/api.ts';

export const BASE = 'http://localhost:5173';

export type DemoCall = (method: string, path: string, body?: unknown, auth?: boolean) => Promise<Response>;

/** A demo API at a fixed time, with analyses that run without waiting, and a call signed in as the demo SuperAdmin. */
export async function signedIn(): Promise<{ api: DemoApi; token: string; call: DemoCall }> {
  const api = new DemoApi({ runDelayMs: 0, now: () => new Date('2026-11-21T10:00:00Z') });
  const login = await api.handle({
    method: 'POST',
    url: new URL('/api/auth/login', BASE),
    headers: new Headers({ 'Content-Type': 'application/json' }),
    body: JSON.stringify({ email: 'demo@segra.local', password: 'demo' }),
  });
  const { token } = (await login!.json()) as { token: string };
  const call: DemoCall = async (method, path, body, auth = true) => {
    const headers = new Headers({ Accept: 'application/json' });
    if (auth) headers.set('Authorization', `Bearer ${token}`);
    const answer = await api.handle({ method, url: new URL(path, BASE), headers, body: body === undefined ? null : JSON.stringify(body) });
    if (!answer) throw new Error(`not answered: ${method} ${path}`);
    return answer;
  };
  return { api, token, call };
}
