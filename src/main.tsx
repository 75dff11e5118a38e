// First: must run before react-admin's modules read local storage (see the file).
import './storage-guard.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { installDemoMock } from './demo/apps-mock/index.ts';
import { SettingsProvider } from './theme/SettingsContext.tsx';

// The demo apps' in-browser mock answers only their paths; everything else reaches the API.
installDemoMock();

// Demo mode (`npm run demo`): the in-browser API answers /api before the app renders. Vite
// replaces MODE at build time, so other builds drop this branch and the demo chunk.
const ready: Promise<unknown> =
  import.meta.env.MODE === 'demo' ? import('./demo/install.ts').then((m) => m.installDemoApi()) : Promise.resolve();

// A browser router (not react-admin's default hash router): the spec's paths are real URLs.
void ready.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <SettingsProvider>
          <App />
        </SettingsProvider>
      </BrowserRouter>
    </StrictMode>,
  ),
);
