import { expect, test } from '@playwright/test';
import { apiToken, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

interface BasisRun {
  status: string | null;
  ran: boolean;
  findings: number;
  checks: { id: string; findings: number }[];
}

/**
 * The basis analysis in the browser: the run is a queued job that the screen follows to the
 * end, then the counts and the export are those of the stored run.
 */
test('the basis checks run in the background and the screen shows the stored results', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  await page.goto('/app/report/basis');
  const runButton = page.getByRole('button', { name: 'Şimdi çalıştır' });
  await expect(runButton).toBeEnabled();
  await expect(page.getByText('Temel kontroller bu dönemde henüz çalıştırılmadı.')).toBeVisible();

  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/system-periods\/[\w-]+\/basis$/.test(r.url()));
  await runButton.click();
  const answer = await posted;
  // Queued, not run inside the request.
  expect(answer.status()).toBe(202);
  expect(((await answer.json()) as BasisRun).status).toBe('enqueued');
  await expect(page.getByRole('button', { name: 'Çalışıyor…' })).toBeDisabled();

  const lastRun = page.getByTestId('basis-last-run');
  await expect(lastRun).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Temel kontroller çalıştırıldı')).toBeVisible();
  await expect(runButton).toBeEnabled();

  const token = await apiToken(page);
  const customerId = await page.evaluate(() => sessionStorage.getItem('segra.activeCustomer'));
  const headers = { Authorization: `Bearer ${token}`, 'X-Customer-Id': customerId! };
  const run = (await (await page.request.get(new URL(answer.url()).pathname, { headers })).json()) as BasisRun;
  expect(run).toMatchObject({ status: 'completed', ran: true });
  expect(run.findings).toBeGreaterThan(0);
  await expect(lastRun).toContainText(`${run.findings} bulgu`);
  // Every check's count on screen is the stored one.
  for (const check of run.checks.filter((c) => c.findings > 0)) {
    await expect(page.getByRole('row').filter({ hasText: check.id }).first()).toContainText(String(check.findings));
  }
  const csv = await (await page.request.get(`${new URL(answer.url()).pathname}/export?format=csv`, { headers })).text();
  expect(csv.split('\n')[0]).toBe('CHECK_ID,ID,DETAIL');
  expect(csv.trimEnd().split('\n')).toHaveLength(run.findings + 1);
  await page.screenshot({ path: test.info().outputPath('basis.png'), fullPage: true });
  expect(errors).toEqual([]);
});
