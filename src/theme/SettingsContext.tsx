import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { writeStorage } from '../providers/browser-storage.ts';
import { restorePersisted, type RestoreProblem, type RestoreResult } from './persist.ts';
import { saveMenu, saveSettings, type MenuState, type ThemeSettings } from './settings.ts';

interface SettingsValue {
  settings: ThemeSettings;
  setSettings: (patch: Partial<ThemeSettings>) => void;
  menu: MenuState;
  setMenu: (patch: Partial<MenuState>) => void;
  /** Set when the saved state could not be restored and the defaults are in use. */
  restoreProblem: RestoreProblem | null;
}

const SettingsContext = createContext<SettingsValue | null>(null);

function RestoredSettings({ initial, children }: { initial: RestoreResult; children: ReactNode }) {
  const [settings, setState] = useState(initial.settings);
  const [menu, setMenuState] = useState(initial.menu);
  const setSettings = useCallback((patch: Partial<ThemeSettings>) => {
    setState((prev) => {
      const next = { ...prev, ...patch };
      writeStorage((s) => saveSettings(next, s));
      return next;
    });
  }, []);
  const setMenu = useCallback((patch: Partial<MenuState>) => {
    setMenuState((prev) => {
      const next = { ...prev, ...patch };
      writeStorage((s) => saveMenu(next, s));
      return next;
    });
  }, []);
  const value = useMemo(
    () => ({ settings, setSettings, menu, setMenu, restoreProblem: initial.problem }),
    [settings, setSettings, menu, setMenu, initial.problem],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

/**
 * Holds theme settings and the menu state, writing every change to local storage. Spec 4: the
 * state starts not restored and nothing is shown until it is; restoring gives up after
 * PERSIST_TIMEOUT_MS and starts on the defaults (the app then says so, see PersistNotice).
 */
export function SettingsProvider({ children, restore = restorePersisted }: { children: ReactNode; restore?: () => Promise<RestoreResult> }) {
  const [restored, setRestored] = useState<RestoreResult | null>(null);
  useEffect(() => {
    let live = true;
    void restore().then((result) => {
      if (live) setRestored(result);
    });
    return () => {
      live = false;
    };
  }, [restore]);
  if (!restored) return null;
  return <RestoredSettings initial={restored}>{children}</RestoredSettings>;
}

export function useSettings(): SettingsValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}
