import { fetchUtils } from 'react-admin';
import { readToken } from './token-store.ts';

/** JSON requests to the API with the Bearer token when there is a valid one (spec 7). */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}
