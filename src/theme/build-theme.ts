import type { RaThemeOptions } from 'react-admin';
import type { Radius, ThemeSettings } from './settings.ts';

/** Primary and secondary shades per hue (Material palette 700/500). */
const HUE_COLOURS = {
  blue: { main: '#1565c0', light: '#42a5f5' },
  red: { main: '#c62828', light: '#ef5350' },
  green: { main: '#2e7d32', light: '#66bb6a' },
  purple: { main: '#6a1b9a', light: '#ab47bc' },
  pink: { main: '#ad1457', light: '#ec407a' },
} as const;

export const RADIUS_PX: Record<Radius, number> = { rounded: 12, standard: 4, flat: 0 };

/** The MUI theme (react-admin theme options) built from the settings. */
export function buildTheme(settings: ThemeSettings): RaThemeOptions {
  const [mode, hue] = settings.colour.split('-') as ['light' | 'dark', keyof typeof HUE_COLOURS];
  const colours = HUE_COLOURS[hue];
  return {
    palette: {
      mode,
      primary: { main: mode === 'dark' ? colours.light : colours.main },
      secondary: { main: mode === 'dark' ? colours.main : colours.light },
      ...(mode === 'dark' ? { background: { default: '#121212', paper: '#1e1e1e' } } : { background: { default: '#f5f6fa' } }),
    },
    shape: { borderRadius: RADIUS_PX[settings.radius] },
    sidebar: { width: 260, closedWidth: 64 },
  };
}

/** Background and text of the navigation bars for the nav colour setting. */
export function navColours(settings: ThemeSettings): { bgcolor: string; color: string } {
  switch (settings.navColour) {
    case 'primary':
      return { bgcolor: 'primary.main', color: 'primary.contrastText' };
    case 'dark':
      return { bgcolor: '#1f2330', color: '#ffffff' };
    default:
      return { bgcolor: 'background.paper', color: 'text.primary' };
  }
}
