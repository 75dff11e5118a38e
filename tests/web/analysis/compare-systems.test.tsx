// @vitest-environment happy-dom
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, ListContextProvider, type ListControllerResult, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comparisonSystemsColumns, CrossSystemSides } from '../../../src/custom-pages/analysis/compare-systems.tsx';
import { catalogues } from '../../../src/i18n/catalogues.ts';
import { en } from '../../../src/i18n/analysis/en.ts';

// Issue 32: a comparison with a side of several systems names the systems of each side and row.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

async function render(node: React.ReactNode) {
  const i18n = polyglotI18nProvider(() => catalogues.en as unknown as TranslationMessages, 'en');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<AdminContext i18nProvider={i18n}>{node}</AdminContext>));
}
const list = (meta: unknown) => ({ meta, isPlaceholderData: false }) as unknown as ListControllerResult;

describe('the systems of a comparison', () => {
  it('names both sides\' systems and tells the screen, when a side covers several', async () => {
    const onChange = vi.fn();
    await render(
      <ListContextProvider value={list({ left: { systems: ['ERP'] }, right: { systems: ['ERP', 'SRM'] } })}>
        <CrossSystemSides onChange={onChange} />
      </ListContextProvider>,
    );
    expect(container!.querySelector('[data-testid="compare-systems"]')!.textContent).toBe(en.compare.sides_systems.replace('%{left}', 'ERP').replace('%{right}', 'ERP, SRM'));
    expect(onChange).toHaveBeenLastCalledWith({ left: ['ERP'], right: ['ERP', 'SRM'] });
  });

  it('says nothing for a comparison of analyses of one system', async () => {
    const onChange = vi.fn();
    await render(
      <ListContextProvider value={list({ left: {}, right: {} })}>
        <CrossSystemSides onChange={onChange} />
      </ListContextProvider>,
    );
    expect(container!.textContent).toBe('');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('a row shows its systems and a cross-system chip', async () => {
    const [systems, flag] = comparisonSystemsColumns<{ systems?: string[]; crossSystem?: boolean }>();
    const row = { systems: ['ERP', 'SRM'], crossSystem: true };
    expect(systems.render!(row)).toBe('ERP, SRM');
    await render(<>{flag.render!(row)}</>);
    expect(container!.querySelector('[data-testid="compare-cross-system"]')!.textContent).toBe(en.compare.cross_system);
    expect(flag.render!({ systems: ['ERP'], crossSystem: false })).toBe('');
  });
});
