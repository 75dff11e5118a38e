import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download cannot reach its host here.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 18081);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'on',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `node bin/segra.js serve`,
    url: `http://127.0.0.1:${port}/api/health`,
    // A fresh embedded database for every run, as on a fresh clone.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: `test-results/e2e-data-${Date.now()}`,
      SEGRA_ADMIN_EMAIL: 'admin@segra.local',
      SEGRA_ADMIN_PASSWORD: 'e2e-secret',
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
