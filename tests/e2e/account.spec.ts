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

// Renames the SuperAdmin and puts the name back; the user menu follows without a new login.
test('user settings change the own name; the user menu shows it at once and after a reload', async ({ page }) => {
  const errors = watchConsole(page);
  await loginAs(page);
  await page.goto('/app/account/settings');
  const name = page.getByLabel('Ad soyad');
  await expect(name).not.toHaveValue('');
  const original = await name.inputValue();
  const save = page.getByRole('button', { name: 'Adı kaydet' });

  await name.fill('   ');
  await save.click();
  await expect(page.getByText('Ad soyad zorunludur.')).toBeVisible();

  const renamed = `E2E Yönetici ${Date.now().toString(36)}`;
  await name.fill(renamed);
  await save.click();
  await expect(page.getByText('Adınız değiştirildi.')).toBeVisible();
  const openMenu = async () => {
    await page.getByRole('button', { name: 'Profil' }).click();
    await expect(page.getByRole('menu').getByText(renamed)).toBeVisible();
    await page.keyboard.press('Escape');
  };
  await openMenu();
  await page.reload();
  await openMenu();
  const me = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(((await me.json()) as { user: { name: string } }).user.name).toBe(renamed);

  await page.getByLabel('Ad soyad').fill(original);
  await save.click();
  await expect(page.getByText('Adınız değiştirildi.')).toBeVisible();
  expect(errors).toEqual([]);
});
