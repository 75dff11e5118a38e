import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { LoginPage } from './custom-pages/auth/LoginPage.tsx';
import { Welcome } from './custom-pages/Welcome.tsx';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { i18nProvider } from './providers/i18nProvider.ts';

/** The application's table of contents: resources and custom pages are declared here. */
export function App() {
  return (
    <Admin
      i18nProvider={i18nProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      loginPage={LoginPage}
      dashboard={Welcome}
      title="Segra"
      disableTelemetry
    >
      <CustomRoutes>
        <Route path="/dashboards/default" element={<Welcome />} />
      </CustomRoutes>
    </Admin>
  );
}
