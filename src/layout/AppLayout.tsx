import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import { AppBar, Box, Drawer, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { Suspense, useState, type ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { demoAppsOn } from '../custom-pages/apps/enabled.ts';
import { EvaluationBanner } from '../custom-pages/licences/EvaluationBanner.tsx';
import { demoAppRoutes } from '../custom-pages/apps/routes.tsx';
import { currentViewer } from '../providers/authProvider.ts';
import { ProtectedGate } from '../routes/guards.tsx';
import { menuFor } from '../routes/menu-model.ts';
import { HOME_PATH } from '../routes/route-table.ts';
import { InactivityGuard } from '../session/InactivityGuard.tsx';
import { navColours } from '../theme/build-theme.ts';
import { SettingsDrawer } from '../theme/SettingsDrawer.tsx';
import { useSettings } from '../theme/SettingsContext.tsx';
import { menuMode } from '../theme/settings.ts';
import { CustomerPicker } from './CustomerPicker.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LocalizedMui } from './LocalizedMui.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { HorizontalMenu, VerticalMenu } from './NavMenu.tsx';
import { UserMenuButton } from './UserMenuButton.tsx';
import { useWindowWidth } from './useWindowWidth.ts';

const DRAWER_WIDTH = 260;
const DRAWER_CLOSED_WIDTH = 64;
const BOXED_WIDTH = 1320;

/** Paths outside the /app table that need only a login (spec 2) and react-admin's own redirects. */
export const EXTRA_PROTECTED_PATHS = [HOME_PATH, '/access-denied', '/authentication-error', ...demoAppRoutes.map((r) => r.path)];

/**
 * The logged-in frame (spec 9, DESIGN 8): top bar, horizontal or vertical menu by the theme
 * settings and the window width, settings drawer, inactivity guard; every page inside is
 * guarded by the route table.
 */
export default function AppLayout({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { settings, menu, setMenu } = useSettings();
  const width = useWindowWidth();
  const mode = menuMode(settings, width);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const viewer = currentViewer();
  const groups = menuFor(viewer, demoAppsOn(settings) ? demoAppRoutes.map((r) => ({ path: r.path, labelKey: r.labelKey })) : []);
  const nav = navColours(settings);
  const vertical = mode === 'vertical-pinned' || mode === 'vertical-unpinned';
  const collapsed = mode === 'vertical-unpinned' ? !hovered : mode === 'vertical-pinned' && !menu.open;
  const offset = vertical ? (mode === 'vertical-pinned' && menu.open ? DRAWER_WIDTH : DRAWER_CLOSED_WIDTH) : 0;

  return (
    <ProtectedGate extraPaths={EXTRA_PROTECTED_PATHS}>
      <LocalizedMui>
      <InactivityGuard />
      <ScrollToTop />
      <AppBar position="sticky" elevation={1} sx={{ ...nav, zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {(mode === 'mobile' || mode === 'vertical-pinned') && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={translate(mode === 'mobile' ? 'ra.action.open_menu' : menu.open ? 'ra.action.close_menu' : 'ra.action.open_menu')}
              onClick={() => (mode === 'mobile' ? setMobileOpen(true) : setMenu({ open: !menu.open }))}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component={Link} to={HOME_PATH} sx={{ color: 'inherit', textDecoration: 'none', mr: 2 }}>
            Segra
          </Typography>
          <Box id="react-admin-title" sx={{ flex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }} />
          {viewer?.role === 'SuperAdmin' && <CustomerPicker />}
          <LanguageSwitcher />
          <NotificationBell />
          <Tooltip title={translate('segra.settings.title')}>
            <IconButton color="inherit" onClick={() => setSettingsOpen(true)} aria-label={translate('segra.settings.title')}>
              <SettingsIcon />
            </IconButton>
          </Tooltip>
          <UserMenuButton />
        </Toolbar>
        {mode === 'horizontal' && (
          <Toolbar variant="dense" sx={{ borderTop: 1, borderColor: 'divider', minHeight: 44 }}>
            <HorizontalMenu groups={groups} />
          </Toolbar>
        )}
      </AppBar>

      {vertical && (
        <Drawer
          variant="permanent"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          slotProps={{
            paper: {
              sx: {
                ...nav,
                width: collapsed ? DRAWER_CLOSED_WIDTH : DRAWER_WIDTH,
                transition: 'width 150ms',
                overflowX: 'hidden',
                pt: 8,
              },
            },
          }}
        >
          <VerticalMenu groups={groups} collapsed={collapsed} />
        </Drawer>
      )}
      {mode === 'mobile' && (
        <Drawer variant="temporary" open={mobileOpen} onClose={() => setMobileOpen(false)} sx={{ zIndex: (t) => t.zIndex.drawer + 2 }} slotProps={{ paper: { sx: { ...nav, width: DRAWER_WIDTH } } }}>
          <VerticalMenu groups={groups} collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}

      <Box
        component="main"
        sx={{
          // The app bar is sticky, so the page starts below it whatever its height (a wrapped menu).
          pt: 2,
          pb: 4,
          pl: `${offset}px`,
          minHeight: 'calc(100vh - 64px)',
          bgcolor: 'background.default',
          transition: 'padding-left 150ms',
        }}
      >
        <Box sx={{ px: 2, mx: 'auto', maxWidth: settings.layout === 'boxed' ? BOXED_WIDTH : 'none' }} data-layout={settings.layout}>
          <EvaluationBanner />
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Loading />}>{children}</Suspense>
          </ErrorBoundary>
        </Box>
      </Box>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </LocalizedMui>
    </ProtectedGate>
  );
}
