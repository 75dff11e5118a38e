import { createDemoFetch } from './install.ts';
import type { DemoState } from './state.ts';

/** Marks the patched fetch, so that installing twice does not wrap it twice. */
const INSTALLED = Symbol.for('segra.demoMock');

let statePromise: Promise<DemoState> | undefined;

/**
 * The in-browser mock of the demo apps (spec section 7, "Demo calls"). Installed once when the
 * app starts; answers the demo paths with status 200 JSON and lets every other request through.
 * The sample data and handlers load on the first demo call, so they stay out of the login page.
 */
export function installDemoMock(): void {
  const current = globalThis.fetch as typeof fetch & { [INSTALLED]?: true };
  if (typeof current !== 'function' || current[INSTALLED]) return;
  const patched = createDemoFetch(current.bind(globalThis), {
    state: () => (statePromise ??= import('./state.ts').then((m) => m.createDemoState())),
    baseUrl: () => globalThis.location?.href ?? 'http://localhost/',
  });
  globalThis.fetch = Object.assign(patched, { [INSTALLED]: true as const });
}
