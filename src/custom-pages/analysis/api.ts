import { HttpError } from 'react-admin';
import { SPECIFIC_CODES } from '../../providers/api-errors.ts';
import { httpClient } from '../../providers/httpClient.ts';
import { localizeApiError, localizeFieldMessage } from '../../i18n/localize-server.ts';

/** GET/POST/PUT/DELETE on the API with the Bearer token and the active customer. */
export async function apiJson<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const { json } = await httpClient(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return json as T;
}

const CATALOGUE_KEY = /^(ra|segra)\.[\w.]+$/;

/**
 * An API error as text for the user: a specific catalogue message when the server's code has
 * one, otherwise the screen's catalogue message (spec 8) followed by the server's own words.
 */
export function errorText(error: unknown, translate: (key: string, options?: object) => string, contextKey: string): string {
  if (error instanceof HttpError) {
    const body = (error.body ?? {}) as { code?: string; message?: string; errors?: Record<string, string>; serverErrors?: Record<string, string> };
    if (body.code && (SPECIFIC_CODES as readonly string[]).includes(body.code)) return translate(`segra.errors.code.${body.code}`);
    // The server's reason in the UI's language (issue 15: never its English words); through the
    // data provider its field messages are already translated, and the server's own kept apart.
    const detail = localizeApiError(body, translate);
    // Through the dataProvider the field messages are catalogue keys already, and the server's own are kept apart.
    const raw = body.serverErrors ?? body.errors;
    const field = (m: string) => (CATALOGUE_KEY.test(m) ? translate(m) : localizeFieldMessage(m, translate));
    const fields = raw ? [...new Set(Object.values(raw).map(field))].join('; ') : '';
    const server = [detail, fields].filter(Boolean).join(' — ');
    return server ? `${translate(contextKey)}: ${server}` : translate(contextKey);
  }
  return translate(contextKey);
}
