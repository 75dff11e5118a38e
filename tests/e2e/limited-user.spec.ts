import { expect, test, type Page } from '@playwright/test';
import { tr } from '../../src/i18n/tr.ts';
import { SCREENS, rolesOf, screenPath } from '../../src/routes/route-table.ts';
import { apiToken, loginAs, watchConsole } from './session.ts';

const run = Date.now().toString(36);
const label = (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], tr) as string;

/** Creates a customer and, in it, a user (and optionally a group) through the API as SuperAdmin. */
async function setUp(page: Page, who: { role: 'Admin' | 'User'; pages?: object[] }) {
  const auth = { Authorization: `Bearer ${await apiToken(page)}` };
  const customer = await page.request.post('/api/customers', { headers: auth, data: { name: `Limited ${who.role} ${run}` } });
  expect(customer.ok()).toBeTruthy();
  const scoped = { ...auth, 'X-Customer-Id': ((await customer.json()) as { id: string }).id };
  let groupId: string | undefined;
  if (who.pages) {
    const group = await page.request.post('/api/groups', { headers: scoped, data: { name: `Group ${run}`, pages: who.pages } });
    expect(group.ok()).toBeTruthy();
    groupId = ((await group.json()) as { id: string }).id;
  }
  const user = { email: `${who.role.toLowerCase()}-${run}@example.test`, password: 'limited-pass' };
  const created = await page.request.post('/api/app-users', {
    headers: scoped,
    data: { username: `${who.role}-${run}`, email: user.email, password: user.password, role: who.role, groupId },
  });
  expect(created.ok()).toBeTruthy();
  return user;
}

/** Visits every /app route: the allowed ones show their screen, the others go to /unauthorized. */
async function tour(page: Page, allowed: (pageKey: string) => boolean) {
  for (const s of SCREENS) {
    const path = screenPath(s);
    await page.goto(path);
    if (allowed(s.pageKey)) {
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText(label(s.labelKey), { exact: true }).first(), path).toBeVisible();
    } else {
      await expect(page, path).toHaveURL(/\/unauthorized$/);
    }
  }
}

test('an Admin of a customer reaches every route but the SuperAdmin ones, which send it to /unauthorized', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const admin = await setUp(page, { role: 'Admin' });
  await loginAs(page, admin);
  const nav = page.getByRole('navigation', { name: 'Ana menü' });
  await expect(nav.getByRole('button', { name: 'Kullanıcı yönetimi' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Müşteriler' })).toHaveCount(0);
  // The licence area keeps only the counts, so it is a direct link, without the SuperAdmin upload.
  await expect(nav.getByRole('link', { name: 'Lisans sayıları' })).toBeVisible();
  await expect(page.getByText('Lisans dosyası yükleme')).toHaveCount(0);
  // No customer picker: an Admin is confined to the customer in its token.
  await expect(page.getByRole('combobox', { name: 'Etkin müşteri' })).toHaveCount(0);

  await tour(page, (key) => !SCREENS.find((s) => s.pageKey === key && rolesOf(s)));
  await page.goto('/app/customer/add/create');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByText('Bu sayfayı görüntüleme yetkiniz yok.')).toBeVisible();

  // Its own customer's screens work: add a department.
  await page.goto('/app/user/add-department/create');
  await page.locator('input[name="name"]').fill(`Satış ${run}`);
  await page.getByRole('button', { name: 'Kaydet' }).click();
  await expect(page.getByRole('cell', { name: `Satış ${run}` })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a User sees and reaches only its group’s pages; only-view hides the create action', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const user = await setUp(page, {
    role: 'User',
    pages: [
      { page: 'user/add-department', view: true },
      { page: 'system/default', view: true },
    ],
  });
  await loginAs(page, user);
  const nav = page.getByRole('navigation', { name: 'Ana menü' });
  // Single-screen areas are direct links; the demo apps are off outside demo mode (issue 15). The
  // user settings (own name and password) are every user's, whatever its group (issue 27).
  await expect(nav.getByRole('link')).toHaveText(['Gösterge paneli', tr.segra.screens.account_settings, 'Sistem oluşturma', 'Departmanlar']);
  await expect(nav.getByRole('button')).toHaveCount(0);
  await tour(page, (key) => key === 'account/settings' || key === 'user/add-department' || key === 'system/default');

  // The user menu offers them too, and the own password changes there.
  await page.getByRole('button', { name: tr.ra.auth.user_menu }).click();
  await page.getByRole('menuitem', { name: tr.segra.screens.account_settings }).click();
  await expect(page).toHaveURL(/\/app\/account\/settings$/);
  await page.getByLabel(tr.segra.account.current_password).fill(user.password);
  await page.getByLabel(tr.segra.account.new_password, { exact: true }).fill('limited-pass-2');
  await page.getByLabel(tr.segra.account.confirm_password).fill('limited-pass-2');
  await page.getByRole('button', { name: tr.segra.account.change }).click();
  await expect(page.getByText(tr.segra.account.changed)).toBeVisible();

  await page.goto('/app/user/add-department');
  await expect(page.getByTestId('no-data')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Oluştur', exact: true })).toHaveCount(0);
  await page.goto('/app/user/add-department/create');
  await expect(page).toHaveURL(/\/unauthorized$/);
  expect(errors).toEqual([]);
});
