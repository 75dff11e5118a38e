import { isDemoMode } from '../../demo/is-demo.ts';

/**
 * Whether the demo apps (calendar, chat, …) are mounted and in the menu: always in demo mode
 * (`npm run demo`), otherwise only when the user turned them on in the settings panel (issue
 * 15 item 8: off by default in the product).
 */
export function demoAppsOn(settings: { demoApps: boolean }, mode?: string): boolean {
  return isDemoMode(mode) || settings.demoApps;
}
