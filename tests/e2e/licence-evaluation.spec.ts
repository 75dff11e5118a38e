import { expect, test, type Page } from '@playwright/test';
import { tr } from '../../src/i18n/licences/tr.ts';
import { licenceFile } from './licence.ts';
import { apiToken, DEMO_CUSTOMER, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

/*
 * Issue 27 item 4: a customer without a licence is in evaluation, said by a banner on every page;
 * the licence-count screen shows use against the licence; a .lic file is uploaded; a user beyond
 * the licence is refused with the licence and the count, in Turkish.
 */

const run = Date.now().toString(36).toUpperCase();
const banner = (page: Page) => page.getByTestId('evaluation-banner');
const pickCustomer = async (page: Page, name: string) => {
  await page.getByRole('combobox', { name: 'Etkin müşteri' }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('combobox', { name: 'Etkin müşteri' })).toHaveText(name);
};

test('the demo customer is in evaluation: a banner on every page and on the licence-count screen', async ({ page }) => {
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  // Seeded at this run's first start: 30 days left, one system (its own).
  await expect(banner(page)).toContainText('Değerlendirme sürümü: bu müşteri için lisans yüklenmedi.');
  await expect(banner(page)).toContainText('30 gün kaldı');
  await expect(banner(page).getByRole('link', { name: tr.licences.banner.upload })).toBeVisible();
  await page.screenshot({ path: 'test-results/licence/evaluation-banner-dashboard.png' });
  await page.goto('/app/system/default');
  await expect(banner(page)).toBeVisible();
  await page.goto('/app/licenses/license-count');
  const row = page.getByRole('row').filter({ hasText: DEMO_CUSTOMER });
  await expect(row).toContainText('Değerlendirme (');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1 / 1');
  await page.screenshot({ path: 'test-results/licence/evaluation-counts.png' });
  expect(errors).toEqual([]);
});

test('a .lic licence ends the evaluation; the count shows use against it; one user too many is refused', async ({ page }) => {
  test.setTimeout(90_000);
  // The refused user is logged by the browser as a failed (422) resource: expected here.
  const errors = watchConsole(page, ['422']);
  const customer = `Lisans E2E ${run}`;
  const auth = { Authorization: `Bearer ${await apiToken(page)}` };
  const made = await page.request.post('/api/customers', { headers: auth, data: { name: customer } });
  expect(made.ok()).toBeTruthy();
  const scoped = { ...auth, 'X-Customer-Id': ((await made.json()) as { id: string }).id };
  for (const n of ['a', 'b', 'c']) {
    const u = await page.request.post('/api/app-users', { headers: scoped, data: { username: `${n}-${run}`, email: `${n}-${run}@lic.test`, password: 'secret1', role: 'User' } });
    expect(u.ok()).toBeTruthy();
  }

  await loginAs(page);
  await pickCustomer(page, customer);
  await expect(banner(page)).toBeVisible();
  // The file `segra licence sign` writes, named .lic: a 2-user licence for a customer with 3 active users.
  await page.goto('/app/licenses/license-files/create');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'lisans.lic',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(licenceFile(customer, [{ installationNumber: '0020123456', hwKey: 'HWKEY-E2E' }], 2)),
  });
  await expect(page.getByText('lisans.lic')).toBeVisible();
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page).toHaveURL(/\/app\/licenses\/license-files$/);
  await expect(banner(page)).toHaveCount(0);

  await page.goto('/app/licenses/license-count');
  const row = page.getByRole('row').filter({ hasText: customer });
  await expect(row.getByRole('cell').nth(2)).toContainText('3 / 2');
  await expect(row.getByRole('cell').nth(2)).toContainText('Lisanstan 1 fazla');
  await page.screenshot({ path: 'test-results/licence/licence-counts-over.png' });

  // Another customer's licence is refused with the reason.
  await page.goto('/app/licenses/license-files/create');
  await page.locator('input[type="file"]').setInputFiles({ name: 'baska.lic', mimeType: 'application/octet-stream', buffer: Buffer.from(licenceFile('Başka Müşteri', [{ installationNumber: '0020123456', hwKey: 'HWKEY-E2E' }])) });
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `Bu lisans Başka Müşteri için verilmiş, ${customer} için değil` })).toBeVisible();

  // A fourth active user: refused, naming the licence and the count.
  await page.goto('/app/user/add/create');
  await page.locator('input[name="username"]').fill(`d-${run}`);
  await page.locator('input[name="email"]').fill(`d-${run}@lic.test`);
  await page.locator('input[name="password"]').fill('secret1');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `${customer} lisansı` })).toContainText('en fazla 2 etkin kullanıcıya izin veriyor ve müşterinin 3 etkin kullanıcısı var');
  await page.screenshot({ path: 'test-results/licence/user-limit-toast.png' });
  expect(errors).toEqual([]);
});
