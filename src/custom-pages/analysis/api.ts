import { HttpError } from 'react-admin';
import { SPECIFIC_CODES } from '../../providers/api-errors.ts';
import { getActiveCustomer } from '../../providers/customer-scope.ts';
import { httpClient } from '../../providers/httpClient.ts';
import { readToken } from '../../providers/token-store.ts';
import { dispositionName, listQuery, parseContentRange, uploadPercent } from './helpers.ts';
import { localizeApiError, localizeFieldMessage } from '../../i18n/localize-server.ts';

/** GET/POST/PUT/DELETE on the API with the Bearer token and the active customer. */
export async function apiJson<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const { json } = await httpClient(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return json as T;
}

export interface ListParams {
  range: [number, number];
  sort?: [string, 'ASC' | 'DESC'] | null;
  filter?: Record<string, unknown>;
}

/** A simple-rest list call: the page of records and the total of Content-Range. */
export async function apiList<T>(url: string, params: ListParams): Promise<{ rows: T[]; total: number }> {
  const sep = url.includes('?') ? '&' : '?';
  const { json, headers } = await httpClient(`${url}${sep}${listQuery(params)}`);
  const rows = (Array.isArray(json) ? json : []) as T[];
  return { rows, total: parseContentRange(headers.get('Content-Range')) ?? rows.length };
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const customer = getActiveCustomer();
  if (token && customer) headers['X-Customer-Id'] = customer;
  return headers;
}

/** The XMLHttpRequest constructor (replaceable in tests). */
export type XhrFactory = () => XMLHttpRequest;

/**
 * Posts files as multipart `files` with upload progress (XMLHttpRequest upload events: fetch
 * has none). Resolves with the JSON answer; rejects with an HttpError carrying the API body.
 */
export function uploadFiles(
  url: string,
  files: readonly File[],
  onProgress: (percent: number | null) => void,
  makeXhr: XhrFactory = () => new XMLHttpRequest(),
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = makeXhr();
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e: ProgressEvent) => onProgress(uploadPercent(e.loaded, e.total, e.lengthComputable));
    xhr.onerror = () => reject(new HttpError('ra.notification.http_error', 0, {}));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body);
      } else {
        const message = (body as { message?: string } | null)?.message ?? xhr.statusText;
        reject(new HttpError(message || 'ra.notification.http_error', xhr.status, body));
      }
    };
    xhr.send(form);
  });
}

/** Downloads an export through fetch (so the Bearer token is sent) and saves it with a blob link. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { headers: authHeaders() });
  if (!response.ok) {
    let body: { message?: string } | null = null;
    try {
      body = (await response.json()) as { message?: string };
    } catch {
      body = null;
    }
    throw new HttpError(body?.message ?? response.statusText, response.status, body);
  }
  const blob = await response.blob();
  const name = dispositionName(response.headers.get('Content-Disposition'), fallbackName);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

const CATALOGUE_KEY = /^(ra|segra)\.[\w.]+$/;

/**
 * An API error as text for the user: a specific catalogue message when the server's code has
 * one, otherwise the screen's catalogue message (spec 8) followed by the server's own words.
 */
export function errorText(error: unknown, translate: (key: string, options?: object) => string, contextKey: string): string {
  if (error instanceof HttpError) {
    const body = (error.body ?? {}) as { code?: string; message?: string; errors?: Record<string, string> };
    if (body.code && (SPECIFIC_CODES as readonly string[]).includes(body.code)) return translate(`segra.errors.code.${body.code}`);
    // The server's reason in the UI's language (issue 15: never its English words).
    const detail = localizeApiError(body, translate);
    // A call through the dataProvider has its field messages as catalogue keys already.
    const field = (m: string) => (CATALOGUE_KEY.test(m) ? translate(m) : localizeFieldMessage(m, translate));
    const fields = body.errors ? [...new Set(Object.values(body.errors).map(field))].join('; ') : '';
    const server = [detail, fields].filter(Boolean).join(' — ');
    return server ? `${translate(contextKey)}: ${server}` : translate(contextKey);
  }
  return translate(contextKey);
}
