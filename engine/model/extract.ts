import type { Date8 } from './dates.ts';
import type { RoleAuthorisationColumns, RoleAuthorisationVisitor } from './role-authorisation-columns.ts';

/**
 * What an SAP system grants, as read from its table extracts (DESIGN 4.1). Names (users,
 * roles, profiles, objects, fields) are trimmed by the readers; authorisation values
 * (LOW/HIGH/VON/BIS/VALUE) are kept as read, because the engine gives `' '` and blanks
 * their SAP meaning (DESIGN 5.4).
 */
export interface SystemExtract {
  /** USR02 */
  users: UserRecord[];
  /** AGR_USERS */
  roleAssignments: RoleAssignment[];
  /** AGR_1251 */
  roleAuthorisations: RoleAuthorisationRow[];
  /**
   * AGR_1251 as columns, when the reader was asked for them (`segra analyze`: no object per row);
   * a reader fills either this or roleAuthorisations. Read both through forEachRoleAuthorisation.
   */
  roleAuthorisationColumns?: RoleAuthorisationColumns;
  /** AGR_DEFINE */
  roleDefinitions: RoleDefinition[];
  /** AGR_AGRS */
  compositeRoles: CompositeRoleRow[];
  /** AGR_1252 */
  orgLevelValues: OrgLevelRow[];
  /** AGR_TEXTS */
  roleTexts: RoleTextRow[];
  /** AGR_1016 */
  roleProfiles: RoleProfileRow[];
  /** UST04 */
  userProfiles: UserProfileRow[];
  /** UST10C */
  subProfiles: SubProfileRow[];
  /** UST10S */
  profileAuthorisations: ProfileAuthorisationRow[];
  /** UST12 */
  authorisationValues: AuthorisationValueRow[];
  /** USREFUS */
  referenceUsers: ReferenceUserRow[];
  /** USR06 */
  licenceTypes: LicenceTypeRow[];
  /** USER_ADDR */
  userAddresses: UserAddressRow[];
  /** TSTCT */
  tcodeTexts: TcodeTextRow[];
  /** TSTCA */
  tcodeChecks: TcodeCheckRow[];
  /** CVERS */
  components: ComponentRow[];
  /** T000 */
  clients: ClientRow[];
}

/** USR02: one user master record. */
export interface UserRecord {
  bname: string;
  /** USTYP: A dialog, B system, C communication, S service, L reference. */
  ustyp: string;
  /** UFLAG lock bits (32 global, 64 local, 128 failed logons); 0 = not locked. */
  uflag: number;
  validFrom: Date8 | null;
  validTo: Date8 | null;
  /** TRDAT, last logon; null = never. */
  lastLogon: Date8 | null;
  /** CLASS, the user group. */
  userGroup: string;
  /** CODVN, password hash code version. */
  codvn: string;
  /** PWDSTATE; null when absent. */
  pwdState: number | null;
  /** ERDAT */
  createdOn: Date8 | null;
}

export interface RoleAssignment {
  role: string;
  user: string;
  from: Date8 | null;
  to: Date8 | null;
}

export interface RoleAuthorisationRow {
  role: string;
  object: string;
  auth: string;
  field: string;
  low: string;
  high: string;
  /** true when AGR_1251-DELETED = 'X' */
  deleted: boolean;
}

/** Every AGR_1251 row of an extract, in the order read: the objects, then the columns. */
export function forEachRoleAuthorisation(extract: Pick<SystemExtract, 'roleAuthorisations' | 'roleAuthorisationColumns'>, visit: RoleAuthorisationVisitor): void {
  for (const r of extract.roleAuthorisations) visit(r.role, r.object, r.auth, r.field, r.low, r.high, r.deleted);
  extract.roleAuthorisationColumns?.forEach(visit);
}

export interface RoleDefinition {
  role: string;
  /** PARENT_AGR: the imparting role of a derived role, '' otherwise. */
  parent: string;
}

export interface CompositeRoleRow {
  role: string;
  child: string;
}

export interface OrgLevelRow {
  role: string;
  /** VARBL, e.g. `$BUKRS` */
  variable: string;
  low: string;
  high: string;
}

export interface RoleTextRow {
  role: string;
  text: string;
}

export interface RoleProfileRow {
  role: string;
  profile: string;
}

export interface UserProfileRow {
  user: string;
  profile: string;
}

export interface SubProfileRow {
  profile: string;
  subProfile: string;
}

export interface ProfileAuthorisationRow {
  profile: string;
  object: string;
  auth: string;
}

export interface AuthorisationValueRow {
  object: string;
  auth: string;
  field: string;
  /** VON */
  low: string;
  /** BIS */
  high: string;
}

export interface ReferenceUserRow {
  user: string;
  referenceUser: string;
}

export interface LicenceTypeRow {
  user: string;
  licenceType: string;
}

export interface UserAddressRow {
  user: string;
  firstName: string;
  lastName: string;
  fullName: string;
  department: string;
  email: string;
}

export interface TcodeTextRow {
  tcode: string;
  text: string;
}

export interface TcodeCheckRow {
  tcode: string;
  object: string;
  field: string;
  value: string;
}

export interface ComponentRow {
  component: string;
  release: string;
  extRelease: string;
}

export interface ClientRow {
  client: string;
  /** CCCATEGORY: P production, T test, C customizing … */
  category: string;
  /** CCCORACTIV */
  changeRecording: string;
  /** CCNOCLIIND */
  crossClientChanges: string;
}

/** An extract with every table empty, to build on in tests and readers. */
export function emptyExtract(): SystemExtract {
  return {
    users: [],
    roleAssignments: [],
    roleAuthorisations: [],
    roleDefinitions: [],
    compositeRoles: [],
    orgLevelValues: [],
    roleTexts: [],
    roleProfiles: [],
    userProfiles: [],
    subProfiles: [],
    profileAuthorisations: [],
    authorisationValues: [],
    referenceUsers: [],
    licenceTypes: [],
    userAddresses: [],
    tcodeTexts: [],
    tcodeChecks: [],
    components: [],
    clients: [],
  };
}
