import { expect, test } from '@playwright/test';
import { loginAs, pickDemoCustomer, watchConsole } from './session.ts';

/**
 * The data-quality view of a system period (issue 13 item 4), on the period the first start
 * imports for the demo customer: opened from the period's row, in Turkish (the default language).
 */
test('the system period opens its data quality: warnings, users in and out of scope with reasons, rows per table', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);

  await page.goto('/app/system/period');
  const ready = page.getByTestId('system-periods').getByTestId('analysis-row').filter({ has: page.getByTestId('period-status').getByText('Hazır') }).first();
  await expect(ready).toBeVisible({ timeout: 15_000 });
  await ready.getByTestId('data-quality-link').click();

  await expect(page).toHaveURL(/\/app\/system\/period\/[0-9a-f-]{36}\/data-quality$/);
  await expect(page.getByRole('heading', { name: 'Veri kalitesi', level: 1 })).toBeVisible();
  // Rows per table: the demo extract has users.
  const usr02 = page.getByTestId('data-quality-table-row').filter({ hasText: 'USR02' });
  await expect(usr02).toBeVisible();
  expect(Number((await usr02.locator('td').nth(1).textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);

  // Users: the first page, then only those out of scope, each with its reason in Turkish.
  const users = page.getByTestId('data-quality-users').getByTestId('data-quality-user');
  await expect(users.first()).toBeVisible({ timeout: 15_000 });
  const inScope = page.getByTestId('data-quality-in-scope');
  await expect(inScope).toHaveText(/^Kapsam içi: \d+$/);
  const outOfScope = page.getByTestId('data-quality-out-of-scope');
  const out = Number((await outOfScope.textContent())!.replace(/\D/g, ''));
  await outOfScope.click();
  if (out === 0) {
    await expect(page.getByText('Kullanıcı yok')).toBeVisible();
  } else {
    await expect(users.first().getByTestId('data-quality-user-reasons')).toHaveText(/Kilitli|Süresi dolmuş|Henüz geçerli değil|USR02’de yok/);
    await expect(page.getByText(new RegExp(`/ ${out}$`))).toBeVisible();
  }
  await page.screenshot({ path: 'test-results/data-quality.png', fullPage: true });

  // The view reloads on its own address (the server serves the app for it) and goes back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Veri kalitesi', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sistem dönemlerine dön' }).click();
  await expect(page).toHaveURL(/\/app\/system\/period$/);

  expect(errors).toEqual([]);
});
