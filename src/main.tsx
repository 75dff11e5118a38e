import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { installDemoMock } from './providers/demo-mock/index.ts';
import { SettingsProvider } from './theme/SettingsContext.tsx';

// The demo apps' in-browser mock answers only their paths; everything else reaches the API.
installDemoMock();

// A browser router (not react-admin's default hash router): the spec's paths are real URLs.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <SettingsProvider>
        <App />
      </SettingsProvider>
    </BrowserRouter>
  </StrictMode>,
);
