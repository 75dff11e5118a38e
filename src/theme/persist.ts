import { browserStorage } from '../providers/browser-storage.ts';
import { loadMenu, loadSettings, DEFAULT_MENU, DEFAULT_SETTINGS, type MenuState, type ThemeSettings } from './settings.ts';

/** Spec 4, 9: the persisted state must be restored within this time, or the defaults are used. */
export const PERSIST_TIMEOUT_MS = 5000;

export interface PersistedState {
  settings: ThemeSettings;
  menu: MenuState;
}

/** Why the saved state could not be used: it took too long, or the browser refuses storage. */
export type RestoreProblem = 'timeout' | 'unavailable';

export interface RestoreResult extends PersistedState {
  problem: RestoreProblem | null;
}

/** Reads menu and settings (the only slices that persist, spec 3) from a storage. */
export function readPersisted(storage: Storage | null = browserStorage()): PersistedState {
  if (!storage) throw new Error('storage unavailable');
  return { settings: loadSettings(storage), menu: loadMenu(storage) };
}

const defaults = (problem: RestoreProblem): RestoreResult => ({ settings: DEFAULT_SETTINGS, menu: DEFAULT_MENU, problem });

/**
 * Restores the persisted state, waiting at most `timeoutMs`. Local storage answers at once; the
 * bound keeps a hung or refusing store from leaving the app blank forever (spec 4: nothing is
 * shown until the state is restored), and then the app starts on the defaults and says so.
 */
export function restorePersisted(read: () => PersistedState | Promise<PersistedState> = readPersisted, timeoutMs = PERSIST_TIMEOUT_MS): Promise<RestoreResult> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(defaults('timeout')), timeoutMs);
    Promise.resolve()
      .then(read)
      .then(
        (state) => resolve({ ...state, problem: null }),
        () => resolve(defaults('unavailable')),
      )
      .finally(() => clearTimeout(timer));
  });
}
