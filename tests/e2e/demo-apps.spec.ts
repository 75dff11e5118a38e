import { expect, test, type Page } from '@playwright/test';
import { tr } from '../../src/i18n/apps/tr.ts';
import { loginAs, watchConsole } from './session.ts';

// The demo apps (issue 6) in Turkish, the default language: each screen loads through the
// in-browser mock and performs its main action. A page load resets the mock's state.

/** A 1×1 PNG, to attach in the chat. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function openApp(page: Page, name: keyof typeof tr.menu) {
  await loginAs(page);
  // Off by default outside demo mode (issue 15): turned on as in the settings panel.
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('segra.settings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('segra.settings', JSON.stringify({ ...saved, demoApps: true }));
  });
  await page.goto(`/app/apps/${name}`);
  await expect(page.getByRole('heading', { level: 1, name: tr.menu[name] })).toBeVisible();
}

const dialog = (page: Page) => page.getByRole('dialog');

let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = watchConsole(page);
});
test.afterEach(() => {
  expect(errors).toEqual([]);
});

test('calendar: month and week views, create, edit and delete an event', async ({ page }) => {
  await openApp(page, 'calendar');
  await expect(page.getByRole('gridcell').first()).toBeVisible();
  expect(await page.getByRole('gridcell').count()).toBe(42);

  await page.getByRole('button', { name: tr.calendar.add_event }).click();
  await dialog(page).getByLabel(tr.calendar.event_title).fill('E2E toplantısı');
  await dialog(page).getByRole('button', { name: tr.common.save }).click();
  const chip = page.getByRole('button', { name: 'E2E toplantısı' });
  await expect(chip).toBeVisible();

  await page.getByRole('button', { name: tr.calendar.week }).click();
  expect(await page.getByRole('gridcell').count()).toBe(7);
  await expect(chip).toBeVisible(); // added today, so in this week

  await chip.click();
  await dialog(page).getByLabel(tr.calendar.event_title).fill('E2E toplantısı (taşındı)');
  await dialog(page).getByRole('button', { name: tr.common.save }).click();
  await expect(page.getByRole('button', { name: 'E2E toplantısı (taşındı)' })).toBeVisible();

  await page.getByRole('button', { name: 'E2E toplantısı (taşındı)' }).click();
  await dialog(page).getByRole('button', { name: tr.common.delete }).click();
  await expect(page.getByRole('button', { name: 'E2E toplantısı (taşındı)' })).toHaveCount(0);
});

test('chat: reading clears unread, sending text and a picture moves the conversation to the top', async ({ page }) => {
  await openApp(page, 'chat');
  const list = page.getByRole('list', { name: tr.chat.conversations });
  await expect(list.getByRole('button')).toHaveCount(10);
  const mehmet = list.getByRole('button', { name: /Mehmet Demir/ });
  await expect(mehmet.getByLabel(/okunmamış/)).toBeVisible();

  await mehmet.click();
  await expect(mehmet.getByLabel(/okunmamış/)).toHaveCount(0);

  // Pick one further down, so that moving to the top is visible.
  await list.getByRole('button', { name: /Deniz Koç/ }).click();
  await page.getByLabel(tr.chat.type_message).fill('Merhaba, E2E');
  await page.getByRole('button', { name: tr.chat.send }).click();
  await expect(page.getByRole('log').getByText('Merhaba, E2E')).toBeVisible();
  await expect(list.getByRole('button').first()).toContainText('Deniz Koç');

  await page.getByTestId('chat-attachments').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
  await expect(page.getByRole('log').getByRole('img', { name: tr.chat.attachment })).toHaveCount(1);
});

test('contacts: search, sort, page, create, edit and delete', async ({ page }) => {
  await openApp(page, 'contacts');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: 'Sayfa 2', exact: true }).click();
  await expect(rows).toHaveCount(6);

  await page.getByLabel(tr.common.search).fill('AUDITOR');
  await expect(rows).toHaveCount(2); // case-insensitive on the position

  await page.getByLabel(tr.common.search).fill('');
  await page.getByRole('button', { name: tr.contacts.name }).click();
  await page.getByRole('button', { name: tr.contacts.name }).click(); // descending
  await expect(rows.first()).toContainText('Zeynep Arslan');

  await page.getByRole('button', { name: tr.contacts.add }).click();
  await dialog(page).getByLabel(tr.contacts.name).fill('Deniz E2E');
  await dialog(page).getByLabel(tr.contacts.email).fill('yanlis');
  await dialog(page).getByRole('button', { name: tr.common.save }).click();
  await expect(dialog(page).getByText(tr.contacts.email_invalid)).toBeVisible();
  await dialog(page).getByLabel(tr.contacts.email).fill('deniz.e2e@example.com');
  await dialog(page).getByRole('button', { name: tr.common.save }).click();

  await page.getByLabel(tr.common.search).fill('Deniz E2E');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: tr.common.edit }).click();
  await dialog(page).getByLabel(tr.contacts.position).fill('Denetçi');
  await dialog(page).getByRole('button', { name: tr.common.save }).click();
  await expect(rows.first()).toContainText('Denetçi');

  await rows.first().getByRole('button', { name: tr.common.delete }).click();
  await dialog(page).getByRole('button', { name: tr.common.delete }).click();
  await expect(page.getByText(tr.common.no_data)).toBeVisible();
});

test('mailbox: folders, star, read, tags, move to trash and compose', async ({ page }) => {
  await openApp(page, 'mailbox');
  const threads = page
    .getByRole('list', { name: tr.mailbox.threads })
    .getByRole('button', { name: /Quarterly access review|SoD conflict/ });
  await expect(threads.first()).toBeVisible();

  const second = page.getByRole('list', { name: tr.mailbox.threads }).locator('> *').nth(1);
  await second.getByRole('button', { name: tr.mailbox.star }).click();
  await page.getByRole('button', { name: tr.mailbox.starred }).click();
  await expect(page.getByText('SoD conflict in FI')).toBeVisible();

  await page.getByText('SoD conflict in FI').click();
  await expect(page.getByRole('heading', { name: 'SoD conflict in FI' })).toBeVisible();
  await expect(page.getByLabel(tr.mailbox.attachments)).toContainText('report.xlsx');
  const tags = page.getByRole('group', { name: tr.mailbox.tags });
  await tags.getByRole('button', { name: tr.values.mail_tag.urgent }).click();
  await expect(tags.getByRole('button', { name: tr.values.mail_tag.urgent })).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('group', { name: tr.mailbox.move_to })
    .getByRole('button', { name: tr.values.folder.trash })
    .click();

  await page
    .getByRole('navigation', { name: tr.mailbox.folders })
    .getByRole('button', { name: tr.values.folder.trash })
    .click();
  await expect(page.getByText('SoD conflict in FI')).toBeVisible();

  await page.getByRole('button', { name: tr.mailbox.compose }).click();
  await dialog(page).getByLabel(tr.mailbox.to).fill('denetim@example.com');
  await dialog(page).getByLabel(tr.mailbox.subject).fill('E2E konu');
  await dialog(page).getByLabel(tr.mailbox.message).fill('Merhaba');
  await dialog(page).getByRole('button', { name: tr.mailbox.send }).click();
  await expect(page.getByText('E2E konu')).toBeVisible(); // shown in the sent folder
});

test('tasks: add, complete, flag as deleted and remove for good', async ({ page }) => {
  await openApp(page, 'tasks');
  await expect(page.getByText('Review FI roles')).toBeVisible();

  await page.getByRole('button', { name: tr.tasks.add }).click();
  await dialog(page).getByLabel(tr.tasks.title).fill('E2E görevi');
  await dialog(page).getByLabel(tr.values.task_tag.urgent).check();
  await dialog(page).getByRole('button', { name: tr.common.save }).click();
  const task = page.getByRole('listitem').filter({ hasText: 'E2E görevi' });
  await expect(task).toBeVisible();

  await task.getByRole('checkbox').click(); // done: the task leaves the Active tab
  await expect(task).toHaveCount(0);
  await page.getByRole('tab', { name: new RegExp(tr.values.task_status.done) }).click();
  await expect(task).toBeVisible();

  await task.getByRole('button', { name: tr.common.delete }).click();
  await page.getByRole('tab', { name: new RegExp(tr.tasks.deleted) }).click();
  await expect(task).toBeVisible();
  await task.getByRole('button', { name: tr.tasks.delete_forever }).click();
  await dialog(page).getByRole('button', { name: tr.common.delete }).click();
  await expect(task).toHaveCount(0);
});

test('products: search by name, description and category', async ({ page }) => {
  await openApp(page, 'products');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(12);
  await page.getByLabel(tr.common.search).fill('sesame');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Seeded Multigrain');
  await page.getByLabel(tr.common.search).fill('s'); // one character: ignored
  await expect(cards).toHaveCount(12);
});

test('data table: search, sort, page size, paging, add, edit and delete', async ({ page }) => {
  await openApp(page, 'datatable');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(10);

  await page.getByLabel(tr.common.entries_per_page).click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(rows).toHaveCount(25);
  await page.getByRole('button', { name: 'Sayfa 3', exact: true }).click();
  await expect(rows).toHaveCount(10);

  await page.getByLabel(tr.common.search).fill('Bagel');
  await expect(rows).toHaveCount(6);
  await page.getByRole('button', { name: tr.datatable.sales }).click();
  const sales = (await rows.locator('td:nth-child(4)').allTextContents()).map(Number);
  expect(sales).toEqual([...sales].sort((a, b) => a - b));

  await page.getByRole('button', { name: tr.datatable.add }).click();
  await dialog(page).getByLabel(tr.datatable.name).fill('E2E Bagel');
  await dialog(page).getByLabel(tr.datatable.sales).fill('1');
  await dialog(page).getByLabel(tr.datatable.stock).fill('2');
  await dialog(page).getByRole('button', { name: tr.common.save }).click();
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText('E2E Bagel'); // the lowest sales, sorted first

  await rows.first().getByRole('button', { name: tr.common.edit }).click();
  await dialog(page).getByLabel(tr.datatable.stock).fill('99');
  await dialog(page).getByRole('button', { name: tr.common.save }).click();
  await expect(rows.first()).toContainText('99');

  await rows.first().getByRole('button', { name: tr.common.delete }).click();
  await dialog(page).getByRole('button', { name: tr.common.delete }).click();
  await expect(rows).toHaveCount(6);
});
