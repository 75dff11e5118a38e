import { expect, test, type Page, type Request } from '@playwright/test';
import { apiToken, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

/**
 * The simulation screen's options (level, mode, a role's authorisation values) on the demo
 * customer the first start seeds (a ready system period and the shipped ruleset). The interface
 * is in Turkish, the default language. What the screen shows is checked against the API's answer
 * to the very body the screen sent.
 */


interface Answer {
  level: string;
  mode: string;
  summary: { before: number; after: number; added: number; removed: number };
  removed: { riskId: string }[];
}
interface Value {
  object: string;
  auth: string;
  field: string;
  low: string;
  high: string;
}

/** The API as the admin, on the active customer (the header the screen's own requests carry). */
async function api(page: Page) {
  const token = await apiToken(page);
  const customerId = await page.evaluate(() => sessionStorage.getItem('segra.activeCustomer'));
  expect(customerId).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}`, 'X-Customer-Id': customerId! };
  const list = async <T,>(path: string, filter: object, range: [number, number]): Promise<T[]> => {
    const r = await page.request.get(path, { headers, params: { filter: JSON.stringify(filter), range: JSON.stringify(range) } });
    expect(r.ok(), path).toBeTruthy();
    return (await r.json()) as T[];
  };
  const simulate = async (body: unknown): Promise<Answer> => {
    const r = await page.request.post('/api/simulations', { headers, data: body });
    expect(r.ok(), await r.text()).toBeTruthy();
    return (await r.json()) as Answer;
  };
  return { list, simulate };
}

/** Opens the screen on the demo period and chooses a role to simulate. */
async function openForRole(page: Page, role: string): Promise<void> {
  await page.goto('/app/simulation');
  await page.getByRole('combobox', { name: 'Sistem dönemi', exact: true }).click();
  await page.getByRole('option', { name: /^DEM / }).first().click();
  await page.getByRole('radio', { name: 'Rol', exact: true }).check();
  const holder = page.getByRole('combobox', { name: 'Rol', exact: true });
  await holder.click();
  await holder.fill(role);
  await page.getByRole('option', { name: role, exact: true }).click();
  await expect(holder).toHaveValue(role);
}

/** Runs the simulation on the screen; returns the body the screen sent. */
async function simulateOnScreen(page: Page): Promise<Record<string, unknown>> {
  const sent: Promise<Request> = page.waitForRequest((r) => r.url().endsWith('/api/simulations') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Simüle et' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  await expect(page.getByTestId('simulation-result')).toBeVisible({ timeout: 30_000 });
  return body;
}

/** The counts on the screen are the API's for the same body. */
async function expectCounts(page: Page, answer: Answer): Promise<void> {
  await expect(page.getByTestId('simulation-count-before')).toHaveText(`Önce: ${answer.summary.before}`);
  await expect(page.getByTestId('simulation-count-after')).toHaveText(`Sonra: ${answer.summary.after}`);
  await expect(page.getByTestId('simulation-count-added')).toHaveText(`Yeni: ${answer.summary.added}`);
  await expect(page.getByTestId('simulation-count-removed')).toHaveText(`Kalkan: ${answer.summary.removed}`);
}

interface RoleFinding {
  holder: string;
  riskId: string;
  functions: { action: string | null; sources: { kind: string; name: string }[][] }[];
}

test('simulates a role at action level and at permission level, showing what the API computes', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  const { list, simulate } = await api(page);
  // A role with findings in the demo analysis, so both levels have something to evaluate.
  const [finding] = await list<RoleFinding>('/api/findings', { level: ['ROLE'] }, [0, 0]);
  expect(finding).toBeTruthy();

  await openForRole(page, finding.holder);
  const levels = page.getByTestId('sim-level');
  // The server's defaults are preselected.
  await expect(levels.getByRole('radio', { name: 'Yetki seviyesi' })).toBeChecked();
  await expect(page.getByTestId('sim-mode').getByRole('radio', { name: 'Aynı yetki örneği' })).toBeChecked();

  await levels.getByRole('radio', { name: 'İşlem seviyesi' }).check();
  await expect(levels).toContainText('kritik yetki riskleri değerlendirilmez');
  const actionBody = await simulateOnScreen(page);
  expect(actionBody).toMatchObject({ role: finding.holder, level: 'action', mode: 'same-instance', addAuthorisations: [], removeAuthorisations: [] });
  const atAction = await simulate(actionBody);
  expect(atAction.level).toBe('action');
  await expectCounts(page, atAction);
  await expect(page.getByTestId('simulation-used-level')).toHaveText('Analiz seviyesi: İşlem seviyesi');

  await levels.getByRole('radio', { name: 'Yetki seviyesi' }).check();
  const permissionBody = await simulateOnScreen(page);
  expect(permissionBody).toMatchObject({ role: finding.holder, level: 'permission', mode: 'same-instance' });
  const atPermission = await simulate(permissionBody);
  await expectCounts(page, atPermission);
  await expect(page.getByTestId('simulation-used-level')).toHaveText('Analiz seviyesi: Yetki seviyesi');
  // The demo analysis ran at permission level: its finding is among the findings before.
  expect(atPermission.summary.before).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('simulation-levels.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test("removing one of a role's authorisation values removes the finding it gave", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  const { list, simulate } = await api(page);
  const [period] = await list<{ id: string }>('/api/system-periods', { status: 'ready' }, [0, 0]);
  const [riskPeriod] = await list<{ id: string }>('/api/risk-periods', { status: 'ready' }, [0, 0]);

  // Set-up through the API: a role-level finding met by one action through one single role's
  // own values, and the S_TCODE value of that action whose removal from that single role the API
  // confirms removes the risk. (A composite role's findings name the single role that gave them.)
  const findings = await list<RoleFinding>('/api/findings', { level: ['ROLE'] }, [0, 199]);
  const candidates = new Map<string, { role: string; riskId: string; action: string }>();
  for (const f of findings) {
    if (f.functions.length !== 1 || !f.functions[0].action) continue;
    const roles = new Set(f.functions[0].sources.map((p) => (p.length === 1 && p[0].kind === 'role' ? p[0].name : '')));
    if (roles.size !== 1 || roles.has('')) continue;
    const [role] = roles;
    candidates.set(`${role} ${f.riskId}`, { role, riskId: f.riskId, action: f.functions[0].action });
  }
  let chosen: { role: string; riskId: string; value: Value } | null = null;
  for (const c of [...candidates.values()].slice(0, 10)) {
    const rows = await list<Record<string, string | null>>(`/api/system-periods/${period.id}/tables/AGR_1251`, { AGR_NAME: c.role, OBJECT: 'S_TCODE', LOW: c.action, DELETED: false }, [0, 0]);
    if (rows.length === 0) continue;
    const value = { object: rows[0].OBJECT ?? '', auth: rows[0].AUTH ?? '', field: rows[0].FIELD ?? '', low: rows[0].LOW ?? '', high: rows[0].HIGH ?? '' };
    const answer = await simulate({ systemPeriodId: period.id, riskPeriodId: riskPeriod.id, role: c.role, removeAuthorisations: [value] });
    if (answer.removed.some((r) => r.riskId === c.riskId)) {
      chosen = { role: c.role, riskId: c.riskId, value };
      break;
    }
  }
  expect(chosen, 'a role finding that one S_TCODE value gives').not.toBeNull();
  const { role, riskId, value } = chosen!;

  await openForRole(page, role);
  const removal = page.getByTestId('sim-remove-values');
  await removal.getByTestId('sim-remove-search').fill(value.low);
  const row = removal.getByTestId('sim-role-value').filter({ hasText: value.object }).filter({ has: page.getByRole('cell', { name: value.low, exact: true }) }).filter({ hasText: value.auth });
  await expect(row.first()).toBeVisible({ timeout: 10_000 });
  await row.first().getByRole('checkbox').check();
  await expect(removal.getByTestId('sim-remove-chosen')).toContainText(value.low);

  const body = await simulateOnScreen(page);
  expect(body.removeAuthorisations).toEqual([value]);
  expect(body.addAuthorisations).toEqual([]);
  const answer = await simulate(body);
  await expectCounts(page, answer);
  await expect(page.getByTestId('simulation-used-remove-values')).toHaveText('Kaldırılan değerler: 1');
  await page.getByRole('tab', { name: `Kalkan (${answer.summary.removed})` }).click();
  await expect(page.getByTestId('simulation-result').getByRole('cell', { name: riskId, exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('simulation-remove-value.png'), fullPage: true });
  expect(errors).toEqual([]);
});
