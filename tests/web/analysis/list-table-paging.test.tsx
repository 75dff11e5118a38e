// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ReactElement } from 'react';
import { AdminContext, type DataProvider, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { Column, EmbeddedList } from '../../../src/resources/common/EmbeddedList.tsx';
import { ListTable } from '../../../src/resources/common/ListTable.tsx';
import { catalogues, type Locale } from '../../../src/i18n/catalogues.ts';

// Issue 15: the analysis screens' tables said "1–25 of 1,366" in the Turkish and German UI;
// issue 14: every list of a screen pages through the same machinery, whichever way it draws its rows.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
});

async function paging(locale: Locale, list: ReactElement): Promise<string> {
  const i18nProvider = polyglotI18nProvider((l) => catalogues[l as Locale] as unknown as TranslationMessages, locale);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const rows = Array.from({ length: 25 }, (_, i) => ({ id: i, name: `row ${i}` }));
  await act(async () =>
    root!.render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={{ getList: async () => ({ data: rows, total: 1366 }) } as unknown as DataProvider}>
        {list}
      </AdminContext>,
    ),
  );
  for (let i = 0; i < 20 && !container.querySelector('.MuiTablePagination-displayedRows'); i++) await act(() => new Promise((r) => setTimeout(r, 25)));
  const text = container.querySelector('.MuiTablePagination-displayedRows')!.textContent!;
  await act(async () => root!.unmount());
  container.remove();
  root = undefined;
  return text;
}

const lists: [string, () => ReactElement][] = [
  ['ListTable', () => <ListTable resource="rows" columns={[{ key: 'name', label: 'name' }]} />],
  [
    'EmbeddedList',
    () => (
      <EmbeddedList resource="rows">
        <Column label="name" render={(r) => String(r.name)} />
      </EmbeddedList>
    ),
  ],
];

describe.each(lists)('%s paging in the UI language', (_name, list) => {
  it('says the range and total in Turkish, German and English', async () => {
    expect(await paging('tr', list())).toBe('1-25 / 1.366');
    expect(await paging('de', list())).toBe('1-25 von 1.366');
    expect(await paging('en', list())).toBe('1-25 of 1,366');
  });
});
