/**
 * Data-quality warnings (DESIGN 4.1a): one shape for the command line's JSON and stderr, the
 * server's import record and the system period screen.
 */

/** The fixed codes of DESIGN 4.1a (more may be added; these never change). */
export const WARNING_CODES = [
  'USER_NOT_IN_USR02',
  'ROLE_NOT_DEFINED',
  'PROFILE_WITHOUT_AUTHORISATIONS',
  'ACTVT_LEADING_ZERO_LOST',
  'ROW_LIMIT_SUSPECTED',
  'ENCODING_GUESSED',
  'COLUMN_DEFAULTED',
  // DESIGN 4.1b and amended rule 8 (issue 29): data as others write it.
  'ACTION_NOT_IN_FUNCTION',
  'TABLE_BY_HEADER',
  'TABLE_NOT_READ',
  'TCODE_LIST',
  'NO_USER_MASTER',
  'IGNORED_COLUMNS',
  'NOT_APPROVED',
  'USAGE_OUTSIDE_WINDOW',
  'USAGE_WINDOW_UNKNOWN',
  // Usage rows that name no user or no tcode: said by the usage import, carried onto analyses.
  'USAGE_ROW_WITHOUT_USER_OR_TCODE',
  // DESIGN 5.18 (issue 32): several systems in one analysis.
  'SYSTEM_COLUMN_IGNORED',
  'SYSTEM_NOT_ANALYSED',
  'USER_MAP_USER_UNKNOWN',
  'USER_MAP_SYSTEM_NOT_ANALYSED',
] as const;

export type WarningCode = (typeof WARNING_CODES)[number];
