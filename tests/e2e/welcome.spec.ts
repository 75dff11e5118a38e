import { expect, test } from '@playwright/test';

test('the landing page renders in Turkish by default without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/');
  await expect(page.locator('h5', { hasText: 'SAP yetki ve görevler ayrılığı' })).toBeVisible();
  await page.screenshot({ path: 'test-results/welcome.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('the API answers health and unknown API paths with a JSON 404', async ({ request }) => {
  expect((await request.get('/api/health')).status()).toBe(200);
  const missing = await request.get('/api/no-such-route');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
});
