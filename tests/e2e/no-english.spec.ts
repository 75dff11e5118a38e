import { expect, test, type Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { sampleNotifications } from '../../src/demo/apps-mock/sample-data/notifications.ts';
import { SCREENS, screenPath } from '../../src/routes/route-table.ts';
import { apiToken, loginAs, pickDemoCustomer, watchConsole } from './session.ts';

// Issue 15 items 7 and 8, in the browser: the Turkish and German screens hold no English
// message, and the bell shows the user's own events from the server.

type Lang = 'tr' | 'de';
const LANGUAGE_NAME: Record<Lang, string> = { tr: 'Türkçe', de: 'Deutsch' };

function leaves(o: unknown, prefix = ''): [string, string][] {
  if (typeof o === 'string') return [[prefix, o]];
  if (typeof o !== 'object' || o === null) return [];
  return Object.entries(o).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const valueAt = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);
const label = (lang: Lang | 'en', key: string) => valueAt(catalogues[lang], key) as string;

/**
 * English the screens must not show in `lang`: every English UI phrase of the catalogue (two
 * words or more, without placeholders) that the language says otherwise, the sample alerts,
 * and what untranslated parts said before (MUI's paging, the server's words). The basis check
 * titles count on the basis screen only: a ruleset's own function texts may read the same.
 */
function englishOf(lang: Lang, basis: boolean): { phrases: string[]; patterns: RegExp[] } {
  const own = new Map(leaves(catalogues[lang]));
  const phrases = leaves(catalogues.en)
    .filter(([k]) => k.startsWith('segra.') && (basis || !k.startsWith('segra.basis_checks.')))
    .filter(([k, v]) => !v.includes('%{') && v.trim().split(/\s+/).length >= 2 && v.length >= 10 && own.get(k) !== v)
    .map(([, v]) => v);
  phrases.push(...sampleNotifications.map((n) => n.title));
  const patterns = [
    /\d[–-]\d+ of \d/, // MUI's paging
    /Rows per page/,
    /\b(?:Authentication required|Not found|No route|is required|must be|cannot be|not valid|failed because)\b/,
    /\b(?:Go to (?:next|previous) page)\b/,
  ];
  return { phrases: [...new Set(phrases)], patterns };
}

async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: LANGUAGE_NAME[lang] }).click();
  await expect(page.getByTestId('language-switcher')).toHaveText(lang.toUpperCase());
}

/** The English found in the page's visible text (and its labels), for the report. */
async function englishOn(page: Page, lang: Lang, basis = false): Promise<string[]> {
  const { phrases, patterns } = englishOf(lang, basis);
  const text = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[title],[placeholder]')].flatMap((e) => ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''));
    return `${document.body.innerText}\n${labels.join('\n')}`;
  });
  return [...phrases.filter((p) => text.includes(p)).map((p) => `"${p}"`), ...patterns.filter((r) => r.test(text)).map((r) => `${r} → ${text.match(r)![0]}`)];
}

let systemPeriodId = '';
let headers: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await loginAs(page);
  await pickDemoCustomer(page);
  const token = await apiToken(page);
  const customerId = await page.evaluate(() => sessionStorage.getItem('segra.activeCustomer'));
  headers = { Authorization: `Bearer ${token}`, 'X-Customer-Id': customerId! };
  const periods = (await (await page.request.get('/api/system-periods', { headers })).json()) as { id: string; status: string }[];
  systemPeriodId = periods.find((p) => p.status === 'ready')!.id;
  // The basis screen shows its catalogue once a run has completed.
  expect((await page.request.post(`/api/system-periods/${systemPeriodId}/basis`, { headers })).status()).toBe(202);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/system-periods/${systemPeriodId}/basis`, { headers })).json()) as { status: string }).status, { timeout: 90_000 })
    .toBe('completed');
  await page.close();
});

test('the bell shows the user’s own import failure from the server, in Turkish, and opens its screen', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  await loginAs(page);
  await pickDemoCustomer(page);
  const systems = (await (await page.request.get('/api/systems', { headers })).json()) as { id: string }[];
  const created = await page.request.post('/api/system-periods', { headers, data: { name: 'E2E bozuk', periodDate: '2026-10-31', systemId: systems[0].id } });
  expect(created.status()).toBe(201);
  const period = (await created.json()) as { id: string };
  const upload = await page.request.post(`/api/system-periods/${period.id}/extract`, {
    headers,
    multipart: { files: { name: 'extract.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync({ 'USR02.csv': new TextEncoder().encode('MANDT,BNAME\n100\n') })) } },
  });
  expect(upload.status()).toBe(202);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/system-periods/${period.id}`, { headers })).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('failed');

  await page.reload();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Bildirimler');
  await expect(page.getByTestId('notification-count')).toContainText(/[1-9]/, { timeout: 40_000 });
  await bell.click();
  const item = page.getByRole('menuitem').filter({ hasText: '"E2E bozuk" sistem döneminin yüklemesi başarısız oldu' });
  await expect(item).toBeVisible();
  for (const sample of sampleNotifications) await expect(page.getByText(sample.title)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('bell-tr.png') });
  await item.click();
  await expect(page).toHaveURL(/\/app\/system\/period$/);
  // The import error in Turkish words: the place, then the problem.
  await expect(page.getByTestId('import-error').filter({ hasText: 'satır' }).first()).toBeVisible();
  const list = (await (await page.request.get('/api/notifications', { headers })).json()) as { data: { kind: string; params: { name: string }; read: boolean }[] };
  expect(list.data.find((n) => n.kind === 'import.failed' && n.params.name === 'E2E bozuk')?.read).toBe(true);
  expect(errors).toEqual([]);
});

for (const lang of ['tr', 'de'] as const) {
  test(`the ${lang === 'tr' ? 'Turkish' : 'German'} screens hold no English message`, async ({ page }) => {
    test.setTimeout(240_000);
    const errors = watchConsole(page);
    await loginAs(page);
    await pickDemoCustomer(page);
    await chooseLanguage(page, lang);
    const found: string[] = [];
    const paths = ['/dashboards/default', ...SCREENS.map(screenPath)];
    for (const path of paths) {
      await page.goto(path);
      const screen = SCREENS.find((s) => screenPath(s) === path);
      if (screen) await expect(page.getByText(label(lang, screen.labelKey), { exact: true }).first(), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (path === '/app/report/basis') await expect(page.getByText(label(lang, 'segra.basis_checks.C01.title')).first()).toBeVisible();
      for (const hit of await englishOn(page, lang, path === '/app/report/basis')) found.push(`${path}: ${hit}`);
    }
    // The bell's menu too.
    await page.getByTestId('notification-bell').click();
    for (const hit of await englishOn(page, lang)) found.push(`bell: ${hit}`);
    await page.screenshot({ path: test.info().outputPath(`bell-${lang}.png`) });
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the demo apps are off outside demo mode until turned on in the settings', async ({ page }) => {
  const errors = watchConsole(page);
  await loginAs(page);
  const nav = page.getByRole('navigation', { name: 'Ana menü' });
  await expect(nav.getByRole('button', { name: 'Uygulamalar' })).toHaveCount(0);
  await page.goto('/app/apps/calendar');
  await expect(page).toHaveURL(/\/page-not-found$/);
  await page.goto('/dashboards/default');
  await page.getByRole('button', { name: 'Tema ayarları' }).click();
  await page.getByTestId('setting-demoApps').click();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('button', { name: 'Uygulamalar' })).toBeVisible();
  await page.goto('/app/apps/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Takvim' })).toBeVisible();
  expect(errors).toEqual([]);
});
