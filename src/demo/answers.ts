/** How the demo API answers: JSON bodies and errors shaped like the server's (DESIGN 6). */

/** A stored record of a simple-rest resource. */
export type Rec = Record<string, unknown> & { id: string };

export const NOT_IN_DEMO = 'Not available in the demo';

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export const error = (status: number, message: string, code?: string, errors?: Record<string, string>, params?: Record<string, string | number>): Response =>
  json({ statusCode: status, message, ...(code ? { code } : {}), ...(errors ? { errors } : {}), ...(params ? { params } : {}) }, status);

/** An error the UI words from its code and params, as the server's `coded()` (DESIGN 6). */
export const codedError = (status: number, code: string, params: Record<string, string | number>, message: string): Response =>
  json({ statusCode: status, message, code, params }, status);

/** The server's answers of the same names (server/errors.ts). */
export const recordNotFound = (resource: string, id: string): Response => codedError(404, 'RECORD_NOT_FOUND', { resource, id }, `No ${resource} record ${id}`);
export const bodyNotObject = (): Response => codedError(400, 'BODY_NOT_OBJECT', {}, 'The body must be a JSON object');

/** 501 for what needs the server (uploads, mail, basis checks, other export formats). */
export const notInDemo = (what: string): Response => error(501, `${NOT_IN_DEMO}: ${what}`, 'NOT_IN_DEMO');

/** A CSV download, as the server sends exports. */
export const csvFile = (text: string, filename: string): Response =>
  new Response(text, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"` } });

/** JSON text, or undefined when empty or not JSON (query parameters and bodies are untrusted). */
export function parseJson(text: string | null): unknown {
  if (text === null || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `filter={…}` query parameter of simple-rest, `{}` when absent. */
export const filterOf = (q: URLSearchParams): Record<string, unknown> => (parseJson(q.get('filter')) ?? {}) as Record<string, unknown>;

/** `Content-Range` of a page of `total` rows starting at `start` (`*` when the page is empty). */
export const contentRange = (name: string, start: number, shown: number, total: number): string =>
  shown === 0 ? `${name} */${total}` : `${name} ${start}-${start + shown - 1}/${total}`;
