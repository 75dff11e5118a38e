import { expect, test, type Page } from '@playwright/test';
import { apiToken, DEMO_CUSTOMER, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

/**
 * Issue 15 items 1 and 9 on the demo customer the first start seeds: the drill-down down to the
 * value, the user and role views, and the report screens' layout at common widths.
 */

const SHOTS = process.env.E2E_PORT ? `test-results-${process.env.E2E_PORT}/shots` : 'test-results/shots';

/** Makes the demo analysis the demo customer's default analysis (through the API). */
async function demoDefaultAnalysis(page: Page): Promise<void> {
  const token = await apiToken(page);
  const auth = { Authorization: `Bearer ${token}` };
  const customers = (await (await page.request.get('/api/customers?range=[0,99]', { headers: auth })).json()) as { id: string; name: string }[];
  const customerId = customers.find((c) => c.name === DEMO_CUSTOMER)!.id;
  const headers = { ...auth, 'X-Customer-Id': customerId };
  const analyses = (await (await page.request.get(`/api/analyses?filter=${encodeURIComponent(JSON.stringify({ status: ['completed'] }))}`, { headers })).json()) as { id: string }[];
  const put = await page.request.put('/api/default-analysis', { headers, data: { analysisId: analyses[0].id } });
  expect(put.ok(), await put.text()).toBeTruthy();
}

test('the drill-down shows the object, field and values behind each function; user and role views', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  await demoDefaultAnalysis(page);

  // A user-level finding of a permission-level analysis.
  await page.goto('/app/reports/list?level=USER');
  const first = page.getByTestId('findings').getByTestId('analysis-row').first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  const holder = (await first.locator('td').nth(1).locator('a').textContent())!.trim();
  await first.click();
  const drill = page.getByTestId('provenance');
  await expect(drill).toBeVisible();
  // The risk with its description, the holder with its name.
  await expect(drill.getByTestId('drill-header')).toContainText(/\S+ — \S+/);
  await expect(drill.getByTestId('drill-header')).toContainText(holder);
  // Per permission object: object, authorisation, source, field and the values that met it.
  const table = drill.getByTestId('drill-permissions').first();
  await expect(table).toBeVisible();
  await expect(table.locator('th')).toHaveText(['Nesne', 'Yetki', 'Bulunduğu yer', 'Alan', 'Karşılayan değerler']);
  const row = table.getByTestId('drill-permission-row').first();
  const cells = await row.locator('td').allTextContents();
  expect(cells).toHaveLength(5);
  expect(cells[0]).toMatch(/^[A-Z][A-Z0-9_]+$/); // the object, e.g. S_TCODE, F_BKPF_BUK
  expect(cells[2]).toMatch(/\((rol|profil)\)$/); // the role or profile holding the instance
  expect(cells[3]).toMatch(/^[A-Z][A-Z0-9_]*$/); // the field
  expect(cells[4].trim()).not.toBe('');
  // Paths as readable chains, never the raw source text.
  await expect(drill.getByTestId('source-chain').first()).toContainText(`${holder} (kullanıcı)→`);
  await expect(drill).not.toContainText(/[RP]:[A-Z0-9_]+>/);
  await expect(drill).not.toContainText(/\bR:[A-Z]/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await drill.screenshot({ path: `${SHOTS}/drill-down.png` });

  // The holder's view: roles and all its findings.
  await drill.getByTestId('drill-header').getByRole('link', { name: holder }).click();
  await expect(page).toHaveURL(new RegExp(`view=user&name=${holder}`));
  await expect(page.getByTestId('user-view')).toContainText(`Kullanıcı ${holder}`);
  await expect(page.getByTestId('user-findings').getByTestId('analysis-row').first()).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/user-view.png`, fullPage: true });
  const role = page.getByTestId('user-findings').getByTestId('analysis-row').first().locator('td').nth(2).locator('a').first();
  const roleName = (await role.textContent())!.trim();
  await role.click();
  await expect(page.getByTestId('role-view')).toContainText(`Rol ${roleName}`);
  await expect(page.getByTestId('role-users')).toContainText(holder);
  await page.screenshot({ path: `${SHOTS}/role-view.png`, fullPage: true });
  expect(errors).toEqual([]);
});

const REPORT_SCREENS = [
  '/app/reports/analyze-request',
  '/app/reports/create',
  '/app/reports/dashboard',
  '/app/reports/list',
  '/app/reports/risk',
  '/app/reports/compare',
  '/app/simulation',
  '/app/report/basis',
  '/app/report/special',
];

test('report screens at 1280, 1440 and 1920 px: nothing clipped, the title below the sticky bar after navigation', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  await demoDefaultAnalysis(page);
  for (const width of [1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of REPORT_SCREENS) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(2000); // the charts' entry animation (recharts: 1.5 s)
      await page.screenshot({ path: `${SHOTS}/${path.slice(5).replace(/\//g, '_')}-${width}.png`, fullPage: true });
    }
    // The analysis requests' row actions (default, exports, delete) stay inside the table's box.
    await page.goto('/app/reports/analyze-request');
    const table = page.getByTestId('analysis-requests');
    const del = table.getByRole('button', { name: 'Sil' }).first();
    await expect(del).toBeVisible();
    const box = (await table.boundingBox())!;
    const d = (await del.boundingBox())!;
    expect(d.x + d.width, `Delete at ${width} px`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(d.x + d.width, `Delete at ${width} px`).toBeLessThanOrEqual(width);
  }

  // Scrolled down a long page, then to another page by the menu: its title is not under the bar.
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/app/reports/list');
  await expect(page.getByTestId('findings').getByTestId('analysis-row').first()).toBeVisible({ timeout: 15_000 });
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.getByRole('button', { name: 'Raporlar' }).first().click();
  await page.getByRole('menuitem', { name: 'Rapor paneli' }).click();
  await expect(page).toHaveURL(/\/app\/reports\/dashboard$/);
  const title = page.locator('main h1');
  await expect(title).toBeVisible();
  const bar = (await page.locator('header').first().boundingBox())!;
  // The dashboard may render its title again while its data arrives: no box for a moment is asked again, not a failure.
  await expect.poll(async () => (await title.boundingBox())?.y ?? Number.NEGATIVE_INFINITY).toBeGreaterThanOrEqual(bar.y + bar.height);
  await page.screenshot({ path: `${SHOTS}/after-navigation.png` });
  expect(errors).toEqual([]);
});

test('the risk list at 1440 px shows every column: the table fits its box, nothing to scroll sideways (issue 27)', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page);
  await pickDemoCustomer(page);
  await demoDefaultAnalysis(page);
  await page.goto('/app/reports/list');
  const findings = page.getByTestId('findings');
  await expect(findings.getByTestId('analysis-row').first()).toBeVisible({ timeout: 15_000 });
  const table = findings.locator('table');
  // The box around the table scrolls when the table is wider than it: it must not need to.
  const widths = await table.evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth }));
  expect(widths.table, 'the table is wider than its box').toBeLessThanOrEqual(widths.box);
  const headers = findings.locator('thead th');
  const last = headers.last();
  await expect(last).toBeVisible();
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.x + lastBox.width, 'the last column ends inside the window').toBeLessThanOrEqual(1440);
  await page.screenshot({ path: `${SHOTS}/risk-list-1440.png` });
  expect(errors).toEqual([]);
});
