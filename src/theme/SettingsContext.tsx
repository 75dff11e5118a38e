import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { loadMenu, loadSettings, saveMenu, saveSettings, type MenuState, type ThemeSettings } from './settings.ts';

interface SettingsValue {
  settings: ThemeSettings;
  setSettings: (patch: Partial<ThemeSettings>) => void;
  menu: MenuState;
  setMenu: (patch: Partial<MenuState>) => void;
}

const SettingsContext = createContext<SettingsValue | null>(null);

/** Holds theme settings and the menu state, writing every change to local storage. */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setState] = useState(loadSettings);
  const [menu, setMenuState] = useState(loadMenu);
  const setSettings = useCallback((patch: Partial<ThemeSettings>) => {
    setState((prev) => {
      const next = { ...prev, ...patch };
      saveSettings(next);
      return next;
    });
  }, []);
  const setMenu = useCallback((patch: Partial<MenuState>) => {
    setMenuState((prev) => {
      const next = { ...prev, ...patch };
      saveMenu(next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ settings, setSettings, menu, setMenu }), [settings, setSettings, menu, setMenu]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}
