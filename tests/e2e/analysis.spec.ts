import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { tr as analysisTr } from '../../src/i18n/analysis/tr.ts';
import { loginAs, pickDemoCustomer, watchConsole } from './session.ts';

const { requests } = analysisTr;

/**
 * The analysis job in the browser (issue 5), on the demo customer the first start seeds
 * (DESIGN 6: a system, an imported period, the shipped ruleset and the completed "Demo analysis").
 * The interface is in Turkish, the default language.
 */

const DEMO_ANALYSIS = 'Demo analysis';

/** Picks an option of an MUI select by the select's label. */
async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, disabled: false }).first().click();
}

/** Types into an autocomplete and takes its first suggestion; returns the value taken. */
async function autocomplete(page: Page, label: string, text: string): Promise<string> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(text);
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible({ timeout: 10_000 });
  const value = (await option.textContent()) ?? '';
  await option.click();
  return value;
}

test('SuperAdmin reviews the demo analysis, accepts a risk, runs, compares and simulates', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const run = Date.now().toString(36);
  await loginAs(page);
  await pickDemoCustomer(page);

  // Analysis requests: the demo analysis is completed; make it the default analysis.
  await page.goto('/app/reports/analyze-request');
  const demoRow = page.getByTestId('analysis-row').filter({ hasText: DEMO_ANALYSIS });
  await expect(demoRow.getByTestId('analysis-status')).toHaveText('Tamamlandı');
  await expect(demoRow.getByRole('button', { name: 'İptal et' })).toHaveCount(0);
  await demoRow.getByRole('button', { name: 'Varsayılan yap' }).click();
  await expect(demoRow.getByText('Varsayılan', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/analysis-requests.png', fullPage: true });

  // Risk analysis list: findings of the default analysis and the drill-down to roles and authorisations.
  await page.goto('/app/reports/list');
  await expect(page.getByTestId('shown-analysis-required')).toHaveCount(0);
  const first = page.getByTestId('findings').getByTestId('analysis-row').first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  await first.click();
  const drill = page.getByTestId('provenance');
  await expect(drill).toBeVisible();
  await expect(drill.getByText('Karşılayan işlem').first()).toBeVisible();
  await expect(drill.getByText(/(rol|profil) /).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/analysis-findings-drilldown.png', fullPage: true });

  // Accept that finding's risk (the approval page opens with the risk and holder filled in).
  await page.getByRole('button', { name: 'Bu riski kabul et' }).click();
  await expect(page).toHaveURL(/\/app\/reports\/risk\?/);
  const riskId = await page.locator('input[name="riskId"]').inputValue();
  expect(riskId).not.toBe('');
  await page.locator('input[name="message"]').fill(`E2E kabul ${run}`);
  await page.getByRole('button', { name: 'Riski kabul et' }).click();
  await expect(page.getByText('Risk kabul edildi')).toBeVisible();
  const acceptance = page.getByTestId('acceptances').getByTestId('analysis-row').filter({ hasText: `E2E kabul ${run}` });
  await expect(acceptance).toContainText(riskId);
  await expect(acceptance).toContainText('admin@segra.local');
  await page.screenshot({ path: 'test-results/analysis-risk-accepted.png', fullPage: true });
  // The finding now counts as accepted in the list of the default analysis.
  await page.goto('/app/reports/list');
  await choose(page, 'Kabul', 'Kabul edildi');
  await expect(page.getByTestId('findings').getByTestId('analysis-row').filter({ hasText: riskId }).first()).toBeVisible({ timeout: 15_000 });
  // Remove the acceptance again, after the spec's confirmation.
  await page.goto('/app/reports/risk');
  await acceptance.getByRole('button', { name: 'Sil' }).click();
  await expect(page.getByText('Silmek istediğinizden emin misiniz?')).toBeVisible();
  await page.getByRole('button', { name: 'Onayla' }).click();
  await expect(acceptance).toHaveCount(0);

  // Reports dashboard of the default analysis: charts and the top 10 high-risk users.
  await page.goto('/app/reports/dashboard');
  await expect(page.getByTestId('reports-dashboard')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Risk seviyesine göre bulgular')).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-top-users')).toBeVisible();
  await page.screenshot({ path: 'test-results/analysis-dashboard.png', fullPage: true });

  // A new analysis of the same periods, followed until it completes.
  const name = `E2E analiz ${run}`;
  await page.goto('/app/reports/create');
  await page.locator('input[name="name"]').fill(name);
  await choose(page, 'Sistem dönemi', /^DEM /);
  await choose(page, 'Risk dönemi', /.+/);
  await page.getByRole('button', { name: 'Analizi başlat' }).click();
  await expect(page).toHaveURL(/\/app\/reports\/analyze-request$/);
  const newRow = page.getByTestId('analysis-row').filter({ hasText: name });
  await expect(newRow.getByTestId('analysis-status')).toHaveText('Tamamlandı', { timeout: 90_000 });
  await page.screenshot({ path: 'test-results/analysis-completed.png', fullPage: true });

  // Comparison: the message until both are chosen, then the summary.
  await page.goto('/app/reports/compare');
  await expect(page.getByText('Karşılaştırma için her iki risk sonucu da seçilmelidir')).toBeVisible();
  await choose(page, 'Birinci (eski) analiz', new RegExp(`^${DEMO_ANALYSIS}`));
  await expect(page.getByTestId('compare-required')).toBeVisible();
  await choose(page, 'İkinci (yeni) analiz', new RegExp(`^${name}`));
  await expect(page.getByTestId('compare-summary')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('compare-summary')).toContainText('Değişmedi');
  await page.screenshot({ path: 'test-results/analysis-compare.png', fullPage: true });

  // Simulation: add a role to a user of the period.
  await page.goto('/app/simulation');
  await choose(page, 'Sistem dönemi', /^DEM /);
  const user = await autocomplete(page, 'Kullanıcı', '');
  expect(user).not.toBe('');
  await autocomplete(page, 'Eklenecek roller', 'Z');
  await page.getByRole('button', { name: 'Simüle et' }).click();
  await expect(page.getByTestId('simulation-result')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('simulation-timings')).toContainText('Toplam');
  await page.screenshot({ path: 'test-results/analysis-simulation.png', fullPage: true });

  expect(errors).toEqual([]);
});

test('SuperAdmin exports and uploads a ruleset and uploads an extract, following the imports', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const run = Date.now().toString(36);
  await loginAs(page);
  await pickDemoCustomer(page);

  // Risk period: export the demo ruleset as a .zip, create a period and upload the file into it.
  await page.goto('/app/risk/period');
  const demoRules = page.getByTestId('risk-periods').getByTestId('analysis-row').first();
  await expect(demoRules.getByTestId('period-status')).toHaveText('Hazır');
  const [download] = await Promise.all([page.waitForEvent('download'), demoRules.getByRole('button', { name: 'ZIP dışa aktar' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = await download.path();
  const rulesName = `E2E kural ${run}`;
  await page.getByRole('button', { name: 'Oluştur' }).click();
  await page.locator('input[name="name"]').fill(rulesName);
  await page.getByRole('button', { name: 'Kaydet' }).click();
  const rulesRow = page.getByTestId('risk-periods').getByTestId('analysis-row').filter({ hasText: rulesName });
  await expect(rulesRow.getByTestId('period-status')).toHaveText('Veri yok');
  await rulesRow.getByTestId('upload-input').setInputFiles({ name: 'ruleset.zip', mimeType: 'application/zip', buffer: readFileSync(zip) });
  await expect(rulesRow.getByTestId('period-status')).toHaveText('Hazır', { timeout: 60_000 });

  // System period: upload several table files of a generated extract; the status follows the import.
  const dir = mkdtempSync(path.join(tmpdir(), 'segra-e2e-'));
  execFileSync(process.execPath, ['bin/segra.js', 'generate', '--size', 'S', '--out', dir, '--seed', '7'], { stdio: 'ignore' });
  const tables = readdirSync(path.join(dir, 'system')).map((f) => path.join(dir, 'system', f));
  const periodName = `E2E dönem ${run}`;
  await page.goto('/app/system/period');
  await page.getByRole('button', { name: 'Oluştur' }).click();
  await page.locator('input[name="name"]').fill(periodName);
  await choose(page, 'Sistem', 'DEM');
  await page.getByRole('button', { name: 'Kaydet' }).click();
  const periodRow = page.getByTestId('system-periods').getByTestId('analysis-row').filter({ hasText: periodName });
  await expect(periodRow.getByTestId('period-status')).toHaveText('Veri yok');
  await periodRow.getByTestId('upload-input').setInputFiles(tables);
  // Chromium reads the chosen files only when the upload sends them: keep them until the import is done.
  await expect(periodRow.getByTestId('period-status')).toHaveText('Hazır', { timeout: 90_000 });
  rmSync(dir, { recursive: true, force: true });
  await page.screenshot({ path: 'test-results/analysis-period-imported.png', fullPage: true });

  // Its data is browsable: users of USR02 with search.
  await page.goto('/app/system/modules');
  await choose(page, 'Sistem dönemi', periodName);
  await expect(page.getByTestId('table-USR02').getByTestId('analysis-row').first()).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('table-USR02').getByLabel('Ara').fill('DDIC');
  await expect(page.getByTestId('table-USR02').getByTestId('analysis-row')).toHaveCount(1);

  // A broken file: the import fails and says where (file, line, column).
  await page.goto('/app/system/period');
  await periodRow.getByTestId('upload-input').setInputFiles({ name: 'USR02.csv', mimeType: 'text/csv', buffer: Buffer.from('BNAME;USTYP;UFLAG\nALICE;A;not-a-number\n') });
  await expect(periodRow.getByTestId('period-status')).toHaveText('Yükleme başarısız', { timeout: 60_000 });
  // In the UI's language (issue 15): the place in Turkish words, then the problem.
  await expect(periodRow.getByTestId('import-error')).toContainText(/USR02\.csv, satır 2/);
  await page.screenshot({ path: 'test-results/analysis-import-failed.png', fullPage: true });

  expect(errors).toEqual([]);
});

test('the cancel dialog of a running analysis says what each button does (issue 27)', async ({ page }) => {
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  // A running analysis, as the list shows one: a real run of the demo data ends before a click.
  const running = {
    id: '0f0f0f0f-0000-4000-8000-00000000000a',
    customerId: null,
    name: 'Uzun analiz',
    description: '',
    systemPeriodId: 'sp',
    riskPeriodId: 'rp',
    level: 'permission',
    mode: 'same-instance',
    status: 'running',
    progress: 40,
    phase: 'evaluating',
    error: null,
    counts: null,
    createdBy: 'admin@segra.local',
    createdAt: new Date().toISOString(),
    startedAt: new Date().toISOString(),
    finishedAt: null,
  };
  let cancels = 0;
  await page.route(/\/api\/analyses\?/, (route) =>
    route.fulfill({ json: [running], headers: { 'Content-Range': 'analyses 0-0/1', 'Access-Control-Expose-Headers': 'Content-Range' } }),
  );
  await page.route(/\/api\/analyses\/[^/]+\/cancel$/, (route) => {
    cancels += 1;
    return route.fulfill({ json: { ...running, status: 'canceled' } });
  });
  await page.goto('/app/reports/analyze-request');
  const row = page.getByTestId('analysis-row').filter({ hasText: 'Uzun analiz' });
  await row.getByRole('button', { name: requests.cancel }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button')).toHaveText([requests.cancel_keep, requests.cancel_do]);
  await page.screenshot({ path: 'test-results/analysis-cancel-dialog.png' });
  // "Vazgeç" leaves the analysis running.
  await dialog.getByRole('button', { name: requests.cancel_keep }).click();
  await expect(dialog).toHaveCount(0);
  expect(cancels).toBe(0);
  await row.getByRole('button', { name: requests.cancel }).click();
  await page.getByRole('dialog').getByRole('button', { name: requests.cancel_do }).click();
  await expect(page.getByText(requests.canceled)).toBeVisible();
  expect(cancels).toBe(1);
  expect(errors).toEqual([]);
});
