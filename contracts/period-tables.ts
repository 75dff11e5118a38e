import type { SystemExtract } from '../engine/model/extract.ts';

/** How a field is stored: text, integer, YYYYMMDD integer date (nullable), or boolean. */
export type ColumnType = 'text' | 'int' | 'intOrNull' | 'date' | 'bool';

/** One column of a stored SAP table: its SQL name, the engine record's field and the type. */
export interface PeriodColumn {
  column: string;
  field: string;
  type: ColumnType;
}

export interface PeriodTable {
  /** The SystemExtract key the rows come from and go to (never the columns `segra analyze` alone reads AGR_1251 into). */
  key: Exclude<keyof SystemExtract, 'roleAuthorisationColumns'>;
  /** SAP's table name, as in the extract (DESIGN 4.1). */
  sapName: string;
  /** The SQL table (migration 0007); every one also has `import_id`. */
  table: string;
  columns: readonly PeriodColumn[];
  /** The column holding the authorisation object, for tables read only for the objects a ruleset needs. */
  objectColumn?: string;
  /** One partition per import (migration 0012): loaded unindexed, attached when complete, dropped whole. */
  partitioned?: boolean;
}

const c = (column: string, field: string, type: ColumnType = 'text'): PeriodColumn => ({ column, field, type });

/** The SAP tables a system period stores, in the order they are written. */
export const PERIOD_TABLES: readonly PeriodTable[] = [
  {
    key: 'users',
    sapName: 'USR02',
    table: 'sap_usr02',
    columns: [
      c('bname', 'bname'),
      c('ustyp', 'ustyp'),
      c('uflag', 'uflag', 'int'),
      c('gltgv', 'validFrom', 'date'),
      c('gltgb', 'validTo', 'date'),
      c('trdat', 'lastLogon', 'date'),
      c('class', 'userGroup'),
      c('codvn', 'codvn'),
      c('pwdstate', 'pwdState', 'intOrNull'),
      c('erdat', 'createdOn', 'date'),
    ],
  },
  {
    key: 'roleAssignments',
    sapName: 'AGR_USERS',
    table: 'sap_agr_users',
    columns: [c('agr_name', 'role'), c('uname', 'user'), c('from_dat', 'from', 'date'), c('to_dat', 'to', 'date')],
  },
  {
    key: 'roleAuthorisations',
    sapName: 'AGR_1251',
    table: 'sap_agr_1251',
    columns: [
      c('agr_name', 'role'),
      c('object', 'object'),
      c('auth', 'auth'),
      c('field', 'field'),
      c('low', 'low'),
      c('high', 'high'),
      c('deleted', 'deleted', 'bool'),
    ],
    objectColumn: 'object',
    partitioned: true,
  },
  { key: 'roleDefinitions', sapName: 'AGR_DEFINE', table: 'sap_agr_define', columns: [c('agr_name', 'role'), c('parent_agr', 'parent')] },
  { key: 'compositeRoles', sapName: 'AGR_AGRS', table: 'sap_agr_agrs', columns: [c('agr_name', 'role'), c('child_agr', 'child')] },
  {
    key: 'orgLevelValues',
    sapName: 'AGR_1252',
    table: 'sap_agr_1252',
    columns: [c('agr_name', 'role'), c('varbl', 'variable'), c('low', 'low'), c('high', 'high')],
  },
  { key: 'roleTexts', sapName: 'AGR_TEXTS', table: 'sap_agr_texts', columns: [c('agr_name', 'role'), c('text', 'text')] },
  { key: 'roleProfiles', sapName: 'AGR_1016', table: 'sap_agr_1016', columns: [c('agr_name', 'role'), c('profile', 'profile')] },
  { key: 'userProfiles', sapName: 'UST04', table: 'sap_ust04', columns: [c('bname', 'user'), c('profile', 'profile')] },
  { key: 'subProfiles', sapName: 'UST10C', table: 'sap_ust10c', columns: [c('profn', 'profile'), c('subprof', 'subProfile')] },
  {
    key: 'profileAuthorisations',
    sapName: 'UST10S',
    table: 'sap_ust10s',
    columns: [c('profn', 'profile'), c('objct', 'object'), c('auth', 'auth')],
    objectColumn: 'objct',
  },
  {
    key: 'authorisationValues',
    sapName: 'UST12',
    table: 'sap_ust12',
    columns: [c('objct', 'object'), c('auth', 'auth'), c('field', 'field'), c('von', 'low'), c('bis', 'high')],
    objectColumn: 'objct',
    partitioned: true,
  },
  { key: 'referenceUsers', sapName: 'USREFUS', table: 'sap_usrefus', columns: [c('bname', 'user'), c('refuser', 'referenceUser')] },
  { key: 'licenceTypes', sapName: 'USR06', table: 'sap_usr06', columns: [c('bname', 'user'), c('lic_type', 'licenceType')] },
  {
    key: 'userAddresses',
    sapName: 'USER_ADDR',
    table: 'sap_user_addr',
    columns: [
      c('bname', 'user'),
      c('name_first', 'firstName'),
      c('name_last', 'lastName'),
      c('name_textc', 'fullName'),
      c('department', 'department'),
      c('smtp_addr', 'email'),
    ],
  },
  { key: 'tcodeTexts', sapName: 'TSTCT', table: 'sap_tstct', columns: [c('tcode', 'tcode'), c('ttext', 'text')] },
  {
    key: 'tcodeChecks',
    sapName: 'TSTCA',
    table: 'sap_tstca',
    columns: [c('tcode', 'tcode'), c('objct', 'object'), c('field', 'field'), c('value', 'value')],
  },
  {
    key: 'components',
    sapName: 'CVERS',
    table: 'sap_cvers',
    columns: [c('component', 'component'), c('release', 'release'), c('extrelease', 'extRelease')],
  },
  {
    key: 'clients',
    sapName: 'T000',
    table: 'sap_t000',
    columns: [
      c('mandt', 'client'),
      c('cccategory', 'category'),
      c('cccoractiv', 'changeRecording'),
      c('ccnocliind', 'crossClientChanges'),
    ],
  },
];
