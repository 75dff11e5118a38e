// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTheme, RADIUS_PX } from '../../src/theme/build-theme.ts';
import {
  COLOURS,
  DEFAULT_MENU,
  DEFAULT_SETTINGS,
  loadMenu,
  loadSettings,
  MENU_KEY,
  menuMode,
  saveMenu,
  saveSettings,
  SETTINGS_KEY,
} from '../../src/theme/settings.ts';

describe('theme settings (spec 9)', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to horizontal, pinned, fluid, rounded, light-blue, default nav colour', () => {
    expect(loadSettings()).toEqual({
      menuPlacement: 'horizontal',
      menuBehaviour: 'pinned',
      layout: 'fluid',
      radius: 'rounded',
      colour: 'light-blue',
      navColour: 'default',
      demoApps: false,
    });
    expect(loadMenu()).toEqual(DEFAULT_MENU);
  });

  it('offers light and dark of blue, red, green, purple and pink', () => {
    expect(COLOURS).toHaveLength(10);
    expect(COLOURS).toContain('dark-pink');
    expect(COLOURS).toContain('light-green');
  });

  it('persists settings and the menu state in local storage and reads them back', () => {
    const chosen = { ...DEFAULT_SETTINGS, menuPlacement: 'vertical', layout: 'boxed', radius: 'flat', colour: 'dark-green' } as const;
    saveSettings(chosen);
    saveMenu({ open: false, expanded: ['/app/user'] });
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toEqual(chosen);
    expect(loadSettings()).toEqual(chosen);
    expect(loadMenu()).toEqual({ open: false, expanded: ['/app/user'] });
    expect(localStorage.getItem(MENU_KEY)).not.toBeNull();
  });

  it('falls back to the default for a stale or edited value, keeping the valid ones', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, colour: 'neon-orange', radius: 'flat' }));
    expect(loadSettings()).toEqual({ ...DEFAULT_SETTINGS, radius: 'flat' });
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    localStorage.setItem(MENU_KEY, JSON.stringify({ open: 'yes', expanded: ['/a', 3] }));
    expect(loadMenu()).toEqual({ open: true, expanded: ['/a'] });
  });

  it('applies the breakpoints: a vertical menu unpins under 1400 px, every menu is mobile under 992 px', () => {
    const vertical = { ...DEFAULT_SETTINGS, menuPlacement: 'vertical' } as const;
    expect(menuMode(vertical, 1400)).toBe('vertical-pinned');
    expect(menuMode(vertical, 1399)).toBe('vertical-unpinned');
    expect(menuMode({ ...vertical, menuBehaviour: 'unpinned' }, 1920)).toBe('vertical-unpinned');
    expect(menuMode(vertical, 991)).toBe('mobile');
    expect(menuMode(DEFAULT_SETTINGS, 1000)).toBe('horizontal');
    expect(menuMode(DEFAULT_SETTINGS, 991)).toBe('mobile');
  });

  it('builds the MUI theme from the colour and radius', () => {
    const light = buildTheme(DEFAULT_SETTINGS);
    expect(light.palette?.mode).toBe('light');
    expect(light.shape?.borderRadius).toBe(RADIUS_PX.rounded);
    const dark = buildTheme({ ...DEFAULT_SETTINGS, colour: 'dark-red', radius: 'flat' });
    expect(dark.palette?.mode).toBe('dark');
    expect(dark.shape?.borderRadius).toBe(0);
    expect((dark.palette?.primary as { main: string }).main).not.toBe((light.palette?.primary as { main: string }).main);
  });
});
