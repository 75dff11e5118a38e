import { expect, test, type Page } from '@playwright/test';
import { userTypeMessages } from '../../src/i18n/user-types/index.ts';
import { apiToken, DEMO_CUSTOMER, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

/**
 * Issue 27 item 6 on the demo customer the first start seeds (a generated landscape with DDIC,
 * WF-BATCH, batch, RFC and service users): the dashboard's top 10 counts dialog users with the
 * choice visible, other types can be chosen, and the findings list shows and filters the type.
 */

const SHOTS = process.env.E2E_PORT ? `test-results-${process.env.E2E_PORT}/shots` : 'test-results/shots';
const names = (userTypeMessages.tr as { segra: { user_type: Record<string, string> } }).segra.user_type;

async function demoDefaultAnalysis(page: Page): Promise<void> {
  const token = await apiToken(page);
  const auth = { Authorization: `Bearer ${token}` };
  const customers = (await (await page.request.get('/api/customers?range=[0,99]', { headers: auth })).json()) as { id: string; name: string }[];
  const headers = { ...auth, 'X-Customer-Id': customers.find((c) => c.name === DEMO_CUSTOMER)!.id };
  const analyses = (await (await page.request.get(`/api/analyses?filter=${encodeURIComponent(JSON.stringify({ status: ['completed'] }))}`, { headers })).json()) as { id: string }[];
  const put = await page.request.put('/api/default-analysis', { headers, data: { analysisId: analyses[0].id } });
  expect(put.ok(), await put.text()).toBeTruthy();
}

test('the top 10 counts dialog users, the choice visible; the findings list shows and filters the user type', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  await demoDefaultAnalysis(page);

  await page.goto('/app/reports/dashboard');
  const panel = page.getByTestId('dashboard-top-users');
  await expect(panel.getByTestId('top-risk-user').first()).toBeVisible({ timeout: 20_000 });
  const choice = panel.getByTestId('top-users-user-types');
  await expect(choice).toContainText(names.label);
  await expect(choice.getByRole('combobox')).toHaveText(names.A);
  const types = panel.getByTestId('top-risk-user').getByTestId('user-type');
  await expect(types.first()).toHaveText(names.A);
  expect(new Set(await types.allTextContents())).toEqual(new Set([names.A]));
  // The technical users with critical findings are not shown, and the screen says so.
  await expect(panel.getByTestId('top-users-other-types')).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: `${SHOTS}/top-users-dialog.png` });

  // Add system users: WF-BATCH (SAP_ALL) ranks among them.
  await choice.getByRole('combobox').click();
  await page.getByTestId('user-type-option-B').click();
  await page.keyboard.press('Escape');
  await expect(choice.getByRole('combobox')).toHaveText(`${names.A}, ${names.B}`);
  await expect(panel.getByTestId('top-risk-user').filter({ hasText: 'WF-BATCH' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId('top-risk-user').filter({ hasText: 'WF-BATCH' }).getByTestId('user-type')).toHaveText(names.B);
  await panel.screenshot({ path: `${SHOTS}/top-users-dialog-system.png` });

  // The findings list: a user type column, and a filter by it on the server.
  await page.goto('/app/reports/list?level=USER&userType=B');
  const rows = page.getByTestId('findings').getByTestId('analysis-row');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  expect(new Set(await rows.getByTestId('user-type').allTextContents())).toEqual(new Set([names.B]));
  await page.screenshot({ path: `${SHOTS}/findings-system-users.png`, fullPage: false });
  expect(errors).toEqual([]);
});

test('users show their user type: data quality, system data, approval, comparison, the simulation’s user picker', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  await demoDefaultAnalysis(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Data quality: the users out of scope, each with its type; filtered to service users.
  await page.goto('/app/system/period');
  const ready = page.getByTestId('system-periods').getByTestId('analysis-row').filter({ has: page.getByTestId('period-status').getByText('Hazır') }).first();
  await expect(ready).toBeVisible({ timeout: 15_000 });
  await ready.getByTestId('data-quality-link').click();
  const users = page.getByTestId('data-quality-users').getByTestId('data-quality-user');
  await expect(users.first().getByTestId('user-type')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('data-quality-user-type').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: names.S, exact: true }).click();
  await expect(users.first().getByTestId('user-type')).toHaveText(names.S);
  expect(new Set(await users.getByTestId('user-type').allTextContents())).toEqual(new Set([names.S]));
  await page.getByTestId('data-quality-users').screenshot({ path: `${SHOTS}/data-quality-service-users.png` });

  // System data: USR02 with its user type's name, filtered to system users.
  await page.goto('/app/system/modules');
  const usr02 = page.getByTestId('table-USR02');
  await expect(usr02.getByTestId('user-type').first()).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('usr02-user-type').getByRole('combobox').click();
  await page.getByRole('option', { name: names.B, exact: true }).click();
  await expect(usr02.getByTestId('user-type').first()).toHaveText(`B (${names.B})`);
  expect(new Set(await usr02.getByTestId('user-type').allTextContents())).toEqual(new Set([`B (${names.B})`]));
  await page.screenshot({ path: `${SHOTS}/system-data-system-users.png` });

  // The approval report: a user acceptance names the user's type.
  const token = await apiToken(page);
  const customers = (await (await page.request.get('/api/customers?range=[0,99]', { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string; name: string }[];
  const headers = { Authorization: `Bearer ${token}`, 'X-Customer-Id': customers.find((c) => c.name === DEMO_CUSTOMER)!.id };
  const risk = (await (await page.request.get('/api/findings?range=[0,0]', { headers })).json()) as { riskId: string }[];
  const accepted = await page.request.post('/api/risk-acceptances', { headers, data: { riskId: risk[0].riskId, scope: 'user', holder: 'WF-BATCH', message: 'Workflow user, reviewed' } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  await page.goto('/app/reports/risk');
  const row = page.getByTestId('acceptances').getByTestId('analysis-row').filter({ hasText: 'WF-BATCH' });
  await expect(row.getByTestId('user-type')).toHaveText(names.B, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/approval-user-type.png` });
  // Leave the demo customer as it was for the other tests.
  expect((await page.request.delete(`/api/risk-acceptances/${((await accepted.json()) as { id: string }).id}`, { headers })).ok()).toBeTruthy();

  // The comparison of the demo analysis with itself, filtered to communication users.
  await page.goto('/app/reports/compare');
  for (const side of ['Birinci (eski) analiz', 'İkinci (yeni) analiz']) {
    await page.getByRole('combobox', { name: side, exact: true }).click();
    await page.getByRole('option', { name: /^Demo analysis/ }).first().click();
  }
  const compared = page.getByTestId('comparison').getByTestId('analysis-row');
  await expect(compared.first()).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('compare-user-type').getByRole('combobox').click();
  await page.getByRole('option', { name: names.C, exact: true }).click();
  await expect(compared.first().getByTestId('user-type')).toHaveText(names.C);
  expect(new Set(await compared.getByTestId('user-type').allTextContents())).toEqual(new Set([names.C]));
  await page.screenshot({ path: `${SHOTS}/compare-communication-users.png` });

  // The simulation's user picker names each user's type.
  await page.goto('/app/simulation');
  await page.getByRole('combobox', { name: 'Sistem dönemi', exact: true }).click();
  await page.getByRole('option', { name: /^DEM / }).first().click();
  const picker = page.getByRole('combobox', { name: 'Kullanıcı', exact: true });
  await picker.click();
  await picker.fill('WF-');
  const option = page.getByRole('option').filter({ hasText: 'WF-BATCH' });
  await expect(option.getByTestId('user-type')).toHaveText(names.B, { timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/simulation-user-picker.png` });
  expect(errors).toEqual([]);
});
