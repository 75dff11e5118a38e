import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { tr as analysisTr } from '../../src/i18n/analysis/tr.ts';
import { tr as crossTr } from '../../src/i18n/cross-system/tr.ts';
import { licenceFile } from './licence.ts';
import { apiToken, loginAs, watchConsole } from './session.ts';

/**
 * Issue 32's acceptance in the browser: a cross-system analysis of two systems (ERP and SRM of a
 * landscape `segra generate --systems 2` writes, with its planted cross-system conflicts), a
 * user mapping uploaded on the systems page, and the drill-down of a cross-system finding that
 * says which system met each function. The set-up (customer, licence, systems, periods, ruleset)
 * goes through the API; what issue 32 adds is done on screen, in Turkish.
 */

const PERIOD_DATE = '2026-06-30';

const folderZip = (dir: string): Buffer =>
  Buffer.from(zipSync(Object.fromEntries(readdirSync(dir).map((f) => [f, new Uint8Array(readFileSync(path.join(dir, f)))]))));

/** Waits until GET `url` answers a record whose status is no longer `importing` (or `empty` after an upload). */
async function waitReady(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(url, { headers })).json()) as { status: string }).status, { timeout: 120_000, intervals: [1000] })
    .toBe('ready');
}

async function pick(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a cross-system analysis of two systems shows which system met each function of a finding', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page);
  const run = Date.now().toString(36);
  const customer = `Çapraz ${run}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'segra-e2e-xs-'));
  try {
    execFileSync(process.execPath, ['bin/segra.js', 'generate', '--systems', '2', '--size', 'S', '--seed', '11', '--out', dir], { stdio: 'ignore' });

    // Set-up through the API: a customer with a licence for two installations, systems ERP and SRM, a period of each, the ruleset.
    const token = await apiToken(page);
    const auth = { Authorization: `Bearer ${token}` };
    const created = await page.request.post('/api/customers', { headers: auth, data: { name: customer } });
    expect(created.status()).toBe(201);
    const customerId = ((await created.json()) as { id: string }).id;
    const headers = { ...auth, 'X-Customer-Id': customerId };
    const installations = [
      { installationNumber: '0020123461', hwKey: 'HWKEY-XS' },
      { installationNumber: '0020123462', hwKey: 'HWKEY-XS' },
    ];
    const licence = await page.request.post('/api/licences', { headers, data: { customerId, file: licenceFile(customer, installations) } });
    expect(licence.ok(), await licence.text()).toBeTruthy();
    const periods: Record<string, string> = {};
    for (const [i, sid] of ['ERP', 'SRM'].entries()) {
      const system = await page.request.post('/api/systems', {
        headers,
        data: { sid, sapVersion: 'S/4HANA 2023', hwKey: 'HWKEY-XS', installationNumber: installations[i].installationNumber, systemNumber: '00' },
      });
      expect(system.ok(), await system.text()).toBeTruthy();
      const systemId = ((await system.json()) as { id: string }).id;
      const period = await page.request.post('/api/system-periods', { headers, data: { name: `Haziran ${sid}`, periodDate: PERIOD_DATE, systemId } });
      const periodId = ((await period.json()) as { id: string }).id;
      const upload = await page.request.post(`/api/system-periods/${periodId}/extract`, {
        headers,
        multipart: { files: { name: 'extract.zip', mimeType: 'application/zip', buffer: folderZip(path.join(dir, sid)) } },
      });
      expect(upload.status(), await upload.text()).toBe(202);
      periods[sid] = periodId;
    }
    const rules = await page.request.post('/api/risk-periods', { headers, data: { name: 'Çapraz kurallar', periodDate: PERIOD_DATE } });
    const rulesId = ((await rules.json()) as { id: string }).id;
    const rulesUpload = await page.request.post(`/api/risk-periods/${rulesId}/ruleset`, {
      headers,
      multipart: { files: { name: 'rules.zip', mimeType: 'application/zip', buffer: folderZip(path.join(dir, 'rules')) } },
    });
    expect(rulesUpload.status(), await rulesUpload.text()).toBe(202);
    for (const id of Object.values(periods)) await waitReady(page.request, `/api/system-periods/${id}`, headers);
    await waitReady(page.request, `/api/risk-periods/${rulesId}`, headers);

    await loginAs(page);
    const picker = page.getByRole('combobox', { name: 'Etkin müşteri' });
    await picker.click();
    await page.getByRole('option', { name: customer }).click();
    await expect(picker).toHaveText(customer);

    // The user mapping, on the systems page: the generated file plus a name no system has, which it names.
    await page.goto('/app/system/default');
    const userMap = page.getByTestId('user-map');
    await expect(userMap.getByText(crossTr.user_map.empty)).toBeVisible({ timeout: 20_000 });
    const mapping = `${readFileSync(path.join(dir, 'user-map.csv'), 'utf8').trimEnd()}\nERP,NOBODY_HERE,XS_PERSON9\n`;
    await userMap.locator('input[type="file"]').setInputFiles({ name: 'user-map.csv', mimeType: 'text/csv', buffer: Buffer.from(mapping) });
    await expect(userMap.getByTestId('user-map-entries')).toContainText('XS_PERSON2');
    await expect(userMap.getByTestId('user-map-warning')).toHaveText(['Kullanıcı eşlemesindeki NOBODY_HERE kullanıcısı ERP sisteminin hiçbir döneminin USR02 tablosunda yok']);
    await page.screenshot({ path: 'test-results/cross-system/user-map.png', fullPage: true });

    // Create the analysis: the ERP period, then "add system" takes SRM's (the only other system) with its period.
    const name = `Çapraz analiz ${run}`;
    await page.goto('/app/reports/create');
    await page.locator('input[name="name"]').fill(name);
    await pick(page, 'create-system-period', 'ERP · Haziran ERP');
    await page.getByTestId('add-system').click();
    await expect(page.getByTestId('other-system')).toHaveCount(1);
    await expect(page.getByTestId('other-system-0')).toContainText('SRM');
    await expect(page.getByTestId('other-system-period-0')).toContainText('Haziran SRM');
    // One period per system: nothing is left to add, and usage gives way to the per-system notice.
    await expect(page.getByTestId('add-system')).toBeDisabled();
    await expect(page.getByTestId('cross-system-notice')).toHaveText(crossTr.per_system_notice);
    await pick(page, 'create-risk-period', 'Çapraz kurallar');
    await page.screenshot({ path: 'test-results/cross-system/create.png', fullPage: true });
    await page.getByRole('button', { name: analysisTr.create.submit }).click();

    // The requests list names the systems and periods it covers; it completes; make it the customer's default.
    await expect(page).toHaveURL(/\/app\/reports\/analyze-request$/);
    const row = page.getByTestId('analysis-row').filter({ hasText: name });
    await expect(row.getByTestId('analysis-systems')).toContainText('ERP: Haziran ERP');
    await expect(row.getByTestId('analysis-systems')).toContainText('SRM: Haziran SRM');
    await expect(row.getByTestId('analysis-status')).toHaveText('Tamamlandı', { timeout: 180_000 });
    await row.getByRole('button', { name: analysisTr.default.set }).click();
    await expect(row.getByText(analysisTr.default.is_default, { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/cross-system/requests.png', fullPage: true });

    // The findings: the systems and the notice; cross-system only; the planted person's finding.
    await page.goto('/app/reports/list');
    await expect(page.getByTestId('analysis-systems-bar')).toContainText('ERP');
    await expect(page.getByTestId('analysis-systems-bar')).toContainText('SRM');
    await expect(page.getByTestId('cross-system-notice')).toBeVisible();
    await pick(page, 'filter-cross-system', crossTr.cross_system_only);
    await expect(page).toHaveURL(/crossSystem=true/);
    const rows = page.getByTestId('findings').getByTestId('analysis-row');
    await expect(rows.first()).toBeVisible({ timeout: 15_000 });
    // Every row listed is cross-system.
    await expect(rows.filter({ hasNot: page.getByTestId('cross-system-flag') })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/cross-system/findings.png', fullPage: true });

    await page.goto('/app/reports/list?holderExact=XS_PERSON2&crossSystem=true');
    const finding = rows.filter({ hasText: 'XS_SOD1' });
    await expect(finding).toHaveCount(1, { timeout: 15_000 });
    await expect(finding.getByTestId('finding-systems')).toContainText(crossTr.cross_system);
    await finding.click();
    const functions = page.getByTestId('provenance').getByTestId('drill-function');
    await expect(functions).toHaveCount(2);
    // XS_PERSON2 is XS_AMUELLER in ERP and XS_ANNA_M in SRM (the user mapping): each function names its system and user.
    const vendor = functions.filter({ hasText: 'XS_F_VEND' });
    await expect(vendor.getByTestId('function-system')).toHaveText('ERP');
    await expect(vendor.getByTestId('drill-function-system')).toContainText('ERP sisteminde XS_AMUELLER kullanıcısıyla karşılandı');
    await expect(vendor.getByTestId('source-chain').first()).toContainText('ERP/XS_AMUELLER');
    const pay = functions.filter({ hasText: 'XS_F_PAY' });
    await expect(pay.getByTestId('function-system')).toHaveText('SRM');
    await expect(pay.getByTestId('drill-function-system')).toContainText('SRM sisteminde XS_ANNA_M kullanıcısıyla karşılandı');
    await expect(pay.getByTestId('source-chain').first()).toContainText('SRM/XS_ANNA_M');
    await page.screenshot({ path: 'test-results/cross-system/drill-down.png', fullPage: true });
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
