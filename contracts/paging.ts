import { z } from 'zod';

/*
 * The list query of every list route (DESIGN 6, ra-data-simple-rest): `range=[start,end]`,
 * `sort=["field","ASC"|"DESC"]`, `filter={…}` as JSON query parameters, and the answer's
 * `Content-Range: <resource> <start>-<end>/<total>` header. Declared once here; the server
 * parses with these (server/resources/query-params.ts) and writes the header with `contentRange`.
 */

/** `range=[start,end]`: inclusive, two non-negative whole numbers, start <= end. */
export const rangeSchema = z
  .tuple([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .refine(([start, end]) => start <= end);

/** `sort=["field","ASC"|"DESC"]` over the given fields; the direction in any case. */
export const sortSchema = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.tuple([z.enum(fields), z.string().transform((s) => s.toUpperCase()).pipe(z.enum(['ASC', 'DESC']))]);

/** `filter={…}`: field → value; what each field means is the route's. */
export const filterSchema = z.record(z.string(), z.unknown());

/** The Content-Range of a page of `count` records from `start` out of `total` (`*` for an empty page). */
export const contentRange = (resource: string, start: number, count: number, total: number): string =>
  `${resource} ${count === 0 ? '*' : `${start}-${start + count - 1}`}/${total}`;
