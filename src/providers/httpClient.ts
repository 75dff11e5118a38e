import { fetchUtils } from 'react-admin';
import { getActiveCustomer } from './customer-scope.ts';
import { readToken } from './token-store.ts';

/**
 * JSON requests to the API with the Bearer token when there is a valid one (spec 7), and the
 * SuperAdmin's active customer as X-Customer-Id (DESIGN 6; the server ignores it for others).
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const customer = getActiveCustomer();
  if (token && customer && !headers.has('X-Customer-Id')) headers.set('X-Customer-Id', customer);
  return fetchUtils.fetchJson(url, { ...options, headers });
}
