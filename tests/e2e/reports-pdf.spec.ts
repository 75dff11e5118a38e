import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { REPORT_STRINGS } from '../../server/modules/analyses/pdf/report-strings.ts';
import { DEMO_CUSTOMER, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

/** The PDF report's own catalogue (the server writes it), in the UI's default language. */
const PDF = REPORT_STRINGS.tr;

/**
 * Issue 15 items 3 and 4 in the browser, on the seeded demo analysis, in Turkish (the default):
 * the PDF report downloaded from the findings screen holds the dashboard's summary figures, and
 * the dashboard's segments and top-10 rows open the findings list filtered.
 */

async function makeDemoDefault(page: Page): Promise<void> {
  await page.goto('/app/reports/analyze-request');
  const demoRow = page.getByTestId('analysis-row').filter({ hasText: 'Demo analysis' });
  await expect(demoRow.getByTestId('analysis-status')).toHaveText('Tamamlandı');
  // The default analysis is the customer's, kept on the server: another test may have chosen it.
  const marked = demoRow.getByText('Varsayılan', { exact: true });
  const make = demoRow.getByRole('button', { name: 'Varsayılan yap' });
  await expect(marked.or(make).first()).toBeVisible();
  if (!(await marked.isVisible())) await make.click();
  await expect(marked).toBeVisible();
}

async function downloadedPdfText(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PDF raporu indir' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await download.path())!)));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

test('the PDF report from the findings screen holds the summary figures of the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  await makeDemoDefault(page);

  await page.goto('/app/reports/dashboard');
  await expect(page.getByTestId('reports-dashboard')).toBeVisible({ timeout: 15_000 });
  const figure = async (id: string) => (await page.getByTestId(id).getByTestId('stat-value').textContent())!.trim();
  const [total, accepted, open] = [await figure('stat-total'), await figure('stat-accepted'), await figure('stat-open')];
  expect(Number(total.replace(/\./g, ''))).toBeGreaterThan(0);

  await page.goto('/app/reports/list');
  await expect(page.getByTestId('findings').getByTestId('analysis-row').first()).toBeVisible({ timeout: 15_000 });
  const text = await downloadedPdfText(page);
  expect(text).toContain('Görevler ayrılığı raporu');
  expect(text).toContain(DEMO_CUSTOMER);
  expect(text).toContain('Yönetici özeti');
  expect(text).toContain(`Toplam bulgu ${total}`);
  expect(text).toContain(`Kabul edilen ${accepted}`);
  expect(text).toContain(`Açık ${open}`);
  // Unfiltered, and its cover says what it holds (issue 27).
  expect(text).toContain(`${PDF.cover_filter} ${PDF.cover_no_filter}`);
  expect(text).toContain(PDF.cover_contents);
  expect(errors).toEqual([]);
});

test('dashboard segments and top-10 rows open the findings list filtered', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  await makeDemoDefault(page);

  // A bar of the risk-level chart: the list filtered to that risk level.
  await page.goto('/app/reports/dashboard');
  const bars = page.getByTestId('dashboard-by-risk-level').locator('.recharts-bar-rectangle path, .recharts-bar-rectangle rect');
  await expect(bars.first()).toBeVisible({ timeout: 15_000 });
  await bars.first().click();
  await expect(page).toHaveURL(/\/app\/reports\/list\?riskLevel=(CRITICAL|HIGH|MEDIUM|LOW)$/);
  const level = new URL(page.url()).searchParams.get('riskLevel')!;
  const label = { CRITICAL: 'Kritik', HIGH: 'Yüksek', MEDIUM: 'Orta', LOW: 'Düşük' }[level]!;
  const rows = page.getByTestId('findings').getByTestId('analysis-row');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('combobox', { name: 'Risk seviyesi', exact: true })).toHaveText(label);
  // The first chip of a row is its risk level.
  for (const row of await rows.all()) await expect(row.locator('.MuiChip-label').first()).toHaveText(label);
  // The PDF of the filtered list says which filter it holds, in words (issue 27).
  expect(await downloadedPdfText(page)).toContain(`${PDF.filter_riskLevel}: ${PDF[`risk_${level as 'HIGH'}`]}`);

  // A top-10 row: that user's findings.
  await page.goto('/app/reports/dashboard');
  const top = page.getByTestId('top-risk-user').first();
  await expect(top).toBeVisible({ timeout: 15_000 });
  const holder = (await top.locator('td').nth(1).textContent())!.trim();
  await top.click();
  // The exact holder (issue 15): `holder` would also list every longer name containing it.
  await expect(page).toHaveURL(new RegExp(`/app/reports/list\\?level=USER&holderExact=${holder}$`));
  await expect(page.getByTestId('filter-holder-exact')).toContainText(holder);
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  for (const row of await rows.all()) await expect(row.locator('td').nth(1).locator('a')).toHaveText(holder);
  expect(errors).toEqual([]);
});
