/**
 * Small extracts and rulesets written as other tools and people write them (DESIGN 4.1b,
 * issue 29), shared by the command-line and the upload tests: one reader, both doors.
 * Each case is a set of files by name; `writeFiles` puts them in a folder for `segra analyze`,
 * the upload tests post them as they are.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Files = Record<string, string>;

export function writeFiles(dir: string, files: Files): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const lines = (...rows: string[]): string => `${rows.join('\n')}\n`;

/**
 * Vendor maintenance and payment. U1 holds both with the values that matter; U2 can start the
 * same transactions but only displays (FBTCH 03, ACTVT 03): it must not fire.
 */
export const PAYMENT_EXTRACT: Files = {
  'USR02.csv': lines('BNAME,USTYP,UFLAG,GLTGV,GLTGB', 'U1,A,0,,', 'U2,A,0,,'),
  'AGR_USERS.csv': lines('AGR_NAME,UNAME,FROM_DAT,TO_DAT', 'R_ALL,U1,,', 'R_DISP,U2,,'),
  'AGR_1251.csv': lines(
    'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED',
    'R_ALL,S_TCODE,T1,TCD,F110,,',
    'R_ALL,S_TCODE,T1,TCD,FK01,,',
    'R_ALL,F_REGU_BUK,P1,FBTCH,21,,',
    'R_ALL,F_LFA1_APP,V1,ACTVT,01,,',
    'R_DISP,S_TCODE,T1,TCD,F110,,',
    'R_DISP,S_TCODE,T1,TCD,FK01,,',
    'R_DISP,F_REGU_BUK,P1,FBTCH,03,,',
    'R_DISP,F_LFA1_APP,V1,ACTVT,03,,',
  ),
};

/** The ruleset writes each function's permissions once for the function (empty ACTION), and one line under an action VEND lacks. */
export const FUNCTION_WIDE_RULES: Files = {
  'RISKS.csv': lines('RISK_ID,DESCRIPTION,RISK_TYPE,RISK_LEVEL,BUSINESS_PROCESS,ACTIVE', 'R1,Vendor and payment,SOD,HIGH,FI,X'),
  'RISK_FUNCTIONS.csv': lines('RISK_ID,FUNCTION_ID', 'R1,PAY', 'R1,VEND'),
  'FUNCTIONS.csv': lines('FUNCTION_ID,DESCRIPTION,BUSINESS_PROCESS', 'PAY,Payment,FI', 'VEND,Vendor,FI'),
  'FUNCTION_ACTIONS.csv': lines('FUNCTION_ID,ACTION,ACTIVE', 'PAY,F110,X', 'PAY,F111,X', 'VEND,FK01,X', 'VEND,FK02,X'),
  'FUNCTION_PERMISSIONS.csv': lines(
    'FUNCTION_ID,ACTION,OBJECT,FIELD,LOW,HIGH,OPERATOR,ACTIVE',
    'PAY,,F_REGU_BUK,FBTCH,21,,OR,X',
    'VEND,,F_LFA1_APP,ACTVT,01,,OR,X',
    'VEND,FK99,F_LFA1_APP,ACTVT,02,,OR,X',
  ),
};

/** The (LEVEL, ID, RISK_ID) of each finding line of `segra analyze`'s CSV or an export. */
export function findingKeys(csv: string): string[] {
  return csv
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(0, 3).join(','));
}

/** A long pair sheet with levels, a type and descriptions (the level given once per risk, on its first row). */
export const LONG_PAIR_SHEET: Files = {
  'sod_pairs.csv': lines(
    'RISK_ID;FUNCTION_ID;TCODE;RISK_LEVEL;DESCRIPTION;BUSINESS_PROCESS',
    'P01;PAY;F110;MEDIUM;Pay a vendor you maintain;FI',
    'P01;VEND;FK01;;;',
    'P02;PAYONLY;F110;LOW;Run payments;FI',
  ),
};

/** A wide pair sheet: one row per risk, each transaction its own function. */
export const WIDE_PAIR_SHEET: Files = {
  'pairs_wide.csv': lines(
    'RISK_ID,DESCRIPTION,RISK_LEVEL,RISK_TYPE,TCODE_1,TCODE_2,TCODE_3',
    'W01,Vendor and payment,MEDIUM,,FK01,F110,',
    'W02,Payment run,CRITICAL,CRITICAL_ACTION,F110,,',
  ),
};

/** One risk with two levels in its rows: refused, naming both lines. */
export const CONFLICTING_PAIR_SHEET: Files = {
  'pairs.csv': lines('RISK_ID,FUNCTION_ID,TCODE,RISK_LEVEL', 'P01,PAY,F110,MEDIUM', 'P01,VEND,FK01,HIGH'),
};

/** The (LEVEL, ID, RISK_ID, RISK_LEVEL, RISK_TYPE) of each finding line. */
export function findingLevels(csv: string): string[] {
  return csv
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(0, 5).join(','));
}

/** A register keyed by user, with an APPROVED column: C1 approved, C9 not. */
export const MITIGATIONS_BY_USER = lines('CONTROL_ID,RISK_ID,USER,APPROVED,VALID_FROM', 'C9,R1,U1,no,', 'C1,R1,U1,,20260101', 'C1,R1,U1,Yes,20260101');
/** A register keyed by role, with a STATUS column. */
export const MITIGATIONS_BY_ROLE = lines('CONTROL_ID,RISK_ID,AGR_NAME,STATUS', 'C2,R1,R_ALL,approved', 'C3,R1,R_ALL,draft');

/** U1's usage: vendor maintenance in the window, payment only after the analysis date (27.11.2026) and two years before. */
export const DATED_USAGE = lines('BNAME,TCODE,DATE', 'U1,FK01,20261101', 'U1,F110,20261201', 'U1,F110,20241201');
/** The same by month: November 2026 has begun on the analysis date, so it counts. */
export const MONTHLY_USAGE = lines('BNAME;TCODE;PERIOD;COUNT', 'U1;FK01;202611;4', 'U1;F110;202612;2');

/** PAYMENT_EXTRACT under the names people give their files: each table known by its header. */
export const RENAMED_EXTRACT: Files = {
  'user_master.csv': PAYMENT_EXTRACT['USR02.csv'],
  'user_roles.csv': PAYMENT_EXTRACT['AGR_USERS.csv'],
  'role_auth_values.csv': PAYMENT_EXTRACT['AGR_1251.csv'],
};

/** The same without a user master, as four of six public datasets come. */
export const NO_USER_MASTER_EXTRACT: Files = {
  'user_roles.csv': PAYMENT_EXTRACT['AGR_USERS.csv'],
  'role_auth_values.csv': PAYMENT_EXTRACT['AGR_1251.csv'],
};

/** Roles as lists of transactions (no authorisation values), U3 assigned but missing from USR02. */
export const TCODE_LIST_EXTRACT: Files = {
  'USR02.csv': PAYMENT_EXTRACT['USR02.csv'],
  'user_roles.csv': lines('UNAME,AGR_NAME', 'U1,R_ALL', 'U2,R_DISP', 'U3,R_ALL'),
  'role_tcodes.csv': lines('ROLE;TCODE', 'R_ALL;F110', 'R_ALL;FK01', 'R_DISP;FK03'),
};
