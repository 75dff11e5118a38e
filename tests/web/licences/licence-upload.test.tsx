// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, ResourceContextProvider, type DataProvider, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { tr } from '../../../src/i18n/licences/tr.ts';
import { setActiveCustomer } from '../../../src/providers/customer-scope.ts';
import { LicenceCreate } from '../../../src/resources/licences/index.tsx';

/*
 * Issue 27 item 4: the licence upload takes the file `segra licence sign` writes whatever its
 * name (a .lic was silently dropped by the picker, which accepted .json only), and a file that
 * cannot be a licence is refused with the reason, not dropped.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CUSTOMER = '7c1e0d4a-0000-4000-8000-00000000000c';
const LICENCE = { payload: { customerName: 'Acme', systems: [{ installationNumber: '0020123456', hwKey: 'HW-1' }], users: 5, expiresOn: '2999-12-31', issuedOn: '2026-11-27' }, signature: 'c2ln' };
/** The text `segra licence sign` writes. */
const CLI_TEXT = JSON.stringify(LICENCE, null, 2) + '\n';

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
  setActiveCustomer(null);
});

async function renderForm() {
  const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { id: 'l1', ...data } }));
  const dataProvider = {
    getList: async () => ({ data: [{ id: CUSTOMER, name: 'Acme' }], total: 1 }),
    getMany: async () => ({ data: [{ id: CUSTOMER, name: 'Acme' }] }),
    create,
  } as unknown as DataProvider;
  setActiveCustomer(CUSTOMER);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const i18nProvider = polyglotI18nProvider(() => catalogues.tr as unknown as TranslationMessages, 'tr');
  await act(async () =>
    root!.render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <ResourceContextProvider value="licences">
          <LicenceCreate />
        </ResourceContextProvider>
      </AdminContext>,
    ),
  );
  await settle();
  return create;
}
async function settle() {
  for (let i = 0; i < 10; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}
async function pick(file: File) {
  const input = container!.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await settle();
}
async function save() {
  const button = [...container!.querySelectorAll('button')].find((b) => b.textContent === 'Kaydet')!;
  await act(async () => button.click());
  await settle();
}

describe('the licence upload form', () => {
  it('takes the .lic file `segra licence sign` writes and sends its licence', async () => {
    const create = await renderForm();
    await pick(new File([CLI_TEXT], 'acme.lic', { type: '' }));
    expect(container!.textContent).toContain('acme.lic');
    await save();
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0][1].data).toEqual({ customerId: CUSTOMER, file: LICENCE });
  });

  it('refuses a binary file saying it is not a licence, and sends nothing', async () => {
    const create = await renderForm();
    await pick(new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02, 0xff])], 'report.pdf', { type: 'application/pdf' }));
    expect(container!.textContent).toContain('report.pdf');
    await save();
    expect(create).not.toHaveBeenCalled();
    expect(container!.textContent).toContain(tr.errors.code.LICENCE_UNREADABLE);
  });
});
