import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@segra.local', password: 'e2e-secret' };

/** Logs in through the login page and waits for the dashboard. */
export async function loginAs(page: Page, who: { email: string; password: string } = ADMIN): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-posta').fill(who.email);
  await page.getByLabel('Parola').fill(who.password);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(page).toHaveURL(/\/dashboards\/default$/);
}

/**
 * Collects console errors and uncaught page errors. `allow` lists substrings of expected
 * messages (e.g. the browser logging a refused login as a failed 401 resource).
 */
export function watchConsole(page: Page, allow: string[] = []): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !allow.some((a) => m.text().includes(a))) errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

/** Logs in through the API and returns the token (for API set-up steps). */
export async function apiToken(page: Page, who = ADMIN): Promise<string> {
  const r = await page.request.post('/api/auth/login', { data: who });
  expect(r.ok()).toBeTruthy();
  return ((await r.json()) as { token: string }).token;
}

/**
 * Client-side navigation (no page load). Used for the mailed reset link: loaded directly, the
 * server currently answers a path ending in ".tld" (the e-mail) with a JSON 404 (see
 * routes.spec.ts), so the form is reached the way an in-app link would.
 */
export async function spaGoto(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The customer the first start seeds (DESIGN 6), with a system, a period, a ruleset and an analysis. */
export const DEMO_CUSTOMER = 'Demo Sanayi A.Ş.';

/** Makes the seeded demo customer the SuperAdmin's active customer (top bar picker). */
export async function pickDemoCustomer(page: Page): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Etkin müşteri' });
  if ((await picker.textContent())?.includes(DEMO_CUSTOMER)) return;
  await picker.click();
  await page.getByRole('option', { name: DEMO_CUSTOMER }).click();
  await expect(picker).toHaveText(DEMO_CUSTOMER);
}
