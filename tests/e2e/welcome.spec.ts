import { expect, test } from '@playwright/test';

test('a visitor is sent to the Turkish login page, and the first-start SuperAdmin gets in', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    // A refused login answers 401, which the browser logs as a failed resource: expected here.
    if (m.type() === 'error' && !m.text().includes('401')) errors.push(m.text());
  });
  await page.goto('/');
  // A browser router: real paths, no hash.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-posta')).toBeVisible();
  await page.screenshot({ path: 'test-results/login.png', fullPage: true });

  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.getByText('E-posta gereklidir')).toBeVisible();

  await page.getByLabel('E-posta').fill('admin@segra.local');
  await page.getByLabel('Parola').fill('wrong-password');
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.getByText('Lütfen girilen değerleri kontrol edip tekrar deneyin.')).toBeVisible();

  await page.getByLabel('Parola').fill('e2e-secret');
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page.locator('h5', { hasText: 'SAP yetki ve görevler ayrılığı' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboards\/default$/);
  await page.screenshot({ path: 'test-results/welcome.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('the API answers health and unknown API paths with a JSON 404', async ({ request }) => {
  expect((await request.get('/api/health')).status()).toBe(200);
  const missing = await request.get('/api/no-such-route');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
});
