import { DemoApi, NOT_IN_DEMO, type DemoApiOptions } from './api.ts';
import { mountDemoBanner } from './banner.ts';

const INSTALLED = Symbol.for('segra.demoApi');
type Fetch = typeof fetch;

function urlOf(input: RequestInfo | URL, base: string): URL | null {
  try {
    if (input instanceof URL) return input;
    return new URL(typeof input === 'string' ? input : input.url, base);
  } catch {
    return null;
  }
}

/**
 * A fetch that answers same-origin `/api/...` requests with the demo API and hands every other
 * request, arguments untouched, to the original fetch (the demo apps' mock included).
 */
export function createDemoApiFetch(original: Fetch, api: DemoApi, baseUrl: () => string): Fetch {
  return async function demoApiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const base = baseUrl();
    const url = urlOf(input, base);
    if (!url || url.origin !== new URL(base).origin || !url.pathname.startsWith('/api/')) return original(input, init);
    const request = typeof Request !== 'undefined' && input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers ?? request?.headers ?? undefined);
    let body: string | FormData | null = null;
    if (typeof init?.body === 'string') body = init.body;
    else if (typeof FormData !== 'undefined' && init?.body instanceof FormData) body = init.body;
    else if (init?.body instanceof URLSearchParams) body = init.body.toString();
    else if (init?.body != null) body = await new Response(init.body).text();
    else if (request && method !== 'GET' && method !== 'HEAD') body = await request.clone().text();
    const answer = await api.handle({ method, url, headers, body });
    return answer ?? original(input, init);
  };
}

/**
 * Uploads go through XMLHttpRequest (for progress), not fetch: in the demo an `/api/...` upload
 * is answered at once with 501 "Not available in the demo" instead of reaching for a server.
 */
export function patchXhrForDemo(target: typeof globalThis = globalThis): void {
  const Base = target.XMLHttpRequest;
  if (typeof Base !== 'function' || (Base as unknown as { [INSTALLED]?: true })[INSTALLED]) return;
  class DemoXhr extends Base {
    private demoCall = false;
    override open(method: string, url: string | URL, ...rest: unknown[]): void {
      const u = urlOf(url, target.location?.href ?? 'http://localhost/');
      this.demoCall = !!u && u.origin === new URL(target.location?.href ?? 'http://localhost/').origin && u.pathname.startsWith('/api/');
      (Base.prototype.open as (...a: unknown[]) => void).call(this, method, url, ...rest);
    }
    override send(body?: Document | XMLHttpRequestBodyInit | null): void {
      if (!this.demoCall) return super.send(body);
      const text = JSON.stringify({ statusCode: 501, code: 'NOT_IN_DEMO', message: `${NOT_IN_DEMO}: uploads are not processed in the demo` });
      for (const [k, v] of Object.entries({ readyState: 4, status: 501, statusText: 'Not Implemented', responseText: text, response: text })) {
        Object.defineProperty(this, k, { value: v, configurable: true });
      }
      setTimeout(() => {
        this.onreadystatechange?.(new Event('readystatechange'));
        this.onload?.(new ProgressEvent('load'));
        this.onloadend?.(new ProgressEvent('loadend'));
      }, 0);
    }
  }
  target.XMLHttpRequest = Object.assign(DemoXhr, { [INSTALLED]: true as const });
}

let api: DemoApi | undefined;

/**
 * Demo mode (`npm run demo`): installs the in-browser API before the app renders and shows the
 * demo banner. Installing twice does nothing.
 */
export function installDemoApi(options: DemoApiOptions & { banner?: boolean } = {}): DemoApi {
  const current = globalThis.fetch as Fetch & { [INSTALLED]?: DemoApi };
  if (current[INSTALLED]) return current[INSTALLED];
  api = new DemoApi(options);
  const patched = createDemoApiFetch(current.bind(globalThis), api, () => globalThis.location?.href ?? 'http://localhost/');
  globalThis.fetch = Object.assign(patched, { [INSTALLED]: api });
  patchXhrForDemo();
  if (options.banner !== false && typeof document !== 'undefined') {
    const mount = () => mountDemoBanner(document);
    if (document.body) mount();
    else document.addEventListener('DOMContentLoaded', mount, { once: true });
  }
  return api;
}
