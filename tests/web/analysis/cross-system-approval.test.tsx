// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { AcceptanceHolder } from '../../../src/resources/risk-acceptances/RiskApproval.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { en } from '../../../src/i18n/analysis/en.ts';
import { tr } from '../../../src/i18n/analysis/tr.ts';
import { de } from '../../../src/i18n/analysis/de.ts';

// Issue 32: acceptance per person; a user acceptance says which users of which systems its person stands for.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

async function render(row: Parameters<typeof AcceptanceHolder>[0]['row'], lang: 'en' | 'tr' | 'de' = 'en') {
  const i18n = polyglotI18nProvider(() => catalogues[lang] as unknown as TranslationMessages, lang);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18n}><AcceptanceHolder row={row} /></AdminContext>));
}
const testId = (id: string) => container!.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('the holder of an acceptance', () => {
  it('names the users a person stands for, and warns when the name is a user mapped to another person', async () => {
    await render({ holder: 'XS_PERSON2', personUsers: ['ERP/XS_AMUELLER', 'SRM/XS_ANNA_M'], mappedTo: [] });
    expect(testId('acceptance-person-users')).toBe(en.approval.person_users.replace('%{users}', 'ERP/XS_AMUELLER, SRM/XS_ANNA_M'));
    expect(testId('acceptance-mapped-to')).toBeUndefined();
    act(() => root?.unmount());
    await render({ holder: 'XS_AMUELLER', personUsers: [], mappedTo: ['XS_PERSON2'] }, 'de');
    expect(testId('acceptance-mapped-to')).toBe(de.approval.mapped_to.replace('%{persons}', 'XS_PERSON2'));
    expect(testId('acceptance-person-users')).toBeUndefined();
  });

  it('shows only the holder without a user mapping, as before', async () => {
    await render({ holder: 'ANNA' }, 'tr');
    expect(container!.textContent).toBe('ANNA');
    expect(tr.approval.person_users).toContain('%{users}');
  });
});
