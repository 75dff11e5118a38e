// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAppRoutes } from '../../../src/custom-pages/apps/routes.tsx';
import { NotificationsMenu } from '../../../src/custom-pages/apps/notifications/NotificationsMenu.tsx';
import { appsMessages } from '../../../src/i18n/apps/index.ts';
import { installDemoMock } from '../../../src/demo/apps-mock/index.ts';

// React's act() needs to know it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(
  () => ({ ...englishMessages, ...appsMessages.en }) as TranslationMessages,
  'en',
);
let root: Root | undefined;
let container: HTMLElement | undefined;

async function render(Screen: ComponentType) {
  const div = document.createElement('div');
  document.body.append(div);
  container = div;
  root = createRoot(div);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider}>{<Screen />}</AdminContext>));
}

async function waitForText(text: string) {
  // Short act() slices, so the screens' state updates after each mock answer are flushed.
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (container!.textContent?.includes(text)) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  }
  expect(container!.textContent).toContain(text);
}

describe('demo app screens over the mock', () => {
  const network = vi.fn(async () => new Response('{}', { status: 404 }));
  beforeAll(() => {
    vi.stubGlobal('fetch', network);
    installDemoMock();
  });
  afterAll(() => vi.unstubAllGlobals());
  afterEach(async () => {
    await act(async () => root?.unmount());
    container?.remove();
    root = undefined;
    container = undefined;
  });

  const screen = (path: string) => demoAppRoutes.find((r) => r.path === path)!.component;

  it('registers the seven screens under /app/apps', () => {
    expect(demoAppRoutes.map((r) => r.path)).toEqual(
      ['calendar', 'chat', 'contacts', 'mailbox', 'tasks', 'products', 'datatable'].map((n) => `/app/apps/${n}`),
    );
  });

  it.each([
    ['/app/apps/calendar', 'Ruleset workshop'],
    ['/app/apps/chat', 'Ayşe Yılmaz'],
    ['/app/apps/contacts', 'Basis Administrator'],
    ['/app/apps/mailbox', 'Quarterly access review'],
    ['/app/apps/tasks', 'Review FI roles'],
    ['/app/apps/products', 'Sourdough Loaf'],
    ['/app/apps/datatable', 'Rustic Loaf 1'],
  ])('%s loads its data through the mock', async (path, text) => {
    await render(screen(path));
    await waitForText(text);
    expect(network).not.toHaveBeenCalled();
  });

  it('the notifications bell shows the four sample notifications without a request', async () => {
    await render(NotificationsMenu);
    const bell = container!.querySelector('button[aria-label="Notifications"]') as HTMLButtonElement;
    expect(bell.textContent).toContain('4');
    await act(async () => bell.click());
    for (const title of ['New high risk', 'Analysis finished', 'New message', 'Review meeting'])
      expect(document.body.textContent).toContain(title);
    expect(network).not.toHaveBeenCalled();
  });
});
