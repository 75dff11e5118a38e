// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearToken, isLoggedInFlag, readToken, storeToken } from '../../src/providers/token-store.ts';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

describe('token store (spec 3, 7)', () => {
  beforeEach(() => {
    clearToken();
  });

  it('keeps the token in a cookie as a JSON string and sets the login flag to "true"', () => {
    storeToken(TOKEN);
    expect(document.cookie).toContain(`access_token=${encodeURIComponent(JSON.stringify(TOKEN))}`);
    expect(window.localStorage.getItem('isLoggedIn')).toBe('true');
    expect(readToken()).toBe(TOKEN);
    expect(isLoggedInFlag()).toBe(true);
  });

  it('removes a malformed token and reads it as none', () => {
    document.cookie = `access_token=${encodeURIComponent('{not json')}; Path=/`;
    expect(readToken()).toBeNull();
    expect(document.cookie).not.toContain('access_token=%7B');
    document.cookie = `access_token=${encodeURIComponent(JSON.stringify('no-dots'))}; Path=/`;
    expect(readToken()).toBeNull();
  });

  it('logout clears the cookie and the flag', () => {
    storeToken(TOKEN);
    clearToken();
    expect(readToken()).toBeNull();
    expect(isLoggedInFlag()).toBe(false);
  });
});
