/**
 * The SuperAdmin's active customer (DESIGN 6): its id goes out as `X-Customer-Id` on API
 * calls. Kept in session storage, not local storage: only menu and settings persist (spec 3);
 * the server keeps the last choice for the next login (issue 27, layout/CustomerPicker.tsx).
 */
const KEY = 'segra.activeCustomer';
const listeners = new Set<() => void>();

export function getActiveCustomer(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setActiveCustomer(id: string | null): void {
  if (id) window.sessionStorage.setItem(KEY, id);
  else window.sessionStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

/**
 * Forgets the active customer at logout without telling the screens: they are being left, and
 * told they would reload their lists for no customer with the token already gone (401s). The
 * next login sets it again from the server's answer.
 */
export function forgetActiveCustomer(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}

/** For useSyncExternalStore. */
export function subscribeActiveCustomer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
