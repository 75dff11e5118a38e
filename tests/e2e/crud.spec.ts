import { expect, test, type Page } from '@playwright/test';
import { licenceFile } from './licence.ts';
import { loginAs, watchConsole } from './session.ts';

const run = Date.now().toString(36).toUpperCase();

async function create(page: Page, listPath: string, fill: () => Promise<void>) {
  await page.goto(listPath);
  await page.getByRole('link', { name: 'Oluştur', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${listPath}/create$`));
  await fill();
  await page.getByRole('button', { name: 'Kaydet' }).click();
}

test('SuperAdmin creates a customer, picks it, then adds and deletes a department and creates a licensed system', async ({ page }) => {
  test.setTimeout(90_000);
  // A refused system (409, 422) is logged by the browser as a failed resource: expected here.
  const errors = watchConsole(page, ['409', '422']);
  await loginAs(page);
  const customer = `E2E Müşteri ${run}`;

  await create(page, '/app/customer/add', async () => {
    await page.locator('input[name="name"]').fill(customer);
    await page.locator('input[name="contactNumber"]').fill('+90 212 555');
  });
  await expect(page).toHaveURL(/\/app\/customer\/add$/);
  await expect(page.getByRole('cell', { name: customer })).toBeVisible();
  // Lists offer entries-per-page choices (spec 9).
  await expect(page.getByText('Sayfa başına kayıt:')).toBeVisible();

  // Tenant records go to the active customer (X-Customer-Id).
  await page.getByRole('combobox', { name: 'Etkin müşteri' }).click();
  await page.getByRole('option', { name: customer }).click();
  await expect(page.getByRole('combobox', { name: 'Etkin müşteri' })).toHaveText(customer);

  // Department: create, then delete with the spec's confirmation.
  const department = `Finans ${run}`;
  await create(page, '/app/user/add-department', async () => {
    await page.locator('input[name="name"]').fill(department);
  });
  await expect(page).toHaveURL(/\/app\/user\/add-department$/);
  await expect(page.getByRole('cell', { name: department })).toBeVisible();
  await page.getByRole('cell', { name: department }).click();
  await page.getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByText('Silmek istediğinizden emin misiniz?')).toBeVisible();
  await page.screenshot({ path: 'test-results/crud/department-delete-confirm.png' });
  await page.getByRole('button', { name: 'Onayla' }).click();
  await expect(page).toHaveURL(/\/app\/user\/add-department$/);
  await expect(page.getByTestId('no-data')).toHaveText('Görüntülenecek veri yok');

  // A system needs a valid licence listing its installation: upload one, then create the system.
  await create(page, '/app/licenses/license-files', async () => {
    await page.locator('input[type="file"]').setInputFiles({
      name: 'licence.json',
      mimeType: 'application/json',
      buffer: Buffer.from(licenceFile(customer, [{ installationNumber: '0020123456', hwKey: 'HWKEY-E2E' }])),
    });
  });
  await expect(page).toHaveURL(/\/app\/licenses\/license-files$/);
  await expect(page.getByRole('cell', { name: '25', exact: true })).toBeVisible();

  const fillSystem = (sid: string, installationNumber: string) => async () => {
    await page.locator('input[name="sid"]').fill(sid);
    await page.locator('input[name="sapVersion"]').fill('S/4HANA 2023');
    await page.locator('input[name="hwKey"]').fill('HWKEY-E2E');
    await page.locator('input[name="installationNumber"]').fill(installationNumber);
    await page.locator('input[name="systemNumber"]').fill('00');
  };
  await create(page, '/app/system/default', fillSystem('PRD', '0020123456'));
  await expect(page).toHaveURL(/\/app\/system\/default$/);
  await expect(page.getByRole('cell', { name: 'PRD' })).toBeVisible();
  await page.screenshot({ path: 'test-results/crud/system-created.png' });

  // The spec's errors, translated: same SID again; an installation no licence lists.
  await create(page, '/app/system/default', fillSystem('PRD', '0020123456'));
  await expect(page.getByTestId('toast').filter({ hasText: 'Sistem zaten mevcut' })).toBeVisible();
  await page.locator('input[name="sid"]').fill('QAS');
  await page.locator('input[name="installationNumber"]').fill('0099999999');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Lisans anahtarı geçersiz' })).toBeVisible();
  expect(errors).toEqual([]);
});
