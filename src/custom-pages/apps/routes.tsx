import { Box, CircularProgress } from '@mui/material';
import { lazyPage } from '../../routes/lazy-page.ts';
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';

/** A demo app screen, mounted by the shell under the given path with a menu entry. */
export interface DemoAppRoute {
  /** Absolute path, e.g. /app/apps/calendar. */
  path: string;
  /** i18n key of the menu label. */
  labelKey: string;
  component: ComponentType;
}

/**
 * Each screen is its own chunk, loaded when first opened (spec section 2: pages load lazily), and
 * wrapped in its own Suspense so the shell needs no boundary of its own.
 */
function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen: LazyExoticComponent<ComponentType> = lazyPage(async () => ({ default: await load() }));
  return function LazyDemoScreen() {
    return (
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress />
          </Box>
        }
      >
        <Screen />
      </Suspense>
    );
  };
}

/** The demo apps (issue 6); the shell (App.tsx) mounts every entry. */
export const demoAppRoutes: DemoAppRoute[] = [
  {
    path: '/app/apps/calendar',
    labelKey: 'segra.apps.menu.calendar',
    component: lazyScreen(() => import('./calendar/CalendarApp.tsx').then((m) => m.CalendarApp)),
  },
  {
    path: '/app/apps/chat',
    labelKey: 'segra.apps.menu.chat',
    component: lazyScreen(() => import('./chat/ChatApp.tsx').then((m) => m.ChatApp)),
  },
  {
    path: '/app/apps/contacts',
    labelKey: 'segra.apps.menu.contacts',
    component: lazyScreen(() => import('./contacts/ContactsApp.tsx').then((m) => m.ContactsApp)),
  },
  {
    path: '/app/apps/mailbox',
    labelKey: 'segra.apps.menu.mailbox',
    component: lazyScreen(() => import('./mailbox/MailboxApp.tsx').then((m) => m.MailboxApp)),
  },
  {
    path: '/app/apps/tasks',
    labelKey: 'segra.apps.menu.tasks',
    component: lazyScreen(() => import('./tasks/TasksApp.tsx').then((m) => m.TasksApp)),
  },
  {
    path: '/app/apps/products',
    labelKey: 'segra.apps.menu.products',
    component: lazyScreen(() => import('./products/ProductsApp.tsx').then((m) => m.ProductsApp)),
  },
  {
    path: '/app/apps/datatable',
    labelKey: 'segra.apps.menu.datatable',
    component: lazyScreen(() => import('./datatable/DatatableApp.tsx').then((m) => m.DatatableApp)),
  },
];
