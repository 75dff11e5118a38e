/**
 * The browser's local storage, or null where it is refused (storage blocked by the user or a
 * policy: merely reading `window.localStorage` throws a SecurityError there).
 */
export function browserStorage(): Storage | null {
  try {
    const storage = window.localStorage;
    storage.getItem('');
    return storage;
  } catch {
    return null;
  }
}

/** Runs a write against local storage where allowed; a refused or full store is skipped. */
export function writeStorage(write: (storage: Storage) => void): void {
  const storage = browserStorage();
  if (!storage) return;
  try {
    write(storage);
  } catch {
    // Quota exceeded or storage revoked: the value lives for this visit only.
  }
}
