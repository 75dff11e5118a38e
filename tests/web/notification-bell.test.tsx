// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoAppsOn } from '../../src/custom-pages/apps/enabled.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { NOTIFICATION_POLL_MS, NotificationBell, ServerNotificationsMenu } from '../../src/layout/NotificationBell.tsx';
import { sampleNotifications } from '../../src/demo/apps-mock/sample-data/notifications.ts';
import { clearToken, storeToken } from '../../src/providers/token-store.ts';
import { normaliseSettings } from '../../src/theme/settings.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = (lang: 'tr' | 'de') => polyglotI18nProvider(() => catalogues[lang] as unknown as TranslationMessages, lang);
let root: Root | undefined;
let container: HTMLElement | undefined;

async function render(node: React.ReactNode, lang: 'tr' | 'de' = 'tr') {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider(lang)}>{node}</AdminContext>));
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 20)));

const LIST = {
  data: [
    { id: 'n1', kind: 'analysis.completed', params: { name: 'Haziran' }, link: '/app/reports/analyze-request', createdAt: '2026-11-25T10:00:00.000Z', read: false },
    { id: 'n2', kind: 'import.failed', params: { name: 'PRD Temmuz' }, link: '/app/system/period', createdAt: '2026-11-24T10:00:00.000Z', read: false },
    { id: 'n3', kind: 'acceptance.expiring', params: { riskId: 'R001', holder: 'ALI', validTo: '2026-12-01' }, link: '/app/reports/risk', createdAt: '2026-11-23T10:00:00.000Z', read: true },
    { id: 'n5', kind: 'acceptance.expiring', params: { riskId: 'R005', holder: '', validTo: '2026-12-05' }, link: '/app/reports/risk', createdAt: '2026-11-23T09:00:00.000Z', read: true },
    { id: 'n4', kind: 'mitigation.expiring', params: { controlId: 'MC-1', riskId: 'R002', level: 'USER', holder: 'AYSE', validTo: '2026-12-20' }, link: '/app/risk/mitigations', createdAt: '2026-11-22T10:00:00.000Z', read: true },
  ],
  unread: 2,
};

describe('the notification bell (issue 15 item 8)', () => {
  const calls: { url: string; method: string }[] = [];
  const read = new Set<string>();
  beforeEach(() => {
    calls.length = 0;
    read.clear();
    storeToken('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input instanceof Request ? input.url : input);
        calls.push({ url, method: init?.method ?? 'GET' });
        // The server's state: what was marked read stays read.
        if (url.endsWith('/read-all')) LIST.data.forEach((n) => read.add(n.id));
        else if (url.endsWith('/read')) read.add(url.split('/').at(-2)!);
        const data = LIST.data.map((n) => ({ ...n, read: n.read || read.has(n.id) }));
        const list = { data, unread: data.filter((n) => !n.read).length };
        const body = url.endsWith('/read') && !url.endsWith('/read-all') ? data.find((n) => url.includes(`/${n.id}/`)) : list;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    container?.remove();
    vi.unstubAllGlobals();
    clearToken();
  });

  it('asks nothing once the session is gone (logout, inactivity): no refused request', async () => {
    clearToken();
    await render(<ServerNotificationsMenu />);
    await flush();
    expect(calls).toEqual([]);
  });

  it('shows the user’s own events from the server, unread counted, in Turkish', async () => {
    await render(<ServerNotificationsMenu />);
    await flush();
    expect(calls[0]).toEqual({ url: '/api/notifications', method: 'GET' });
    const bell = container!.querySelector('[data-testid="notification-bell"]') as HTMLButtonElement;
    expect(bell.getAttribute('aria-label')).toBe('Bildirimler');
    expect(bell.textContent).toContain('2');
    await act(async () => bell.click());
    await flush();
    const text = document.body.textContent ?? '';
    expect(text).toContain('"Haziran" analizi tamamlandı');
    expect(text).toContain('"PRD Temmuz" sistem döneminin yüklemesi başarısız oldu');
    expect(text).toContain('R001 riskinin onayı (ALI) 2026-12-01 tarihinde sona eriyor');
    // A global acceptance has no holder: it says so, not "()" (issue 27).
    expect(text).toContain('R005 riskinin genel onayı 2026-12-05 tarihinde sona eriyor');
    expect(text).not.toContain('()');
    expect(text).toContain('MC-1 kontrolünün R002 riski için azaltımı (AYSE) 2026-12-20 tarihinde sona eriyor');
    for (const sample of sampleNotifications) expect(text).not.toContain(sample.title);
  });

  it('opening one marks it read on the server; “mark all” clears the count', async () => {
    await render(<ServerNotificationsMenu />);
    await flush();
    const bell = container!.querySelector('[data-testid="notification-bell"]') as HTMLButtonElement;
    await act(async () => bell.click());
    await flush();
    const item = [...document.querySelectorAll('[role="menuitem"]')].find((e) => e.textContent?.includes('Haziran')) as HTMLElement;
    await act(async () => item.click());
    await flush();
    expect(calls).toContainEqual({ url: '/api/notifications/n1/read', method: 'POST' });
    expect(bell.textContent).toContain('1');
    await act(async () => bell.click());
    await flush();
    const all = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Tümünü okundu say') as HTMLButtonElement;
    await act(async () => all.click());
    await flush();
    expect(calls).toContainEqual({ url: '/api/notifications/read-all', method: 'POST' });
    expect(bell.querySelector('.MuiBadge-invisible')).not.toBeNull();
  });

  it('speaks German in German', async () => {
    await render(<ServerNotificationsMenu />, 'de');
    await flush();
    const bell = container!.querySelector('[data-testid="notification-bell"]') as HTMLButtonElement;
    await act(async () => bell.click());
    await flush();
    expect(document.body.textContent).toContain('Analyse „Haziran“ abgeschlossen');
    expect(document.body.textContent).toContain('Die Minderung des Risikos R002 (AYSE) durch Ihre Kontrolle MC-1 läuft am 2026-12-20 ab');
    expect(document.body.textContent).toContain('Die globale Akzeptanz des Risikos R005 läuft am 2026-12-05 ab');
    expect(document.body.textContent).not.toContain('()');
  });

  it('shows the sample alerts only in demo mode, without a request', async () => {
    await render(<NotificationBell mode="demo" />);
    const bell = container!.querySelector('button') as HTMLButtonElement;
    await act(async () => bell.click());
    expect(document.body.textContent).toContain(sampleNotifications[0].title);
    expect(calls).toEqual([]);
    await act(async () => root?.unmount());
    await render(<NotificationBell mode="production" />);
    await flush();
    expect(calls.map((c) => c.url)).toEqual(['/api/notifications']);
  });

  it('keeps the demo apps off outside demo mode unless the user turns them on', () => {
    expect(normaliseSettings({}).demoApps).toBe(false);
    expect(demoAppsOn(normaliseSettings({}), 'production')).toBe(false);
    expect(demoAppsOn(normaliseSettings({ demoApps: true }), 'production')).toBe(true);
    expect(demoAppsOn(normaliseSettings({}), 'demo')).toBe(true);
  });
});

describe('the notification bell polls (issue 15 leftovers)', () => {
  let requests = 0;
  let answer: () => Promise<Response>;
  const json = () => Promise.resolve(new Response(JSON.stringify(LIST), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  const setHidden = (hidden: boolean) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

  beforeEach(() => {
    vi.useFakeTimers();
    requests = 0;
    answer = json;
    storeToken('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        requests += 1;
        return answer();
      }),
    );
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    container?.remove();
    setHidden(false);
    vi.unstubAllGlobals();
    vi.useRealTimers();
    clearToken();
  });

  it('asks again every 30 s while the tab is visible, and shows what the server has now', async () => {
    expect(NOTIFICATION_POLL_MS).toBe(30_000);
    await render(<ServerNotificationsMenu />);
    await advance(10);
    expect(requests).toBe(1);
    await advance(NOTIFICATION_POLL_MS - 100);
    expect(requests).toBe(1);
    const three = { ...LIST, unread: 3 };
    answer = () => Promise.resolve(new Response(JSON.stringify(three), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await advance(200);
    expect(requests).toBe(2);
    expect(container!.querySelector('[data-testid="notification-bell"]')!.textContent).toContain('3');
    await advance(NOTIFICATION_POLL_MS * 2);
    expect(requests).toBe(4);
  });

  it('asks nothing while the tab is hidden', async () => {
    await render(<ServerNotificationsMenu />);
    await advance(10);
    expect(requests).toBe(1);
    setHidden(true);
    await advance(NOTIFICATION_POLL_MS * 5);
    expect(requests).toBe(1);
    setHidden(false);
    await advance(NOTIFICATION_POLL_MS + 10);
    expect(requests).toBeGreaterThanOrEqual(2);
  });

  it('never runs two requests at once: a slow answer is not asked again meanwhile', async () => {
    let settle: (r: Response) => void = () => {};
    await render(<ServerNotificationsMenu />);
    await advance(10);
    expect(requests).toBe(1);
    answer = () => new Promise<Response>((resolve) => (settle = resolve));
    await advance(NOTIFICATION_POLL_MS + 10);
    expect(requests).toBe(2);
    await advance(NOTIFICATION_POLL_MS * 3);
    expect(requests).toBe(2);
    answer = json;
    await act(async () => settle(await json()));
    await advance(NOTIFICATION_POLL_MS + 10);
    expect(requests).toBe(3);
  });
});
