import { HttpError } from 'react-admin';
import { FIELD_MESSAGES, SPECIFIC_CODES } from '../../providers/api-errors.ts';
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
    const body = (error.body ?? {}) as { code?: string; message?: string; params?: Record<string, unknown>; errors?: Record<string, string>; serverErrors?: Record<string, string> };
    if (body.code && (SPECIFIC_CODES as readonly string[]).includes(body.code)) return translate(`segra.errors.code.${body.code}`, body.params);
    // The server's reason in the UI's language (issue 15: never its English words); through the
    // data provider its field messages are already translated, and the server's own kept apart.
    const detail = localizeApiError(body, translate);
    // Per field: a catalogue key (the dataProvider's, or the server's message the catalogue words)
    // as its text, otherwise the server's own message localised by rule; never the generic text
    // where a specific one exists.
    const keys = body.errors ?? {};
    const own = body.serverErrors ?? {};
    const field = (k: string) => {
      const key = CATALOGUE_KEY.test(keys[k] ?? '') ? keys[k] : FIELD_MESSAGES[own[k] ?? keys[k] ?? ''];
      return key ? translate(key) : localizeFieldMessage(own[k] ?? keys[k], translate);
    };
    const fields = [...new Set([...new Set([...Object.keys(keys), ...Object.keys(own)])].map(field))].join('; ');
    const server = [detail, fields].filter(Boolean).join(' — ');
    return server ? `${translate(contextKey)}: ${server}` : translate(contextKey);
  }
  return translate(contextKey);
}
