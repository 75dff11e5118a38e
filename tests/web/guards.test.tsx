// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToken, storeToken } from '../../src/providers/token-store.ts';
import { ProtectedGate, PublicOnly, RootRedirect } from '../../src/routes/guards.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const token = (claims: object) => {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600, permissions: {}, ...claims })}.c2ln`;
};

let root: Root;
let host: HTMLElement;

/** Renders the app's route shape at `path` and returns the text of the page it ends on. */
async function visit(path: string): Promise<string> {
  await act(async () => {
    root.render(
      <MemoryRouter key={path} initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<RootRedirect />} />
          <Route path="/login" element={<PublicOnly>login page</PublicOnly>} />
          <Route path="/register" element={<PublicOnly>register page</PublicOnly>} />
          <Route path="/unauthorized" element={<>unauthorized page</>} />
          <Route path="/invalid-access" element={<>invalid-access page</>} />
          <Route path="/page-not-found" element={<>not-found page</>} />
          <Route path="/*" element={<ProtectedGate extraPaths={['/dashboards/default']}>protected content</ProtectedGate>} />
        </Routes>
      </MemoryRouter>,
    );
  });
  return host.textContent ?? '';
}

describe('route guards (spec 6)', () => {
  beforeEach(() => {
    clearToken();
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('a visitor: / and protected pages go to login, public pages open, unknown paths are not found', async () => {
    expect(await visit('/')).toBe('login page');
    expect(await visit('/app/user/add-department')).toBe('login page');
    expect(await visit('/dashboards/default')).toBe('login page');
    expect(await visit('/register')).toBe('register page');
    expect(await visit('/nowhere')).toBe('not-found page');
  });

  it('a logged-in Admin: / goes to the dashboard, public-only pages to invalid-access, SuperAdmin areas to unauthorized', async () => {
    storeToken(token({ sub: 'a', Role: 'Admin' }));
    expect(await visit('/')).toBe('protected content');
    expect(await visit('/login')).toBe('invalid-access page');
    expect(await visit('/register')).toBe('invalid-access page');
    expect(await visit('/app/customer/add')).toBe('unauthorized page');
    expect(await visit('/app/user/add')).toBe('protected content');
    expect(await visit('/app/user/nothing-here')).toBe('not-found page');
  });

  it('a SuperAdmin reaches the SuperAdmin-only areas', async () => {
    storeToken(token({ sub: 's', Role: 'SuperAdmin' }));
    expect(await visit('/app/customer/cors')).toBe('protected content');
    expect(await visit('/app/licenses/license-files/create')).toBe('protected content');
  });
});
