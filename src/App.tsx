import { Suspense, useMemo, type ReactNode } from 'react';
import { Admin, CustomRoutes, Loading } from 'react-admin';
import { Route, useLocation } from 'react-router-dom';
import { analysisScreens } from './custom-pages/analysis/screens.tsx';
import { demoAppsOn } from './custom-pages/apps/enabled.ts';
import { demoAppRoutes } from './custom-pages/apps/routes.tsx';
import { DATA_QUALITY_PATH, DataQualityPage } from './custom-pages/data-quality/routes.ts';
import { LoginPage } from './custom-pages/auth/LoginPage.tsx';
import { AppNotifications } from './layout/AppNotifications.tsx';
import { ErrorBoundary } from './layout/ErrorBoundary.tsx';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { i18nProvider, loadAllMessages } from './providers/i18nProvider.ts';
import { resources } from './resources/index.tsx';
import { lazyPage } from './routes/lazy-page.ts';
import { PublicOnly, RootRedirect, ToLogin, ToNotFound, ToUnauthorized } from './routes/guards.tsx';
import { HOME_PATH, INVALID_ACCESS_PATH, NOT_FOUND_PATH, SCREENS, UNAUTHORIZED_PATH, screenPath } from './routes/route-table.ts';
import { buildTheme } from './theme/build-theme.ts';
import { useSettings } from './theme/SettingsContext.tsx';

// Everything but the login page loads lazily (issue 5: the login page's JS stays small), each
// with the spec's chunk timeout (lazyPage) and together with the full catalogue, which the login
// page does without (issue 14); the pages inside the layout come after it.
const page: typeof lazyPage = (load) => lazyPage(() => Promise.all([load(), loadAllMessages()]).then(([m]) => m));
const AppLayout = page(() => import('./layout/AppLayout.tsx'));
const Welcome = page(() => import('./custom-pages/Welcome.tsx').then((m) => ({ default: m.Welcome })));
const RegisterPage = page(() => import('./custom-pages/public/RegisterPage.tsx'));
const ForgotPasswordPage = page(() => import('./custom-pages/public/ForgotPasswordPage.tsx'));
const ResetPasswordPage = page(() => import('./custom-pages/public/ResetPasswordPage.tsx'));
const NotFoundPage = page(() => import('./custom-pages/public/StatusPage.tsx').then((m) => ({ default: m.NotFoundPage })));
const UnauthorizedPage = page(() => import('./custom-pages/public/StatusPage.tsx').then((m) => ({ default: m.UnauthorizedPage })));
const InvalidAccessPage = page(() => import('./custom-pages/public/StatusPage.tsx').then((m) => ({ default: m.InvalidAccessPage })));
const AccountSettings = page(() => import('./custom-pages/account/AccountSettings.tsx'));
const LicenceCounts = page(() => import('./custom-pages/licences/LicenceCounts.tsx'));
const ScreenPlaceholder = page(() => import('./custom-pages/ScreenPlaceholder.tsx'));

/**
 * Screens that are custom pages: the shell's own and the analysis screens (custom-pages/analysis);
 * the rest of the table without a resource shows a placeholder until its screen lands.
 */
const CUSTOM_SCREENS: Record<string, ReactNode> = {
  '/app/account/settings': <AccountSettings />,
  '/app/licenses/license-count': <LicenceCounts />,
  ...Object.fromEntries(Object.entries(analysisScreens).map(([path, Screen]) => [path, <Screen key={path} />])),
};
const RESOURCE_PATHS = new Set(resources.map((r) => `/${r.props.name}`));
const customScreens = SCREENS.map(screenPath).filter((p) => !RESOURCE_PATHS.has(p));

/** A lazily loaded page; a chunk that fails or times out shows its error with a reload. */
function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
const Public = ({ children }: { children: ReactNode }) => (
  <Page>
    <PublicOnly>{children}</PublicOnly>
  </Page>
);
const GuardedLogin = () => (
  <PublicOnly>
    <LoginPage />
  </PublicOnly>
);
const Layout = ({ children }: { children?: ReactNode }) => (
  <Page>
    <AppLayout>{children}</AppLayout>
  </Page>
);

/** The application's table of contents: public pages, the logged-in area, resources (spec 2). */
export function App() {
  const { settings } = useSettings();
  const theme = useMemo(() => buildTheme(settings), [settings]);
  return (
    <Admin
      i18nProvider={i18nProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      loginPage={GuardedLogin}
      layout={Layout}
      catchAll={ToNotFound}
      accessDenied={ToUnauthorized}
      authenticationError={ToLogin}
      notification={AppNotifications}
      theme={theme}
      title="Segra"
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/register" element={<Public><RegisterPage /></Public>} />
        <Route path="/forgot-password" element={<Public><ForgotPasswordPage /></Public>} />
        <Route path="/reset-password/:token/:email" element={<Public><ResetPasswordPage /></Public>} />
        <Route path={NOT_FOUND_PATH} element={<Page><NotFoundPage /></Page>} />
        <Route path={UNAUTHORIZED_PATH} element={<Page><UnauthorizedPage /></Page>} />
        <Route path={INVALID_ACCESS_PATH} element={<Page><InvalidAccessPage /></Page>} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path={HOME_PATH} element={<Welcome />} />
        {customScreens.map((path) => (
          <Route key={path} path={path} element={CUSTOM_SCREENS[path] ?? <ScreenPlaceholder />} />
        ))}
        <Route path={DATA_QUALITY_PATH} element={<DataQualityPage />} />
        {demoAppsOn(settings) && demoAppRoutes.map(({ path, component: Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </CustomRoutes>
      {resources}
    </Admin>
  );
}
