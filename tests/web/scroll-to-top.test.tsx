// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from '../../src/layout/ScrollToTop.tsx';

// Issue 15 item 9: after navigation the page title sat under the sticky top bar (the scroll
// position of the page left was kept).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let go: (to: string) => void = () => undefined;
function Nav() {
  const navigate = useNavigate();
  go = (to) => void navigate(to);
  return null;
}
afterEach(async () => {
  await act(async () => root?.unmount());
  vi.restoreAllMocks();
});

describe('a new page starts at its top', () => {
  it('scrolls to the top on another path or view, not when only a list filter changes', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    root = createRoot(document.createElement('div'));
    await act(async () =>
      root!.render(
        <MemoryRouter initialEntries={['/app/reports/list']}>
          <ScrollToTop />
          <Nav />
        </MemoryRouter>,
      ),
    );
    const before = scrollTo.mock.calls.length;
    await act(async () => go('/app/reports/list?riskLevel=HIGH'));
    expect(scrollTo.mock.calls.length).toBe(before);
    await act(async () => go('/app/reports/dashboard'));
    expect(scrollTo.mock.calls.length).toBe(before + 1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    await act(async () => go('/app/reports/list?view=user&name=ALICE'));
    await act(async () => go('/app/reports/list?view=role&name=Z_AP'));
    expect(scrollTo.mock.calls.length).toBe(before + 3);
  });
});
