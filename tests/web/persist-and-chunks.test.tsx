// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { NotificationContextProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppNotifications } from '../../src/layout/AppNotifications.tsx';
import { ErrorBoundary } from '../../src/layout/ErrorBoundary.tsx';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, lazyPage, loadChunk } from '../../src/routes/lazy-page.ts';
import { browserStorage } from '../../src/providers/browser-storage.ts';
import { PERSIST_TIMEOUT_MS, readPersisted, restorePersisted, type RestoreResult } from '../../src/theme/persist.ts';
import { SettingsProvider, useSettings } from '../../src/theme/SettingsContext.tsx';
import { DEFAULT_MENU, DEFAULT_SETTINGS, MENU_KEY, SETTINGS_KEY } from '../../src/theme/settings.ts';

// React's act() environment flag, so state updates in effects flush inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('persist restore (spec 4, 9: 5000 ms)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('restores the saved settings and menu', async () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, colour: 'dark-red', menuPlacement: 'vertical' }));
    localStorage.setItem(MENU_KEY, JSON.stringify({ open: false, expanded: ['reports'] }));
    const r = await restorePersisted();
    expect(r.problem).toBeNull();
    expect(r.settings).toMatchObject({ colour: 'dark-red', menuPlacement: 'vertical' });
    expect(r.menu).toEqual({ open: false, expanded: ['reports'] });
  });

  it('falls back to the defaults when the browser refuses storage', async () => {
    expect(() => readPersisted(null)).toThrow(/unavailable/);
    const r = await restorePersisted(() => readPersisted(null));
    expect(r).toEqual({ settings: DEFAULT_SETTINGS, menu: DEFAULT_MENU, problem: 'unavailable' });
  });

  it('gives up after exactly PERSIST_TIMEOUT_MS and starts on the defaults', async () => {
    vi.useFakeTimers();
    expect(PERSIST_TIMEOUT_MS).toBe(5000);
    let settled: RestoreResult | null = null;
    void restorePersisted(() => new Promise(() => {})).then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual({ settings: DEFAULT_SETTINGS, menu: DEFAULT_MENU, problem: 'timeout' });
  });

  it('reads storage as unavailable when merely touching localStorage throws', () => {
    const spy = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(browserStorage()).toBeNull();
    } finally {
      spy.mockRestore();
    }
    expect(browserStorage()).not.toBeNull();
  });
});

describe('chunk load timeout (spec 8, 9: 120 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('rejects a chunk that has not arrived after 120 000 ms, not before', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    let error: unknown = null;
    loadChunk(() => new Promise(() => {})).catch((e: unknown) => (error = e));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(error).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).timedOut).toBe(true);
  });

  it('passes a chunk that arrives in time and turns a failed import into a ChunkLoadError', async () => {
    await expect(loadChunk(() => Promise.resolve(42))).resolves.toBe(42);
    const failed = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ChunkLoadError);
    expect((failed as ChunkLoadError).timedOut).toBe(false);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});

describe('shell components', () => {
  let root: Root;
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('an error boundary names a page whose code did not load, and a plain crash generically', async () => {
    // React logs every error a boundary catches; both are expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazyPage<() => null>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page.js')));
    await act(async () => {
      root.render(
        <ErrorBoundary resetKey="/a">
          <Suspense fallback="loading">
            <Broken />
          </Suspense>
        </ErrorBoundary>,
      );
    });
    // No i18n provider here: react-admin's default translate shows the key itself.
    expect(host.textContent).toContain('segra.errors.chunk_load');
    const Crash = () => {
      throw new Error('boom');
    };
    await act(async () => {
      root.render(
        <ErrorBoundary resetKey="/b">
          <Crash />
        </ErrorBoundary>,
      );
    });
    quiet.mockRestore();
    expect(host.textContent).toContain('ra.page.error');
    expect(host.textContent).not.toContain('segra.errors.chunk_load');
  });

  it('shows nothing until the state is restored, then the children with the restored settings', async () => {
    let finish!: (r: RestoreResult) => void;
    const restore = () => new Promise<RestoreResult>((resolve) => (finish = resolve));
    const Probe = () => <span>colour:{useSettings().settings.colour}</span>;
    await act(async () => root.render(<SettingsProvider restore={restore}><Probe /></SettingsProvider>));
    expect(host.textContent).toBe('');
    await act(async () => finish({ settings: { ...DEFAULT_SETTINGS, colour: 'dark-green' }, menu: DEFAULT_MENU, problem: null }));
    expect(host.textContent).toBe('colour:dark-green');
  });

  it('says once, as a toast, that the saved settings were not restored in time', async () => {
    const restore = () => Promise.resolve<RestoreResult>({ settings: DEFAULT_SETTINGS, menu: DEFAULT_MENU, problem: 'timeout' });
    await act(async () =>
      root.render(
        <NotificationContextProvider>
          <SettingsProvider restore={restore}>
            <AppNotifications />
          </SettingsProvider>
        </NotificationContextProvider>,
      ),
    );
    expect(host.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(host.textContent).toContain('segra.errors.persist_timeout');
  });
});
