import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

/**
 * Editing a risk period's functions (actions and permission lines) on the risk data screen, on
 * the demo customer the first start seeds (its shipped ruleset is a ready risk period). The
 * interface is in Turkish, the default language.
 */


/** Picks an option of an MUI select found inside `scope` by its accessible name. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addAction(dialog: Locator, tcode: string): Promise<void> {
  await dialog.locator('input[name="newAction"]').fill(tcode);
  await dialog.getByRole('button', { name: 'İşlem ekle' }).click();
}

test('a function is created with actions and a permission line, edited, and deleted', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const run = Date.now().toString(36);
  // Typed in lower case: the screen stores SAP codes in upper case.
  const typedId = `e2e_fn_${run}`;
  const functionId = typedId.toUpperCase();
  await loginAs(page);
  await pickDemoCustomer(page);
  const customerId = await page.evaluate(() => sessionStorage.getItem('segra.activeCustomer'));
  expect(customerId).toBeTruthy();
  const headers = { Authorization: `Bearer ${await apiToken(page)}`, 'X-Customer-Id': customerId! };
  const stored = async () => {
    const r = await page.request.get(`/api/functions?filter=${encodeURIComponent(JSON.stringify({ functionId }))}`, { headers });
    expect(r.ok()).toBeTruthy();
    return (await r.json()) as { functionId: string; description: string; actions: unknown[]; permissions: unknown[] }[];
  };

  await page.goto('/app/risk/modules');
  // The tabs appear once the screen has chosen the ready risk period.
  await page.getByRole('tab', { name: 'Fonksiyonlar' }).click({ timeout: 15_000 });
  const list = page.getByTestId('functions');
  await expect(list.getByTestId('analysis-row').first()).toBeVisible({ timeout: 15_000 });

  // Create: two actions and one permission line (under the first action, which a new line takes).
  await page.getByRole('button', { name: 'Yeni fonksiyon' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="functionId"]').fill(typedId);
  await dialog.locator('textarea[name="description"]').fill(`E2E fonksiyon ${run}`);
  await addAction(dialog, 'fb01');
  await addAction(dialog, 'FB02');
  await expect(dialog.getByTestId('action-row')).toHaveText([/^FB01/, /^FB02/]);
  await dialog.getByRole('button', { name: 'Yetki satırı ekle' }).click();
  const line = dialog.getByTestId('perm-row').first();
  await line.locator('input[name="object"]').fill('F_BKPF_BUK');
  await line.locator('input[name="field"]').fill('actvt');
  await line.locator('input[name="low"]').fill('01');
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText('Oluşturuldu', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const created = await stored();
  expect(created).toHaveLength(1);
  expect(created[0].actions).toEqual([
    { action: 'FB01', active: true },
    { action: 'FB02', active: true },
  ]);
  expect(created[0].permissions).toEqual([{ action: 'FB01', object: 'F_BKPF_BUK', field: 'ACTVT', low: '01', high: '', operator: 'OR', active: true }]);

  // The list shows it (searched, as the demo ruleset has many functions).
  await list.getByLabel('Ara').fill(functionId);
  const row = list.getByTestId('analysis-row').filter({ hasText: functionId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('FB01, FB02');

  // Edit: the line moves to FB02 with a range 01..02 and AND; FB01 is switched off.
  await row.getByRole('button', { name: 'Düzenle' }).click();
  await expect(dialog).toContainText(functionId);
  await dialog.getByRole('checkbox', { name: 'Aktif FB01' }).uncheck();
  await choose(page, line, 'İşlem', 'FB02');
  await line.locator('input[name="high"]').fill('02');
  await choose(page, line, 'Operatör', 'AND');
  await page.screenshot({ path: test.info().outputPath('risk-data-function-edit.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByText('Güncellendi', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const edited = await stored();
  expect(edited).toHaveLength(1);
  expect(edited[0].description).toBe(`E2E fonksiyon ${run}`);
  expect(edited[0].actions).toEqual([
    { action: 'FB01', active: false },
    { action: 'FB02', active: true },
  ]);
  expect(edited[0].permissions).toEqual([{ action: 'FB02', object: 'F_BKPF_BUK', field: 'ACTVT', low: '01', high: '02', operator: 'AND', active: true }]);

  // The expanded row shows the edited line.
  await row.getByRole('cell').first().click();
  await expect(list.getByRole('cell', { name: 'AND', exact: true })).toBeVisible();

  // Delete after the confirmation.
  await row.getByRole('button', { name: 'Sil' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
  await expect(page.getByText('Silindi', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await stored()).toEqual([]);

  expect(errors).toEqual([]);
});
