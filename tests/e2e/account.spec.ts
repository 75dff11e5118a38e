import { expect, test } from '@playwright/test';
import { ADMIN, loginAs, watchConsole } from './session.ts';

// Changes the SuperAdmin's password and puts it back, so the other specs still log in.
test('user settings change the own password with the current one (spec 5 messages)', async ({ page }) => {
  const errors = watchConsole(page, ['status of 400']);
  await loginAs(page);
  await page.goto('/app/account/settings');
  const change = page.getByRole('button', { name: 'Parolayı değiştir' });
  await change.click();
  await expect(page.getByText('Parola gereklidir').first()).toBeVisible();

  await page.getByLabel('Mevcut parola').fill('wrong');
  await page.getByLabel('Yeni parola', { exact: true }).fill('e2e-other');
  await page.getByLabel('Yeni parola (tekrar)').fill('e2e-other');
  await change.click();
  await expect(page.getByText('Mevcut parola doğru değil.')).toBeVisible();

  await page.getByLabel('Mevcut parola').fill(ADMIN.password);
  await change.click();
  await expect(page.getByText('Parolanız değiştirildi.')).toBeVisible();
  const relogin = await page.request.post('/api/auth/login', { data: { email: ADMIN.email, password: 'e2e-other' } });
  expect(relogin.ok()).toBeTruthy();

  // Back to the password every other spec uses.
  await page.getByLabel('Mevcut parola').fill('e2e-other');
  await page.getByLabel('Yeni parola', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Yeni parola (tekrar)').fill(ADMIN.password);
  await change.click();
  await expect(page.getByText('Parolanız değiştirildi.')).toBeVisible();
  expect(errors).toEqual([]);
});
