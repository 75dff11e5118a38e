import type { Params } from './handlers/params.ts';
import { answerDemoCall, isDemoPath } from './router.ts';
import type { DemoState } from './state.ts';

type Fetch = typeof fetch;

function requestUrl(input: RequestInfo | URL, base: string): URL {
  if (input instanceof URL) return input;
  if (typeof input === 'string') return new URL(input, base);
  return new URL(input.url, base);
}

async function requestParams(method: string, url: URL, input: RequestInfo | URL, init?: RequestInit): Promise<Params> {
  if (method === 'GET') return Object.fromEntries(url.searchParams.entries());
  let text: string | undefined;
  if (typeof init?.body === 'string') text = init.body;
  else if (init?.body === undefined && typeof Request !== 'undefined' && input instanceof Request)
    text = await input.clone().text();
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Params) : {};
  } catch {
    return {};
  }
}

export interface DemoFetchOptions {
  /** The state, or a loader for it (so the sample data loads only on the first demo call). */
  state: () => DemoState | Promise<DemoState>;
  /** The page's address, to resolve relative URLs and to tell own-origin requests apart. */
  baseUrl: () => string;
  now?: () => Date;
}

/**
 * A fetch that answers the demo calls with status 200 JSON and hands every other request,
 * arguments untouched, to the original fetch.
 */
export function createDemoFetch(original: Fetch, options: DemoFetchOptions): Fetch {
  return async function demoFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const base = options.baseUrl();
    let url: URL;
    try {
      url = requestUrl(input, base);
    } catch {
      return original(input, init);
    }
    const method = (
      init?.method ?? (typeof Request !== 'undefined' && input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    if (url.origin !== new URL(base).origin || !isDemoPath(url.pathname)) return original(input, init);
    const state = await options.state();
    const params = await requestParams(method, url, input, init);
    const answer = answerDemoCall(state, { method, path: url.pathname, params, now: options.now?.() ?? new Date() });
    if (!answer) return original(input, init);
    return new Response(JSON.stringify(answer.body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}
