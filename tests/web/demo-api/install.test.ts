// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoApi } from '../../../src/demo/api.ts';
import { BANNER_ID, mountDemoBanner } from '../../../src/demo/banner.ts';
import { createDemoApiFetch, patchXhrForDemo } from '../../../src/demo/install.ts';
import { isDemoMode } from '../../../src/demo/is-demo.ts';
import { demoLocale, demoText, DEMO_MESSAGES } from '../../../src/demo/messages.ts';

const BASE = 'http://localhost:5173/app/reports/list';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('demo fetch', () => {
  const api = new DemoApi({ runDelayMs: 0 });

  it('passes other paths and other origins through untouched', async () => {
    const original = vi.fn(async () => new Response('passed'));
    const demoFetch = createDemoApiFetch(original as unknown as typeof fetch, api, () => BASE);
    const init = { method: 'PUT', body: '{}' };
    expect(await (await demoFetch('/apps/tasks', init)).text()).toBe('passed');
    expect(original).toHaveBeenLastCalledWith('/apps/tasks', init);
    expect(await (await demoFetch('https://elsewhere.example/api/systems')).text()).toBe('passed');
    expect(await (await demoFetch('/assets/logo.svg')).text()).toBe('passed');
    expect(original).toHaveBeenCalledTimes(3);
  });

  it('answers /api itself, reading the JSON body, without calling the original', async () => {
    const original = vi.fn(async () => new Response('passed'));
    const demoFetch = createDemoApiFetch(original as unknown as typeof fetch, api, () => BASE);
    const r = await demoFetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'demo@segra.local', password: 'demo' }) });
    expect(r.status).toBe(200);
    expect((await r.json()) as object).toHaveProperty('token');
    const viaRequest = await demoFetch(new Request('http://localhost:5173/api/systems'));
    expect(viaRequest.status).toBe(401);
    expect(original).not.toHaveBeenCalled();
  });
});

describe('demo uploads over XMLHttpRequest', () => {
  it('answers an /api upload with 501 "Not available in the demo"', async () => {
    const target = { XMLHttpRequest: globalThis.XMLHttpRequest, location: new URL(BASE) } as unknown as typeof globalThis;
    patchXhrForDemo(target);
    const xhr = new target.XMLHttpRequest();
    const done = new Promise<void>((resolve) => {
      xhr.onload = () => resolve();
    });
    xhr.open('POST', '/api/system-periods/x/extract');
    xhr.send(new FormData());
    await done;
    expect(xhr.status).toBe(501);
    expect((JSON.parse(xhr.responseText) as { message: string }).message).toContain('Not available in the demo');
  });
});

describe('demo banner and mode', () => {
  it('is on only in the demo mode', () => {
    expect(isDemoMode('demo')).toBe(true);
    expect(isDemoMode('development')).toBe(false);
    expect(isDemoMode()).toBe(false);
  });

  it('speaks Turkish by default, and the language chosen in the app', () => {
    expect(demoLocale(null)).toBe('tr');
    expect(demoLocale(localStorage)).toBe('tr');
    expect(demoLocale({ getItem: () => '"en"' })).toBe('en');
    expect(demoLocale({ getItem: () => '"de"' })).toBe('de');
    expect(demoLocale({ getItem: () => '"fr"' })).toBe('tr');
    expect(demoLocale({ getItem: () => 'not json' })).toBe('tr');
    for (const locale of ['en', 'de'] as const) expect(Object.keys(DEMO_MESSAGES[locale]).sort()).toEqual(Object.keys(DEMO_MESSAGES.tr).sort());
  });

  it('mounts one fixed banner saying it is a demo', () => {
    localStorage.setItem('RaStore.locale', '"en"');
    const el = mountDemoBanner(document);
    (el as HTMLElement & { stop?: () => void }).stop?.();
    expect(mountDemoBanner(document)).toBe(el);
    expect(document.querySelectorAll(`#${BANNER_ID}`)).toHaveLength(1);
    expect(el.style.position).toBe('fixed');
    expect(el.textContent).toContain(demoText('segra.demo.banner', 'en'));
    expect(el.textContent).toContain('Demo mode');
  });
});
