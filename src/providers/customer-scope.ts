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

/** For useSyncExternalStore. */
export function subscribeActiveCustomer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
