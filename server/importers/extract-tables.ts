/**
 * The SAP tables of a system extract (DESIGN 4.1): the columns Segra reads from each and
 * whether the table must be present. Only the columns listed under `required` must exist in
 * a file's header; the others are read when present and default to empty.
 */
export interface ExtractTableSpec {
  /** Columns read from the file, in SAP's names. */
  columns: readonly string[];
  /** Columns that must be in the header when the file is present. */
  required: readonly string[];
  /** Whether an extract without this table is rejected. */
  mandatory: boolean;
  /**
   * Technical columns a real export may lack (DESIGN 4.1a): read as the default said here,
   * with a COLUMN_DEFAULTED warning.
   */
  defaulted?: Readonly<Record<string, string>>;
}

export const EXTRACT_TABLES = {
  USR02: {
    columns: ['BNAME', 'USTYP', 'UFLAG', 'GLTGV', 'GLTGB', 'TRDAT', 'CLASS', 'CODVN', 'PWDSTATE', 'ERDAT'],
    required: ['BNAME'],
    mandatory: true,
  },
  AGR_USERS: {
    columns: ['AGR_NAME', 'UNAME', 'FROM_DAT', 'TO_DAT'],
    required: ['AGR_NAME', 'UNAME'],
    mandatory: true,
    defaulted: { FROM_DAT: 'valid from the start (open)', TO_DAT: 'valid without end (open)' },
  },
  AGR_1251: {
    columns: ['AGR_NAME', 'OBJECT', 'AUTH', 'FIELD', 'LOW', 'HIGH', 'DELETED'],
    required: ['AGR_NAME', 'OBJECT', 'AUTH', 'FIELD', 'LOW'],
    mandatory: true,
    defaulted: { HIGH: 'empty (no range)', DELETED: 'not deleted' },
  },
  AGR_DEFINE: { columns: ['AGR_NAME', 'PARENT_AGR'], required: ['AGR_NAME', 'PARENT_AGR'], mandatory: false },
  AGR_AGRS: { columns: ['AGR_NAME', 'CHILD_AGR'], required: ['AGR_NAME', 'CHILD_AGR'], mandatory: false },
  AGR_1252: {
    columns: ['AGR_NAME', 'VARBL', 'LOW', 'HIGH'],
    required: ['AGR_NAME', 'VARBL', 'LOW'],
    mandatory: false,
    defaulted: { HIGH: 'empty (no range)' },
  },
  AGR_TEXTS: { columns: ['AGR_NAME', 'TEXT'], required: ['AGR_NAME', 'TEXT'], mandatory: false },
  AGR_1016: { columns: ['AGR_NAME', 'PROFILE'], required: ['AGR_NAME', 'PROFILE'], mandatory: false },
  UST04: { columns: ['BNAME', 'PROFILE'], required: ['BNAME', 'PROFILE'], mandatory: false },
  UST10C: { columns: ['PROFN', 'SUBPROF', 'AKTPS'], required: ['PROFN', 'SUBPROF'], mandatory: false },
  UST10S: { columns: ['PROFN', 'OBJCT', 'AUTH', 'AKTPS'], required: ['PROFN', 'OBJCT', 'AUTH'], mandatory: false },
  UST12: {
    columns: ['OBJCT', 'AUTH', 'FIELD', 'VON', 'BIS', 'AKTPS'],
    required: ['OBJCT', 'AUTH', 'FIELD', 'VON'],
    mandatory: false,
    defaulted: { BIS: 'empty (no range)' },
  },
  USREFUS: { columns: ['BNAME', 'REFUSER'], required: ['BNAME', 'REFUSER'], mandatory: false },
  USR06: { columns: ['BNAME', 'LIC_TYPE'], required: ['BNAME', 'LIC_TYPE'], mandatory: false },
  USER_ADDR: {
    columns: ['BNAME', 'NAME_FIRST', 'NAME_LAST', 'NAME_TEXTC', 'DEPARTMENT', 'SMTP_ADDR'],
    required: ['BNAME'],
    mandatory: false,
  },
  TSTCT: { columns: ['TCODE', 'TTEXT'], required: ['TCODE', 'TTEXT'], mandatory: false },
  TSTCA: { columns: ['TCODE', 'OBJCT', 'FIELD', 'VALUE'], required: ['TCODE', 'OBJCT', 'FIELD', 'VALUE'], mandatory: false },
  CVERS: { columns: ['COMPONENT', 'RELEASE', 'EXTRELEASE'], required: ['COMPONENT', 'RELEASE'], mandatory: false },
  T000: {
    columns: ['MANDT', 'CCCATEGORY', 'CCCORACTIV', 'CCNOCLIIND'],
    required: ['MANDT'],
    mandatory: false,
  },
} as const satisfies Record<string, ExtractTableSpec>;

export type ExtractTableName = keyof typeof EXTRACT_TABLES;
export const EXTRACT_TABLE_NAMES = Object.keys(EXTRACT_TABLES) as ExtractTableName[];
