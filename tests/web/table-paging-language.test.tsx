// @vitest-environment happy-dom
import { TablePagination } from '@mui/material';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { LocalizedMui } from '../../src/layout/LocalizedMui.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Issue 15 item 7: a table's paging said "1–25 of 1,366" in the Turkish and German screens.
let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  container?.remove();
});

async function paging(lang: 'tr' | 'en' | 'de'): Promise<string> {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const i18n = polyglotI18nProvider(() => catalogues[lang], lang);
  await act(async () =>
    root!.render(
      <AdminContext i18nProvider={i18n}>
        <LocalizedMui>
          <TablePagination component="div" count={1366} page={0} rowsPerPage={25} onPageChange={() => undefined} />
        </LocalizedMui>
      </AdminContext>,
    ),
  );
  return container.textContent ?? '';
}

describe('table paging in the UI’s language', () => {
  it('Turkish: "1-25 / 1.366", no English', async () => {
    const text = await paging('tr');
    expect(text).toContain('1-25 / 1.366');
    expect(text).not.toMatch(/\bof\b|Rows per page/);
    expect(container!.querySelector('button[aria-label="Sonraki sayfaya git"]')).not.toBeNull();
  });

  it('German: "1–25 von 1.366"', async () => {
    const text = await paging('de');
    expect(text).toMatch(/1[-–]25 von 1\.366/);
    expect(text).not.toMatch(/\bof\b/);
  });

  it('English keeps "of"', async () => {
    expect(await paging('en')).toMatch(/1[-–]25 of 1,366/);
  });
});
