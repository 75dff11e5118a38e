import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { Welcome } from './custom-pages/Welcome.tsx';
import { i18nProvider } from './providers/i18nProvider.ts';

/** The application's table of contents: resources and custom pages are declared here. */
export function App() {
  return (
    <Admin i18nProvider={i18nProvider} dashboard={Welcome} title="Segra" disableTelemetry>
      <CustomRoutes>
        <Route path="/dashboards/default" element={<Welcome />} />
      </CustomRoutes>
    </Admin>
  );
}
