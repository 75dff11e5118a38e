/**
 * DESIGN 7b: every text field of the API has a maximum length, and names refuse characters that
 * hide or reorder text. Shared by the server's checks and the app.
 *
 * The limits by kind of field (README "Limits"): each field's schema names its kind, so the
 * numbers live here once; MAX_TEXT_LENGTH bounds every other string of a request body (a field a
 * route does not know included), so that no request stores or even parses a megabyte of text.
 */
export const TEXT_LIMITS = {
  /** Ids of the ruleset and the SAP landscape: risk, function, control ids, user and role names, actions. */
  code: 100,
  /** Names of records (customer, department, group, system, period, analysis, query), user names, full names. */
  name: 200,
  /** An email address (RFC 5321). */
  email: 254,
  /** A postal address. */
  address: 1000,
  /** Descriptions, reasons, messages. */
  description: 2000,
  /** A stored query's SQL. */
  sql: 20_000,
} as const;

/** The longest string any request body may hold, in any field: the longest kind above. */
export const MAX_TEXT_LENGTH = TEXT_LIMITS.sql;

/**
 * Zero-width characters (U+200B-U+200D, U+2060, U+FEFF) and bidirectional controls (U+200E,
 * U+200F, U+061C, U+202A-U+202E, U+2066-U+2069): invisible, they make two names that look the
 * same differ, or show a name reversed (U+202E), so names refuse them.
 */
export const INVISIBLE_CHARACTER = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\u061C]/;

export const INVISIBLE_MESSAGE = 'Zero-width and direction control characters are not allowed';
