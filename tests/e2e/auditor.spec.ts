import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { REPORT_STRINGS } from '../../server/modules/analyses/pdf/report-strings.ts';
import { tr as a } from '../../src/i18n/analysis/tr.ts';
import { apiToken, DEMO_CUSTOMER, loginAs, watchConsole } from './session.ts';

/**
 * Issue 27 item 1 in the browser, in Turkish (the default): a view-only auditor of a customer
 * with no default analysis chooses the analysis it looks at on the risk analysis list (its own
 * choice, no write right needed), sees the findings, opens one down to its values and exports
 * the PDF report; the home page, the list and the dashboard then show the same analysis.
 */

const SHOTS = process.env.E2E_PORT ? `test-results-${process.env.E2E_PORT}/shots` : 'test-results/shots';
const run = Date.now().toString(36);
const DEMO_ANALYSIS = 'Demo analysis';

/**
 * As the SuperAdmin, through the API: the demo customer without a default analysis, and in it a
 * group that may only view the risk analysis list and the dashboard, with a user.
 */
async function auditorOfDemoCustomer(page: Page): Promise<{ email: string; password: string }> {
  const auth = { Authorization: `Bearer ${await apiToken(page)}` };
  const customers = (await (await page.request.get('/api/customers?range=[0,99]', { headers: auth })).json()) as { id: string; name: string }[];
  const headers = { ...auth, 'X-Customer-Id': customers.find((c) => c.name === DEMO_CUSTOMER)!.id };
  const cleared = await page.request.put('/api/default-analysis', { headers, data: { analysisId: null } });
  expect(cleared.ok(), await cleared.text()).toBeTruthy();
  const pages = [
    { page: 'reports/list', view: true },
    { page: 'reports/dashboard', view: true },
  ];
  const group = await page.request.post('/api/groups', { headers, data: { name: `Denetçi ${run}`, pages } });
  expect(group.ok(), await group.text()).toBeTruthy();
  const auditor = { email: `auditor-${run}@example.test`, password: 'auditor-pass' };
  const user = await page.request.post('/api/app-users', {
    headers,
    data: { username: `auditor-${run}`, email: auditor.email, password: auditor.password, role: 'User', groupId: ((await group.json()) as { id: string }).id },
  });
  expect(user.ok(), await user.text()).toBeTruthy();
  return auditor;
}

test('a view-only auditor chooses an analysis, sees its findings down to the values, exports the PDF; home, list and dashboard agree', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const auditor = await auditorOfDemoCustomer(page);
  await loginAs(page, auditor);

  // The risk analysis list: no analysis yet, and the list says how to choose one.
  await page.goto('/app/reports/list');
  const required = page.getByTestId('shown-analysis-required');
  await expect(required).toContainText(a.default.required);
  await expect(required).toContainText(a.shown.how);
  await page.screenshot({ path: `${SHOTS}/auditor-list-none.png`, fullPage: true });

  // Choosing is the auditor's own: no write right asked for.
  await page.getByRole('combobox', { name: a.shown.label, exact: true }).click();
  await page.getByRole('option', { name: DEMO_ANALYSIS }).click();
  const shown = `${DEMO_ANALYSIS} · ${a.shown.source_own}`;
  await expect(page.getByTestId('shown-analysis')).toContainText(shown);
  // Its critical findings that are still open.
  await page.getByRole('combobox', { name: a.fields.risk_level, exact: true }).click();
  await page.getByRole('option', { name: a.risk_level.CRITICAL, exact: true }).click();
  await page.getByRole('combobox', { name: a.fields.accepted, exact: true }).click();
  await page.getByRole('option', { name: a.findings.open, exact: true }).click();
  const rows = page.getByTestId('findings').getByTestId('analysis-row');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  // The risk column found by its header, whatever columns stand before it.
  const headers = await page.getByTestId('findings').locator('thead th').allTextContents();
  const riskColumn = headers.findIndex((h) => h.trim() === a.fields.risk_id);
  expect(riskColumn).toBeGreaterThanOrEqual(0);
  const riskCell = rows.first().locator('td').nth(riskColumn);
  const description = (await riskCell.locator('div').first().textContent()) ?? '';
  const openCritical = (await riskCell.textContent())!.replace(description, '').trim();
  expect(openCritical).toMatch(/^\S+$/);
  await page.screenshot({ path: `${SHOTS}/auditor-list.png`, fullPage: true });

  // One finding down to the values that met it.
  await rows.first().click();
  const drill = page.getByTestId('provenance');
  await expect(drill).toBeVisible();
  const values = drill.getByTestId('drill-permissions').first().getByTestId('drill-permission-row').first().locator('td').nth(4);
  await expect(values).not.toHaveText('');
  await page.screenshot({ path: `${SHOTS}/auditor-finding.png`, fullPage: true });

  // The PDF report of the list as shown.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: a.common.export_pdf }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(10_000);
  const text = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain(DEMO_ANALYSIS);
  expect(text).toContain(DEMO_CUSTOMER);
  // What an auditor files (issue 27 item 2): the open critical finding seen in the list, the
  // input with each extract file's SHA-256, and the sign-off block at the end.
  const r = REPORT_STRINGS.tr;
  const listed = text.slice(text.indexOf(r.open_listed_title));
  expect(text).toContain(r.open_listed_title);
  expect(listed).toContain(openCritical);
  const input = text.slice(text.indexOf(r.input_title), text.indexOf(r.input_title) + 4000);
  expect(text).toContain(r.input_title);
  expect(input).toMatch(/AGR_1251\.csv/);
  expect(input.match(/\b[0-9a-f]{64}\b/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  const signOff = text.slice(text.lastIndexOf(r.signoff_title));
  for (const key of ['prepared_by', 'reviewed_by', 'review_date', 'signature'] as const) expect(signOff).toContain(r[key]);
  expect(signOff).toContain(auditor.email);

  // The dashboard and the home page show the same analysis, for the same reason.
  await page.goto('/app/reports/dashboard');
  await expect(page.getByTestId('shown-analysis')).toContainText(shown);
  await expect(page.getByTestId('reports-dashboard')).toBeVisible({ timeout: 15_000 });
  // The status pie is drawn (its animation left it empty in screenshots: drawn without one now).
  await expect(page.locator('.recharts-pie-sector path').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/auditor-dashboard.png`, fullPage: true });
  await page.goto('/dashboards/default');
  await expect(page.getByTestId('shown-analysis')).toContainText(shown);
  await expect(page.getByTestId('top-risk-users')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/auditor-home.png`, fullPage: true });
  expect(errors).toEqual([]);
});
