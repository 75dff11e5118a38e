// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, useNotify } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { ToastStack } from '../../src/layout/ToastStack.tsx';
import { TOAST_DURATION_MS } from '../../src/layout/toast-queue.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.tr, 'tr');
let notify: ReturnType<typeof useNotify>;
function Capture() {
  notify = useNotify();
  return null;
}

let root: Root;
let host: HTMLElement;
const toasts = () => [...document.querySelectorAll('[data-testid="toast"]')].map((t) => t.textContent);

describe('toasts (spec 9)', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    await act(async () =>
      root.render(
        <AdminContext i18nProvider={i18nProvider}>
          <Capture />
          <ToastStack />
        </AdminContext>,
      ),
    );
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.useRealTimers();
  });

  it('shows translated messages, newest on top, each closing after 5 s', async () => {
    await act(async () => notify('segra.list.no_data'));
    await act(async () => vi.advanceTimersByTime(1000));
    await act(async () => notify('segra.errors.code.SYSTEM_EXISTS', { type: 'error' }));
    expect(toasts()).toEqual(['Sistem zaten mevcut', 'Görüntülenecek veri yok']);
    await act(async () => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000));
    expect(toasts()).toEqual(['Sistem zaten mevcut']);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(toasts()).toEqual([]);
  });

  it('a save that succeeds closes the errors shown before it: a retried save leaves no stale error (issue 27)', async () => {
    const updated = catalogues.tr.ra.notification.updated.split(' |||| ')[0];
    await act(async () => notify('segra.errors.persist_timeout', { type: 'warning' }));
    await act(async () => notify('ra.notification.http_error', { type: 'error' }));
    await act(async () => vi.advanceTimersByTime(1000));
    // As react-admin's edit controller tells a saved record: an 'info' with the resource's key.
    await act(async () =>
      notify('resources.app/user/add.notifications.updated', { type: 'info', messageArgs: { smart_count: 1, _: updated } }),
    );
    expect(toasts()).toEqual([updated, catalogues.tr.segra.errors.persist_timeout]);
    // An error after the success stays: it is news, not stale; a screen's own 'success' closes it too.
    await act(async () => notify('ra.notification.http_error', { type: 'error' }));
    expect(toasts()).toHaveLength(3);
    await act(async () => notify('segra.analysis.approval.accepted', { type: 'success' }));
    const accepted = (catalogues.tr.segra as unknown as { analysis: { approval: { accepted: string } } }).analysis.approval.accepted;
    expect(toasts()).toEqual([accepted, updated, catalogues.tr.segra.errors.persist_timeout]);
    // Any other 'info' (a running import, a cancelled analysis) says nothing about the error.
    await act(async () => notify('ra.notification.http_error', { type: 'error' }));
    await act(async () => notify('segra.analysis.requests.canceled', { type: 'info' }));
    expect(toasts()).toContain(catalogues.tr.ra.notification.http_error);
  });

  it('pauses while hovered and closes on click', async () => {
    await act(async () => notify('segra.list.no_data'));
    const toast = document.querySelector('[data-testid="toast"]')!;
    await act(async () => toast.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    await act(async () => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(toasts()).toHaveLength(1);
    await act(async () => {
      toast.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: 10 }));
      toast.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, clientX: 10 }));
    });
    expect(toasts()).toEqual([]);
  });
});
