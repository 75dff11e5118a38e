import { browserStorage, writeStorage } from './browser-storage.ts';

/**
 * Where the browser keeps the session (spec 3, 7): the access token in a cookie as a JSON
 * string, and a login flag in local storage as the string "true".
 */
const COOKIE = 'access_token';
const FLAG = 'isLoggedIn';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The stored token; a malformed cookie is removed and reads as none (spec 7). */
export function readToken(): string | null {
  const raw = readCookie(COOKIE);
  if (raw === null) return null;
  try {
    const token: unknown = JSON.parse(raw);
    if (typeof token === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return token;
  } catch {
    // fall through: malformed
  }
  clearToken();
  return null;
}

export function storeToken(token: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify(token))}; Path=/; SameSite=Strict${secure}`;
  writeStorage((s) => s.setItem(FLAG, 'true'));
}

export function clearToken(): void {
  document.cookie = `${COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
  writeStorage((s) => s.removeItem(FLAG));
}

export function isLoggedInFlag(): boolean {
  return browserStorage()?.getItem(FLAG) === 'true';
}
