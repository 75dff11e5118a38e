import { canOnScreen, type Viewer } from './access.ts';
import { AREAS, HOME_PATH, SCREENS, screenPath } from './route-table.ts';

export interface MenuItem {
  path: string;
  labelKey: string;
}

export interface MenuGroup {
  /** Area prefix, or a synthetic key for groups outside the table. */
  key: string;
  labelKey: string;
  items: MenuItem[];
}

/**
 * The menu a viewer sees: the route table's areas with only the screens the viewer may reach
 * (spec 6), areas left empty dropped; then the demo apps. Labels come from the table (spec 2).
 */
export function menuFor(viewer: Viewer | null, demoApps: readonly MenuItem[] = []): MenuGroup[] {
  if (!viewer) return [];
  const groups: MenuGroup[] = [{ key: 'home', labelKey: 'segra.menu.home', items: [{ path: HOME_PATH, labelKey: 'segra.menu.dashboard' }] }];
  for (const area of AREAS) {
    const items = SCREENS.filter((s) => s.area === area.prefix && canOnScreen(viewer, s)).map((s) => ({
      path: screenPath(s),
      labelKey: s.labelKey,
    }));
    if (items.length > 0) groups.push({ key: area.prefix, labelKey: area.labelKey, items });
  }
  if (demoApps.length > 0) groups.push({ key: 'apps', labelKey: 'segra.menu.apps', items: [...demoApps] });
  return groups;
}
