/**
 * Theme settings (spec 9, DESIGN 8) and the menu state: the only state kept in local storage
 * (spec 3). Values read back are checked, so a stale or edited entry falls back to defaults.
 */
export const MENU_PLACEMENTS = ['horizontal', 'vertical'] as const;
export const MENU_BEHAVIOURS = ['pinned', 'unpinned'] as const;
export const LAYOUTS = ['fluid', 'boxed'] as const;
export const RADII = ['rounded', 'standard', 'flat'] as const;
export const MODES = ['light', 'dark'] as const;
export const HUES = ['blue', 'red', 'green', 'purple', 'pink'] as const;
export const NAV_COLOURS = ['default', 'primary', 'dark'] as const;

/** Colour options: light and dark of each hue, e.g. light-blue (spec 9). */
export const COLOURS = MODES.flatMap((m) => HUES.map((h) => `${m}-${h}` as const));

export type MenuPlacement = (typeof MENU_PLACEMENTS)[number];
export type MenuBehaviour = (typeof MENU_BEHAVIOURS)[number];
export type LayoutWidth = (typeof LAYOUTS)[number];
export type Radius = (typeof RADII)[number];
export type Colour = (typeof COLOURS)[number];
export type NavColour = (typeof NAV_COLOURS)[number];

export interface ThemeSettings {
  menuPlacement: MenuPlacement;
  menuBehaviour: MenuBehaviour;
  layout: LayoutWidth;
  radius: Radius;
  colour: Colour;
  navColour: NavColour;
  /** The demo apps (calendar, chat, …) in their own menu: off unless chosen (always on in demo mode). */
  demoApps: boolean;
}

export interface MenuState {
  /** Whether the vertical menu is expanded (unpinned menus collapse to icons). */
  open: boolean;
  /** Area prefixes whose sub-menu is unfolded. */
  expanded: string[];
}

export const DEFAULT_SETTINGS: ThemeSettings = {
  menuPlacement: 'horizontal',
  menuBehaviour: 'pinned',
  layout: 'fluid',
  radius: 'rounded',
  colour: 'light-blue',
  navColour: 'default',
  demoApps: false,
};

export const DEFAULT_MENU: MenuState = { open: true, expanded: [] };

/** Breakpoints (spec 9): below 1400 px a vertical menu is unpinned; below 992 px both are mobile. */
export const VERTICAL_UNPIN_WIDTH = 1400;
export const MOBILE_WIDTH = 992;

export const SETTINGS_KEY = 'segra.settings';
export const MENU_KEY = 'segra.menu';

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export function normaliseSettings(raw: unknown): ThemeSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    menuPlacement: pick(MENU_PLACEMENTS, r.menuPlacement, DEFAULT_SETTINGS.menuPlacement),
    menuBehaviour: pick(MENU_BEHAVIOURS, r.menuBehaviour, DEFAULT_SETTINGS.menuBehaviour),
    layout: pick(LAYOUTS, r.layout, DEFAULT_SETTINGS.layout),
    radius: pick(RADII, r.radius, DEFAULT_SETTINGS.radius),
    colour: pick(COLOURS, r.colour, DEFAULT_SETTINGS.colour),
    navColour: pick(NAV_COLOURS, r.navColour, DEFAULT_SETTINGS.navColour),
    demoApps: typeof r.demoApps === 'boolean' ? r.demoApps : DEFAULT_SETTINGS.demoApps,
  };
}

export function normaliseMenu(raw: unknown): MenuState {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return {
    open: typeof r.open === 'boolean' ? r.open : DEFAULT_MENU.open,
    expanded: Array.isArray(r.expanded) ? r.expanded.filter((x): x is string => typeof x === 'string') : [],
  };
}

function read(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const loadSettings = (storage: Storage = window.localStorage): ThemeSettings =>
  normaliseSettings(read(storage, SETTINGS_KEY));
export const loadMenu = (storage: Storage = window.localStorage): MenuState => normaliseMenu(read(storage, MENU_KEY));

export function saveSettings(settings: ThemeSettings, storage: Storage = window.localStorage): void {
  storage.setItem(SETTINGS_KEY, JSON.stringify(normaliseSettings(settings)));
}
export function saveMenu(menu: MenuState, storage: Storage = window.localStorage): void {
  storage.setItem(MENU_KEY, JSON.stringify(normaliseMenu(menu)));
}

export type MenuMode = 'horizontal' | 'vertical-pinned' | 'vertical-unpinned' | 'mobile';

/** How the menu is drawn at a window width (spec 9 breakpoints). */
export function menuMode(settings: ThemeSettings, width: number): MenuMode {
  if (width < MOBILE_WIDTH) return 'mobile';
  if (settings.menuPlacement === 'horizontal') return 'horizontal';
  if (settings.menuBehaviour === 'unpinned' || width < VERTICAL_UNPIN_WIDTH) return 'vertical-unpinned';
  return 'vertical-pinned';
}
