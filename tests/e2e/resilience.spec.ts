import { expect, test } from '@playwright/test';
import { loginAs, spaGoto } from './session.ts';

// Spec 8: a page whose script chunk does not arrive says so and offers a reload.
test('a page whose code cannot be loaded shows the chunk-load message with a reload', async ({ page }) => {
  await loginAs(page);
  await page.route(/\/assets\/RiskData-[\w-]+\.js$/, (route) => route.abort('connectionreset'));
  await page.goto('/app/risk/modules');
  await expect(page.getByText('Sayfanın dosyaları yüklenemedi', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yenile' })).toBeVisible();
  // The shell stays: moving to another page inside the app clears the error and opens it.
  await spaGoto(page, '/app/risk/period');
  await expect(page).toHaveURL(/\/app\/risk\/period$/);
  await expect(page.getByRole('heading', { name: 'Risk dönemi' }).first()).toBeVisible();
  await expect(page.getByText('Sayfanın dosyaları yüklenemedi', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/chunk-load-failure.png' });
});

// Spec 4, 8: the saved state cannot be restored (storage refused by the browser): the app
// starts on the defaults, says so, and login still works.
test('with local storage refused the app starts on the defaults, says so, and logs in', async ({ page }) => {
  await page.addInitScript(() => {
    // As Chromium defines it (a configurable accessor on the window), but refusing.
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/login');
  await expect(page.getByText('Tarayıcı yerel depolamaya izin vermiyor', { exact: false })).toBeVisible();
  await loginAs(page);
  await expect(page.getByRole('heading').first()).toBeVisible();
});
