import type { FastifyInstance } from 'fastify';
import { MAX_TEXT_LENGTH } from '../../contracts/text-limits.ts';
import { coded } from '../errors.ts';
import { controlCharacterField, overlongTextField } from './control-characters.ts';

export const CONTROL_CHARACTER_MESSAGE = 'Control characters are not allowed';

/**
 * The JSON query parameters (`filter`, `sort`, `range`) parsed, so an escaped `\u0000` inside
 * them is found as well; parameters that are not JSON are left to their routes.
 */
function jsonQuery(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (query === null || typeof query !== 'object') return out;
  for (const [name, raw] of Object.entries(query)) {
    if (typeof raw !== 'string' || !/^\s*[[{"]/.test(raw)) continue;
    try {
      out[name] = JSON.parse(raw);
    } catch {
      // not JSON: the route says so in its own words
    }
  }
  return out;
}

const isApi = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Rules every API route follows, kept in one place so that no route can miss them:
 * - answers are never stored by a browser or a proxy (`Cache-Control: no-store`, DESIGN 6):
 *   they carry tenant data, and a shared computer's back button must not show them again;
 * - text with control characters is refused before any handler sees it (DESIGN 7a), in JSON
 *   bodies and in query parameters, with a 400 naming the field;
 * - so is a string longer than MAX_TEXT_LENGTH (DESIGN 7b), in any field, known to the route or
 *   not: 400 TEXT_TOO_LONG naming the field and the limit (each field's own, shorter, maximum
 *   is its schema's, contracts/text-limits.ts).
 * Registered on the root instance before any route.
 */
export function apiHygiene(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url)) reply.header('Cache-Control', 'no-store');
  });
  app.addHook('preValidation', async (request) => {
    if (!isApi(request.url)) return;
    const query = controlCharacterField(request.query) ?? controlCharacterField(jsonQuery(request.query));
    if (query !== null) {
      throw coded(400, 'CONTROL_CHARACTER', { field: query }, `The query parameter ${query} contains a control character`, { [query]: CONTROL_CHARACTER_MESSAGE });
    }
    // Bodies only: query parameters store nothing, and a long id list in `filter` is a query like any other.
    const long = overlongTextField(request.body);
    if (long !== null) {
      throw coded(400, 'TEXT_TOO_LONG', { field: long, limit: MAX_TEXT_LENGTH }, `The field ${long} is longer than ${MAX_TEXT_LENGTH} characters`, { [long]: `${long} is too long` });
    }
    const body = controlCharacterField(request.body);
    if (body !== null) {
      throw coded(400, 'CONTROL_CHARACTER', { field: body }, `The field ${body} contains a control character`, { [body]: CONTROL_CHARACTER_MESSAGE });
    }
  });
}
