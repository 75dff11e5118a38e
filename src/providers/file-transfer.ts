import { HttpError } from 'react-admin';
import { dispositionName, uploadPercent } from '../custom-pages/analysis/helpers.ts';
import { getActiveCustomer } from './customer-scope.ts';
import { readToken } from './token-store.ts';

/*
 * Moving files to and from the API: what the JSON httpClient cannot do. The data provider's
 * upload and download methods load this lazily, so it is not in the login page's bundle.
 */

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
  fields: Record<string, string> = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = makeXhr();
    const form = new FormData();
    // Fields before the files: the server reads them as the files stream in.
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
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
