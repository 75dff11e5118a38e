import { expect, test, type Page, type Request } from '@playwright/test';
import { apiToken, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

/**
 * Usage ("did-do", issue 17) in the browser, on the demo customer the first start seeds: upload
 * an SM20 export (German columns) for the demo period, run an analysis with it, see a finding's
 * execution and remediation in the drill-down, and simulate a suggested removal. The interface
 * is in Turkish, the default language.
 */

interface Finding {
  id: string;
  level: string;
  holder: string;
  riskId: string;
  functions: { functionId: string; action: string | null }[];
  execution?: string | null;
  usage?: { remediation: { kind: string; name: string; lostTcodes: number }[]; functions: { tcodes: { tcode: string }[] }[] } | null;
}

async function api(page: Page) {
  const token = await apiToken(page);
  const customerId = await page.evaluate(() => sessionStorage.getItem('segra.activeCustomer'));
  expect(customerId).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}`, 'X-Customer-Id': customerId! };
  const list = async <T,>(path: string, filter: object, range: [number, number] = [0, 999]): Promise<T[]> => {
    const r = await page.request.get(path, { headers, params: { filter: JSON.stringify(filter), range: JSON.stringify(range) } });
    expect(r.ok(), path).toBeTruthy();
    return (await r.json()) as T[];
  };
  const post = async <T,>(path: string, data: unknown): Promise<T> => {
    const r = await page.request.post(path, { headers, data });
    expect(r.ok(), await r.text()).toBeTruthy();
    return (await r.json()) as T;
  };
  return { list, post };
}

async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, disabled: false }).first().click();
}

test('upload usage, analyse with it, see execution and remediation, simulate a suggested removal', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const run = Date.now().toString(36);
  await loginAs(page);
  await pickDemoCustomer(page);
  const { list, post } = await api(page);

  // An SM20 export for users of the demo analysis: each ran the tcodes that met their findings.
  const [demo] = await list<{ id: string; systemPeriodId: string }>('/api/analyses', { name: 'Demo analysis', status: ['completed'] });
  const periods = await list<{ id: string; name: string }>('/api/system-periods', {});
  const period = periods.find((p) => p.id === demo.systemPeriodId)!;
  const userFindings = await list<Finding>('/api/findings', { analysisId: demo.id, level: ['USER'] }, [0, 199]);
  const users = [...new Set(userFindings.map((f) => f.holder))].slice(0, 25);
  const lines = ['Datum;Uhrzeit;Benutzer;Transaktionscode'];
  for (const f of userFindings) {
    if (!users.includes(f.holder)) continue;
    for (const m of f.functions) if (m.action) lines.push(`15.06.2026;10:00:00;${f.holder};${m.action}`);
  }
  expect(lines.length).toBeGreaterThan(1);

  // Sistem → Sistem dönemi: the usage upload of the demo period, followed until it is ready.
  await page.goto('/app/system/period');
  const row = page.getByTestId('system-periods').getByTestId('analysis-row').filter({ hasText: period.name });
  const usageCell = row.getByTestId('period-usage');
  await expect(usageCell.getByTestId('usage-status')).toBeVisible({ timeout: 15_000 });
  await usageCell.getByTestId('usage-upload-input').setInputFiles({ name: 'sm20.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n') });
  await expect(usageCell.getByTestId('usage-status')).toHaveText('Hazır', { timeout: 60_000 });
  await expect(usageCell.getByTestId('usage-summary')).toContainText('sm20.csv');
  await expect(usageCell.getByTestId('usage-summary')).toContainText('2026-06-15');
  await page.screenshot({ path: 'test-results/usage-uploaded.png', fullPage: true });

  // Raporlar → Analiz oluştur with the period's usage; followed until it completes; made the default.
  const name = `E2E kullanım ${run}`;
  await page.goto('/app/reports/create');
  await page.locator('input[name="name"]').fill(name);
  await choose(page, 'Sistem dönemi', period.name);
  await choose(page, 'Risk dönemi', /.+/);
  await page.getByLabel('Dönemin kullanımını kullan (yapılan)').check();
  await page.locator('input[name="usageFrom"]').fill('2026-06-01');
  await page.locator('input[name="usageTo"]').fill('2026-06-30');
  await page.getByRole('button', { name: 'Analizi başlat' }).click();
  await expect(page).toHaveURL(/\/app\/reports\/analyze-request$/);
  const newRow = page.getByTestId('analysis-row').filter({ hasText: name });
  await expect(newRow.getByTestId('analysis-status')).toHaveText('Tamamlandı', { timeout: 120_000 });
  await newRow.getByRole('button', { name: 'Varsayılan yap' }).click();
  await expect(newRow.getByText('Varsayılan', { exact: true })).toBeVisible();

  // A fully executed finding with a role whose removal alone resolves it.
  const [analysis] = await list<{ id: string; withUsage: boolean; usageFrom: string; usageTo: string }>('/api/analyses', { name });
  expect(analysis).toMatchObject({ withUsage: true, usageFrom: '2026-06-01', usageTo: '2026-06-30' });
  const full = await list<Finding>('/api/findings', { analysisId: analysis.id, execution: ['FULL'] }, [0, 499]);
  const target = full.find((f) => f.usage?.remediation.some((e) => e.kind === 'ROLE'));
  expect(target, 'a FULL finding with a role remediation').toBeTruthy();
  const role = target!.usage!.remediation.find((e) => e.kind === 'ROLE')!;

  // The findings list, filtered by execution and holder: the drill-down shows execution, used tcodes and remediation.
  await page.goto(`/app/reports/list?execution=FULL&holder=${encodeURIComponent(target!.holder)}`);
  const findingRow = page.getByTestId('findings').getByTestId('analysis-row').filter({ hasText: target!.riskId }).filter({ hasText: target!.holder }).first();
  await expect(findingRow).toBeVisible({ timeout: 15_000 });
  await expect(findingRow.getByTestId('execution-chip')).toHaveText('Tamamen yürütülmüş');
  await findingRow.click();
  const drill = page.getByTestId('finding-usage');
  await expect(drill).toBeVisible();
  await expect(drill.getByTestId('execution-chip')).toHaveText('Tamamen yürütülmüş');
  await expect(drill.getByTestId('used-tcodes')).toContainText(target!.usage!.functions[0].tcodes[0].tcode);
  await expect(drill.getByTestId('used-tcodes')).toContainText('2026-06-15');
  const option = drill.getByTestId('remediation-option').filter({ hasText: `R:${role.name}` });
  await expect(option).toBeVisible();
  await expect(option).toContainText(String(role.lostTcodes));
  await drill.getByTestId('show-plan').click();
  await expect(drill.getByTestId('remediation-plan')).toContainText(target!.holder);
  await page.screenshot({ path: 'test-results/usage-drilldown.png', fullPage: true });

  // "Simulate this removal": the simulation opens with the user and the role to remove; its result drops the risk.
  await option.getByRole('button', { name: 'Bu kaldırmayı simüle et' }).click();
  await expect(page).toHaveURL(/\/app\/simulation\?/);
  await expect(page.getByRole('combobox', { name: 'Kullanıcı', exact: true })).toHaveValue(target!.holder);
  const sent: Promise<Request> = page.waitForRequest((r) => r.url().endsWith('/api/simulations') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Simüle et' }).click();
  const body = (await sent).postDataJSON() as { user: string; removeRoles: string[]; systemPeriodId: string };
  expect(body).toMatchObject({ user: target!.holder, removeRoles: [role.name], systemPeriodId: period.id });
  await expect(page.getByTestId('simulation-result')).toBeVisible({ timeout: 30_000 });
  const answer = await post<{ removed: { riskId: string }[]; summary: { removed: number } }>('/api/simulations', body);
  expect(answer.removed.map((r) => r.riskId)).toContain(target!.riskId);
  await expect(page.getByTestId('simulation-count-removed')).toHaveText(`Kalkan: ${answer.summary.removed}`);
  await page.screenshot({ path: 'test-results/usage-simulation.png', fullPage: true });

  // The dashboard: executed vs potential.
  await page.goto('/app/reports/dashboard');
  await expect(page.getByTestId('dashboard-execution')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('execution-FULL')).toContainText(String(await countOf(list, analysis.id)));

  expect(errors).toEqual([]);
});

async function countOf(list: <T>(path: string, filter: object, range?: [number, number]) => Promise<T[]>, analysisId: string): Promise<number> {
  return (await list<Finding>('/api/findings', { analysisId, execution: ['FULL'] }, [0, 999])).length;
}
