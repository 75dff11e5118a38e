import type { BasisCheck } from './types.ts';

const auth = (
  id: string,
  severity: BasisCheck['severity'],
  title: string,
  explanation: string,
): BasisCheck => ({ id, title, explanation, severity, category: 'authorisation', available: true });

const CHECKS: BasisCheck[] = [
  {
    id: 'C01',
    title: 'SAP_ALL assigned',
    explanation:
      'The SAP_ALL profile grants every authorisation in the system. Reported whether it is assigned directly, as a sub-profile of a composite profile, or through a reference user; outside emergency access nobody should hold it.',
    severity: 'CRITICAL',
    category: 'profile',
    available: true,
  },
  {
    id: 'C02',
    title: 'SAP_NEW assigned',
    explanation:
      'SAP_NEW bundles, often with full values, the authorisations for checks added by upgrades. It is meant only for the transition after an upgrade and should then be removed.',
    severity: 'HIGH',
    category: 'profile',
    available: true,
  },
  {
    id: 'C03',
    title: 'Powerful SAP standard profiles',
    explanation:
      'S_A.SYSTEM, S_A.ADMIN, S_A.DEVELOP, S_A.CUSTOMIZ and S_A.USER are SAP’s manual all-round profiles for administration, development, customizing and user work. They grant very broad access outside any role design.',
    severity: 'HIGH',
    category: 'profile',
    available: true,
  },
  auth(
    'C04',
    'CRITICAL',
    'Debugging with replace',
    'S_DEVELOP with OBJTYPE DEBUG and ACTVT 02 lets a user change variables and the program flow in the debugger. That bypasses every authorisation check and changes data without a trace in the application.',
  ),
  auth(
    'C05',
    'MEDIUM',
    'Debugging (display)',
    'S_DEVELOP with OBJTYPE DEBUG and ACTVT 03 lets a user read any data held in memory, whatever the application’s own read checks say. It should not be granted in production.',
  ),
  auth(
    'C06',
    'CRITICAL',
    'Change repository objects',
    'S_DEVELOP with ACTVT 01 or 02 for programs, function groups, classes, interfaces or enhancements (PROG, FUGR, CLAS, INTF, ENHO), together with SE38, SE80, SE37 or SE24, lets a user write and run arbitrary code. In production, code should only arrive by transport.',
  ),
  auth(
    'C07',
    'CRITICAL',
    'Maintain all tables',
    'S_TABU_DIS with ACTVT 02 for every authorisation group (DICBERCLS *) and SM30, SM31, SE16N or SM34 allows direct changes to any table, bypassing application checks and change documents.',
  ),
  auth(
    'C08',
    'HIGH',
    'Display all tables',
    'S_TABU_DIS with ACTVT 03 for every authorisation group and SE16, SE16N, SE17 or SM30 allows reading any table, including personal, HR and payroll data.',
  ),
  auth(
    'C09',
    'HIGH',
    'Maintain tables by name',
    'S_TABU_NAM with ACTVT 02 for every table (TABLE *) allows changing any table through the generic maintenance tools, even where S_TABU_DIS would not allow it.',
  ),
  auth(
    'C10',
    'CRITICAL',
    'Cross-client table maintenance',
    'S_TABU_CLI (CLIIDMAINT X) together with full table maintenance (C07) allows changing cross-client tables, which affects every client of the system at once.',
  ),
  auth(
    'C11',
    'CRITICAL',
    'Client settings (SCC4)',
    'SCC4 with S_TABU_DIS ACTVT 02 for group SS and S_TABU_CLI lets a user change the client settings in T000, for example open the production client for direct changes.',
  ),
  auth(
    'C12',
    'CRITICAL',
    'System change option',
    'S_CTS_ADMI with CTS_ADMFCT SYSC and SE06 or SE03 lets a user open the system for repository and cross-client changes, the first step to changing production directly.',
  ),
  auth(
    'C13',
    'HIGH',
    'Import transports',
    'S_CTS_ADMI with IMPA, IMPS or TABL and STMS lets a user import transport requests, and with them any code or customizing, into the system.',
  ),
  auth(
    'C14',
    'MEDIUM',
    'Release transports',
    'S_TRANSPRT with ACTVT 43 for all request types lets a user release transport requests, for example their own changes without review.',
  ),
  auth(
    'C15',
    'HIGH',
    'Execute any report',
    'S_PROGRAM with SUBMIT or BTCSUBMIT for all program groups and SA38, SE38 or SE37 lets a user run any report, including reports that no transaction of theirs would reach.',
  ),
  auth(
    'C16',
    'HIGH',
    'Call any RFC function module',
    'S_RFC with ACTVT 16 for all function modules (RFC_NAME *) lets a user call every remote-enabled function module, many of which read or change data with few checks of their own.',
  ),
  auth(
    'C17',
    'CRITICAL',
    'Trusted RFC as any user',
    'S_RFCACL with full values for system, client and user lets the user of a trusted system log on here as any user through trusted RFC, without a password.',
  ),
  auth(
    'C18',
    'HIGH',
    'Maintain RFC destinations',
    'S_RFC_ADM with ACTVT 01, 02 or 06 and SM59 lets a user create, change or delete RFC destinations, including stored logon data, and redirect connections to other systems.',
  ),
  auth(
    'C19',
    'CRITICAL',
    'Create or change users',
    'S_USER_GRP with ACTVT 01 or 02 for all user groups and SU01 or SU10 lets a user create and change any user master record, administrators included.',
  ),
  auth(
    'C20',
    'HIGH',
    'Reset passwords or unlock users',
    'S_USER_GRP with ACTVT 05 (lock and unlock) or 02 (change, including passwords) lets a user unlock accounts or reset passwords, and then log on as someone else.',
  ),
  auth(
    'C21',
    'CRITICAL',
    'Assign roles',
    'S_USER_GRP with ACTVT 22 and S_USER_AGR with ACTVT 22 for all roles let a user assign any role to any user, themselves included.',
  ),
  auth(
    'C22',
    'CRITICAL',
    'Assign profiles',
    'S_USER_GRP with ACTVT 22 and S_USER_PRO with ACTVT 22 for all profiles let a user assign any profile, SAP_ALL included, to any user.',
  ),
  auth(
    'C23',
    'HIGH',
    'Maintain roles and profiles',
    'S_USER_AGR, S_USER_PRO and S_USER_AUT with create, change or generate activities and PFCG let a user build roles and profiles with any authorisation.',
  ),
  auth(
    'C24',
    'CRITICAL',
    'All administration functions',
    'S_ADMI_FCD with full authorisation grants every system administration function: spool and session administration, client administration, audit log and more.',
  ),
  auth(
    'C25',
    'HIGH',
    'Background jobs for other users',
    'S_BTCH_ADM with BTCADMIN Y (job administrator) or S_BTCH_NAM for every user lets a user schedule and manage jobs that run under other users’ names and authorisations.',
  ),
  auth(
    'C26',
    'CRITICAL',
    'Operating system commands',
    'S_LOG_COM with full values and SM49 or SM69 lets a user define and run any external operating-system command on the application servers.',
  ),
  auth(
    'C27',
    'HIGH',
    'Application server file access',
    'S_DATASET with read or write (ACTVT 33, 34) for all programs and files lets a user read or change files on the application server, such as profiles, logs and interface files.',
  ),
  auth(
    'C28',
    'HIGH',
    'Profile parameter maintenance',
    'S_RZL_ADM with ACTVT 01 and RZ10 or RZ11 lets a user change profile parameters, including security settings such as password and logon rules.',
  ),
  auth(
    'C29',
    'CRITICAL',
    'Security audit log configuration or deletion',
    'S_ADMI_FCD AUDA with SM19 or RSAU_CONFIG (configure) or AUDD with SM18 (delete) lets a user switch off or delete the security audit log and so hide their own actions.',
  ),
  auth(
    'C30',
    'HIGH',
    'Delete change documents',
    'S_SCD0 with ACTVT 06 lets a user delete change documents, the audit trail of master and transaction data changes.',
  ),
  auth(
    'C31',
    'MEDIUM',
    'Read other users’ spool requests',
    'S_SPO_ACT with BASE or DISP for all spool authorisation values lets a user display other users’ spool requests, such as payroll or payment lists.',
  ),
  auth(
    'C32',
    'MEDIUM',
    'Lock and unlock transactions',
    'S_ADMI_FCD TLCK with SM01 or SM01_DEV lets a user lock transactions for everybody, or unlock transactions that were deliberately locked.',
  ),
  auth(
    'C33',
    'MEDIUM',
    'Number range maintenance',
    'S_NUMBER with ACTVT 02 or 17 for all number range objects and SNRO or SNUM lets a user change number ranges, causing gaps, duplicate numbers or stopped postings.',
  ),
  {
    id: 'U01',
    title: 'SAP* user',
    explanation:
      'SAP* should exist in every client, locked, in user group SUPER and without profiles. Where it is missing, the built-in SAP* with the well-known password PASS can log on unless login/no_automatic_user_sapstar = 1. An extract holds one client: a missing SAP* is reported for that client.',
    severity: 'HIGH',
    category: 'client',
    available: true,
  },
  {
    id: 'U02',
    title: 'DDIC user',
    explanation:
      'DDIC is needed for installation and upgrades. Outside maintenance windows it should be locked and of type System (B), and its SAP_ALL should be reviewed.',
    severity: 'HIGH',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U03',
    title: 'EARLYWATCH user and client 066',
    explanation:
      'EARLYWATCH belongs only to client 066, which is no longer needed and should be deleted. Where the user exists it should be locked: its default password is widely known.',
    severity: 'MEDIUM',
    category: 'client',
    available: true,
  },
  {
    id: 'U04',
    title: 'TMSADM user',
    explanation:
      'TMSADM is needed only in client 000, as a System or Communication user holding nothing but S_A.TMSADM. Another user type or more authorisations widen what its well-known default password opens.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U05',
    title: 'SAPCPIC user',
    explanation:
      'SAPCPIC is an old communication user with a published default password (ADMIN). It should be deleted, or at least be of type Communication (C) with its password changed.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U06',
    title: 'Default passwords',
    explanation:
      'Standard users (SAP*, DDIC, EARLYWATCH, TMSADM, SAPCPIC) that still have their well-known default passwords can be used by anyone.',
    severity: 'HIGH',
    category: 'user-master',
    available: false,
    unavailableReason:
      'Default passwords can only be tested in the system itself (report RSUSR003); the extract carries no password hashes (USR02 BCODE/PASSCODE/PWDSALTEDHASH).',
  },
  {
    id: 'U07',
    title: 'Never logged on',
    explanation:
      'Dialog and service users that have not logged on since their creation more than the set number of days ago are probably not needed, and may still carry an initial password.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U08',
    title: 'Dormant users',
    explanation:
      'Unlocked, valid dialog and service users whose last logon lies more than the set number of days back should be locked or removed; unused accounts are easy to misuse unnoticed.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U09',
    title: 'Expired users still holding access',
    explanation:
      'Users whose validity has ended still carry profiles or valid role assignments. Extending the validity gives them all that access back at once; the assignments should be removed.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U10',
    title: 'Not yet valid',
    explanation: 'Users whose validity starts after the analysis date (informational).',
    severity: 'INFO',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U11',
    title: 'Weak password hash',
    explanation:
      'The password hash is stored in an old or downward-compatible form (CODVN A, B, D, E, F, G or I) that is far easier to crack than the salted, iterated hash H. Set login/password_downwards_compatibility = 0 and delete the redundant hashes.',
    severity: 'HIGH',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U12',
    title: 'Initial password not changed',
    explanation:
      'The password is still initial (PWDSTATE 1): it was set by an administrator and is known to more than the user. The extract has no PWDSETDATE, so users created within the set number of days are left out and the age of the password itself is not shown.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U13',
    title: 'No password (SSO only)',
    explanation:
      'CODVN X: the user has no password and logs on only with single sign-on or a certificate. Informational; good practice when SNC is enforced.',
    severity: 'INFO',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U14',
    title: 'Service users with critical access',
    explanation:
      'Service users (type S) are shared and anonymous, so what is done with them cannot be traced to a person. They should hold no critical authorisation (any C-check).',
    severity: 'HIGH',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U15',
    title: 'Technical users with critical access',
    explanation:
      'System and communication users (types B, C) with SAP_ALL, debugging with replace, development or user administration (C01, C04, C06, C19): their passwords sit in interfaces and are rarely changed, which makes them prime targets.',
    severity: 'HIGH',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U16',
    title: 'Reference user misuse',
    explanation:
      'A reference user passes its authorisations to every user that references it. It should be of type Reference (L), and one holding critical authorisations (C-checks) spreads them to all its users.',
    severity: 'HIGH',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U17',
    title: 'No user group',
    explanation:
      'Users without a user group (CLASS) escape S_USER_GRP restrictions by group: anyone allowed to maintain the blank group can change them.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U18',
    title: 'Profiles assigned directly',
    explanation:
      'Profiles in UST04 that no role generated (not in AGR_1016), such as SAP_ALL or S_A.* profiles, are assigned outside the role concept and escape role reviews.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U19',
    title: 'Roles and profiles out of step',
    explanation:
      'The user comparison (PFUD) has not been run: the user still holds a role’s generated profile without a valid assignment, or a valid assignment’s profile is missing from UST04. The authorisations in force then differ from the assignments.',
    severity: 'MEDIUM',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U20',
    title: 'Outdated generated profile',
    explanation:
      'A role changed after its profile was last generated: the authorisations in force are not the ones designed in the role.',
    severity: 'LOW',
    category: 'user-master',
    available: false,
    unavailableReason:
      'Needs the change dates of roles (AGR_DEFINE CHANGE_DAT/CHANGE_TIM) and of profiles (USR10 MODDA/MODTI), which the extract does not carry.',
  },
  {
    id: 'U21',
    title: 'Locked users with critical access',
    explanation:
      'Locked users that hold SAP_ALL or debugging with replace, development, table maintenance, user administration or all administration functions (C01, C04, C06, C07, C19, C24). Informational: unlocking them gives that access back at once.',
    severity: 'INFO',
    category: 'user-master',
    available: true,
  },
  {
    id: 'U22',
    title: 'Licence type',
    explanation:
      'Dialog and service users without a licence type (USR06), and dialog users with roles classified as test users (91), distort the licence measurement (USMM).',
    severity: 'LOW',
    category: 'user-master',
    available: true,
  },
];

/**
 * The basis check catalogue, C01…C33 then U01…U22 (reference section 3). Titles are short
 * (the UI translates them by id); explanations say in 1–3 sentences why the check matters.
 * `available` is false where the extract's tables (DESIGN 4.1) cannot decide a check at all;
 * `runBasisChecks` may further mark a check unavailable when a table it needs was not supplied.
 */
export const BASIS_CHECKS: readonly BasisCheck[] = Object.freeze(CHECKS.map((c) => Object.freeze(c)));

/** The catalogue entry of a check id. */
export function basisCheck(id: string): BasisCheck | undefined {
  return BASIS_CHECKS.find((c) => c.id === id);
}
