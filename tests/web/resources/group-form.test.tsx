// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, Form, type DataProvider, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { GRANTABLE_PAGES } from '../../../src/resources/groups/group-pages.ts';
import { GroupPagesMatrix, setColumn, setPageFlag } from '../../../src/resources/groups/GroupPagesMatrix.tsx';
import { SystemInput } from '../../../src/resources/systems/SystemInput.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';

// Issue 15 item 9: the group's page permissions as one matrix saved at once; the system as a picker.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18nProvider = polyglotI18nProvider(() => catalogues.tr as unknown as TranslationMessages, 'tr');
let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
});

const systems = [
  { id: '7c1e0d4a-0000-4000-8000-000000000001', sid: 'PRD', installationNumber: '0020123456' },
  { id: '7c1e0d4a-0000-4000-8000-000000000002', sid: 'QAS', installationNumber: '0020654321' },
];
const dataProvider = {
  getList: async () => ({ data: systems, total: systems.length }),
  getMany: async (_r: string, { ids }: { ids: unknown[] }) => ({ data: systems.filter((s) => ids.includes(s.id)) }),
} as unknown as DataProvider;

async function render(node: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>{node}</AdminContext>));
}
async function settle() {
  for (let i = 0; i < 10; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}
const box = (label: string) => container!.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;

describe('page permission matrix', () => {
  const first = GRANTABLE_PAGES[0].id;
  const second = GRANTABLE_PAGES[1].id;
  it('sets and clears one flag of one page; a page without flags is dropped', () => {
    const one = setPageFlag([], second, 'view', true);
    expect(one).toEqual([{ page: second, add: false, update: false, delete: false, view: true }]);
    expect(setPageFlag(one, second, 'add', true)).toEqual([{ page: second, add: true, update: false, delete: false, view: true }]);
    expect(setPageFlag(one, second, 'view', false)).toEqual([]);
    // Pages the matrix does not show (e.g. granted earlier) are kept as they are.
    expect(setPageFlag([{ page: 'zz/other', view: true }], first, 'delete', true).map((p) => p.page)).toEqual([first, 'zz/other'].sort());
  });
  it('sets a whole column at once', () => {
    const all = setColumn([], 'view', true);
    expect(all).toHaveLength(GRANTABLE_PAGES.length);
    expect(all.every((p) => p.view && !p.add)).toBe(true);
    expect(setColumn(all, 'view', false)).toEqual([]);
  });

  it('shows every grantable page with its four flags, and the form saves the whole matrix at once', async () => {
    let saved: Record<string, unknown> | null = null;
    const record = { id: 'g1', name: 'Auditors', pages: [{ page: first, add: false, update: false, delete: false, view: true }] };
    await render(
      <Form record={record} onSubmit={(v: Record<string, unknown>) => void (saved = v)}>
        <GroupPagesMatrix />
        <button type="submit">save</button>
      </Form>,
    );
    await settle();
    expect(container!.querySelectorAll('[data-testid="group-page-row"]')).toHaveLength(GRANTABLE_PAGES.length);
    const t = (k: string) => i18nProvider.translate(k);
    const name = (id: string) => t(GRANTABLE_PAGES.find((p) => p.id === id)!.name);
    expect(box(`${name(first)}: ${t('segra.permissions.view')}`).checked).toBe(true);
    await act(async () => box(`${name(second)}: ${t('segra.permissions.add')}`).click());
    await act(async () => box(`${name(second)}: ${t('segra.permissions.view')}`).click());
    await act(async () => box(`${name(first)}: ${t('segra.permissions.delete')}`).click());
    await act(async () => (container!.querySelector('button[type="submit"]') as HTMLButtonElement).click());
    await settle();
    expect(saved).not.toBeNull();
    expect((saved!.pages as { page: string }[]).sort((a, b) => a.page.localeCompare(b.page))).toEqual(
      [
        { page: first, add: false, update: false, delete: true, view: true },
        { page: second, add: true, update: false, delete: false, view: true },
      ].sort((a, b) => a.page.localeCompare(b.page)),
    );
  });
});

describe('system picker', () => {
  it("offers the customer's systems by SID and installation number, not a raw id", async () => {
    await render(
      <Form record={{ id: 'g1', systemId: systems[1].id }} onSubmit={() => undefined}>
        <SystemInput />
      </Form>,
    );
    await settle();
    const text = container!.textContent ?? '';
    expect(text).toContain('QAS (0020654321)');
    expect(text).not.toContain(systems[1].id);
    expect(container!.querySelector('input[name="systemId"]')?.getAttribute('value') ?? (container!.querySelector('input[name="systemId"]') as HTMLInputElement | null)?.value).toBe(systems[1].id);
  });
});
