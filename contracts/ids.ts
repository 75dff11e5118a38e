/**
 * The shape of a record id: every id the API hands out is a uuid (gen_random_uuid). Checked
 * before an id reaches SQL, so a malformed one is a 400/404 of our own, not a database error.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
