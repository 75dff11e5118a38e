import type { CsvWriter } from './csv-writer.ts';
import type { Random } from './random.ts';
import { BEGIN_OF_TIME, END_OF_TIME, NO_DATE, REF_DAY, dats, dayOf } from './days.ts';
import { FIRST_NAMES, LAST_NAMES, asciiName } from './people.ts';
import { roleFor, template, type RolePlan, type SizeSpec } from './plan.ts';
import { PERSONAS, type Persona } from './personas.ts';
import type { WrittenRoles } from './roles.ts';

export interface UserWriters {
  logon: CsvWriter;
  addresses: CsvWriter;
  licences: CsvWriter;
  assignments: CsvWriter;
  profiles: CsvWriter;
  references: CsvWriter;
}

interface Assignment {
  role: string;
  from: number;
  to: number;
}

interface User {
  bname: string;
  ustyp: string;
  uflag: number;
  gltgv: string;
  gltgb: string;
  trdat: string;
  userGroup: string;
  codvn: string;
  pwdState: number;
  erdat: string;
  firstName: string;
  lastName: string;
  department: string;
  email: string;
  licence: string;
  assignments: Assignment[];
  manualProfiles: string[];
  referenceUser: string;
}

const MANDT = '100';
const FAR = 2_932_896; // day number of 9999-12-31
const OLD = -25_567; // day number of 1900-01-01

function dayText(day: number): string {
  if (day >= FAR) return END_OF_TIME;
  if (day <= OLD) return BEGIN_OF_TIME;
  return dats(day);
}

function blankUser(bname: string, ustyp: string): User {
  return {
    bname,
    ustyp,
    uflag: 0,
    gltgv: NO_DATE,
    gltgb: NO_DATE,
    trdat: NO_DATE,
    userGroup: '',
    codvn: 'H',
    pwdState: 0,
    erdat: dats(REF_DAY - 3000),
    firstName: '',
    lastName: '',
    department: '',
    email: '',
    licence: '',
    assignments: [],
    manualProfiles: [],
    referenceUser: '',
  };
}

const always = (role: string): Assignment => ({ role, from: OLD, to: FAR });
/** Personas whose roles users keep from an earlier job. */
const OTHER_PERSONAS = PERSONAS.filter((p) => p.core.length > 0 && p.weight >= 1);

/** Generates every user of the landscape and writes USR02, USER_ADDR, USR06, AGR_USERS, UST04, USREFUS. */
export async function writeUsers(
  spec: SizeSpec,
  plan: RolePlan,
  roles: WrittenRoles,
  rng: Random,
  w: UserWriters,
  progress: (done: number) => void,
): Promise<number> {
  const names = new Set<string>();
  const mails = new Set<string>();
  const cc0 = plan.companyCodes[0].code;
  let written = 0;

  const emit = async (u: User): Promise<void> => {
    names.add(u.bname);
    writeUser(u, roles, rng, w);
    written++;
    if (written % 500 === 0) {
      progress(written);
      await Promise.all([
        w.assignments.maybeFlush(),
        w.profiles.maybeFlush(),
        w.logon.maybeFlush(),
        w.addresses.maybeFlush(),
      ]);
    }
  };
  const technical = (bname: string, ustyp: string, text: string): User => {
    const u = blankUser(bname, ustyp);
    u.userGroup = ustyp === 'L' ? 'REF' : 'TECH';
    u.lastName = text;
    u.department = 'IT Basis';
    u.erdat = dats(REF_DAY - rng.between(200, 5000));
    u.gltgv = u.erdat;
    if (ustyp === 'B' || ustyp === 'C') {
      u.trdat = rng.chance(0.9) ? dats(REF_DAY - rng.between(0, 3)) : NO_DATE;
      u.codvn = rng.weighted([
        ['H', 70],
        ['X', 12],
        ['G', 10],
        ['B', 5],
        ['F', 3],
      ]);
      u.uflag = rng.chance(0.05) ? 64 : 0;
    } else if (ustyp === 'L') {
      u.codvn = 'X';
    }
    return u;
  };

  // --- SAP standard users in their usual states.
  const sapStar = blankUser('SAP*', 'A');
  Object.assign(sapStar, {
    uflag: 64,
    userGroup: 'SUPER',
    erdat: '20140310',
    gltgv: NO_DATE,
    lastName: 'SAP* (standard user)',
    department: 'IT Basis',
  });
  await emit(sapStar);
  const ddic = blankUser('DDIC', 'A');
  Object.assign(ddic, {
    userGroup: 'SUPER',
    erdat: '20140310',
    trdat: dats(REF_DAY - 41),
    lastName: 'Data Dictionary user',
    department: 'IT Basis',
    licence: '91',
  });
  ddic.manualProfiles.push('SAP_ALL', 'SAP_NEW');
  await emit(ddic);
  const tmsadm = blankUser('TMSADM', 'B');
  Object.assign(tmsadm, {
    userGroup: 'SUPER',
    erdat: '20140311',
    trdat: dats(REF_DAY - 2),
    lastName: 'Transport management',
    department: 'IT Basis',
  });
  tmsadm.manualProfiles.push('S_A.TMSADM');
  await emit(tmsadm);
  const cpic = blankUser('SAPCPIC', 'C');
  Object.assign(cpic, {
    userGroup: 'SUPER',
    erdat: '20140310',
    codvn: 'B',
    lastName: 'CPIC communication user',
    department: 'IT Basis',
  });
  cpic.manualProfiles.push('S_A.CPIC');
  await emit(cpic);
  const ew = blankUser('EARLYWATCH', 'A');
  Object.assign(ew, {
    uflag: 64,
    userGroup: 'SUPER',
    erdat: '20140310',
    codvn: 'F',
    lastName: 'EarlyWatch',
    department: 'IT Basis',
  });
  ew.manualProfiles.push('S_TOOLS_EX_A');
  await emit(ew);

  // --- Reference users (USTYP L).
  const refCount = Math.max(8, Math.round(spec.users * 0.0008));
  const refUsers: string[] = [];
  const refFixed: [string, string[], string[]][] = [
    ['REF_FI_DISP', ['FI_DISPLAY', 'BC_END_USER'], []],
    ['REF_MM_DISP', ['MM_DISPLAY', 'BC_END_USER'], []],
    ['REF_SD_DISP', ['SD_DISPLAY', 'BC_END_USER'], []],
    ['REF_CO_DISP', ['FI_DISPLAY'], []],
    ['REF_BASIC', ['BC_END_USER', 'HR_ESS'], []],
    ['REF_AUDIT', ['AUDIT_DISPLAY'], []],
    // Reference users that should not exist: business power and SAP_ALL (checks U16, C01).
    ['REF_AP_PAY', ['FI_AP_PAYMENTS'], []],
    ['REF_EMERG', [], ['SAP_ALL']],
  ];
  for (let i = 0; i < refCount; i++) {
    const [name, keys, profiles] =
      i < refFixed.length
        ? refFixed[i]
        : ([`REF_${rng.pick(['FI', 'MM', 'SD'])}_${String(i).padStart(3, '0')}`, [], []] as [
            string,
            string[],
            string[],
          ]);
    const u = technical(name, 'L', `Reference user ${name.slice(4).replaceAll('_', ' ').toLowerCase()}`);
    const roleKeys =
      keys.length > 0 || profiles.length > 0 ? keys : [rng.pick(['FI_DISPLAY', 'MM_DISPLAY', 'SD_DISPLAY'])];
    for (const k of roleKeys) u.assignments.push(always(roleFor(k, cc0, plan.derived)));
    u.manualProfiles.push(...profiles);
    // Ordinary display reference users are the ones handed out to dialog users.
    if (profiles.length === 0 && name !== 'REF_AP_PAY') refUsers.push(name);
    await emit(u);
  }

  // --- System, communication and service users.
  const batchCount = Math.max(4, Math.round(spec.users * 0.012));
  const commCount = Math.max(5, Math.round(spec.users * 0.015));
  const serviceCount = Math.max(2, Math.round(spec.users * 0.004));
  const wf = technical('WF-BATCH', 'B', 'Workflow background user');
  wf.manualProfiles.push('SAP_ALL');
  await emit(wf);
  for (let i = 1; i < batchCount; i++) {
    const module = i === 1 ? 'FI' : rng.pick(['FI', 'MM', 'SD', 'CO', 'HR', 'BC']);
    const u = technical(`BTC_${module}_${String(i).padStart(3, '0')}`, 'B', `Batch jobs ${module}`);
    u.assignments.push(always('Z_BC_BATCH'));
    if (rng.chance(0.2)) u.assignments.push(always('Z_BC_RFC_INTEGRATION'));
    await emit(u);
  }
  const ale = technical('ALEREMOTE', 'C', 'ALE/IDoc communication');
  ale.manualProfiles.push('Z_RFC_ALL');
  await emit(ale);
  // BNAME is CHAR12: RFC_ + a short system name + a number.
  const systems = [
    'BWP',
    'PIP',
    'CRM',
    'SRM',
    'ARBA',
    'SMAN',
    'MDG',
    'EWM',
    'TM',
    'GRC',
    'BANK',
    'EDI',
    'CNCR',
    'SFSF',
  ];
  const perSystem: Record<string, number> = {};
  for (let i = 1; i < commCount; i++) {
    const system = i === 1 ? 'SMAN' : rng.pick(systems);
    perSystem[system] = (perSystem[system] ?? 0) + 1;
    const u = technical(`RFC_${system}_${String(perSystem[system]).padStart(3, '0')}`, 'C', `Interface user ${system}`);
    if (i === 1) u.assignments.push(always('Z_BC_TRUSTED_RFC'));
    u.assignments.push(always(rng.chance(0.3) ? 'Z_BC_RFC_ALL' : 'Z_BC_RFC_INTEGRATION'));
    if (rng.chance(0.04)) u.manualProfiles.push('Z_RFC_ALL');
    await emit(u);
  }
  for (let i = 1; i <= serviceCount; i++) {
    const u = technical(
      i === 1 ? 'SRV_SHARED' : `KIOSK_${String(i).padStart(3, '0')}`,
      'S',
      i === 1 ? 'Shared IT operations account' : 'Shop-floor kiosk',
    );
    Object.assign(u, { userGroup: i === 1 ? 'IT' : 'LOG', trdat: dats(REF_DAY - rng.between(0, 20)), codvn: 'H' });
    u.assignments.push(always('Z_BC_END_USER'));
    if (i === 1) u.assignments.push(always('Z_BC_BASIS_OPERATOR'), always('Z_BC_JOB_ADMIN'));
    else u.assignments.push(always(roleFor('MM_DISPLAY', cc0, plan.derived)));
    u.licence = '91';
    await emit(u);
  }

  // --- Emergency access (firefighter) ids: locked until checked out.
  const ffCount = Math.max(3, Math.round(spec.users * 0.0002));
  const ffAreas = ['BASIS', 'FI', 'MM', 'SD', 'HR', 'SEC'];
  for (let i = 0; i < ffCount; i++) {
    const area = ffAreas[i % ffAreas.length];
    const u = technical(
      `FF_${area}_${String(Math.floor(i / ffAreas.length) + 1).padStart(2, '0')}`,
      'A',
      `Firefighter ${area}`,
    );
    Object.assign(u, {
      userGroup: 'SUPER',
      uflag: i === 1 ? 0 : 64,
      codvn: 'H',
      licence: 'CA',
      trdat: dats(REF_DAY - rng.between(1, 90)),
    });
    u.assignments.push(always('Z_BC_FIREFIGHTER'));
    if (area === 'BASIS') u.manualProfiles.push('SAP_ALL');
    await emit(u);
  }

  // --- Dialog users: persona by weight, a few personas forced so small landscapes have them.
  const fixedSoFar = written;
  const testCount = Math.max(2, Math.round(spec.users * 0.002));
  const dialogCount = spec.users - fixedSoFar;
  const forced = [
    'BASIS',
    'BASIS',
    'SECURITY',
    'USER_ADMIN',
    'HELPDESK',
    'DEVELOPER',
    'DEVELOPER',
    'AUDITOR',
    'FI_KEY_USER',
    'MM_KEY_USER',
    'SD_KEY_USER',
    'TREASURY',
    'PAYROLL',
    'FINANCE_CLOSE',
    'INVENTORY_CONTROL',
  ];
  const personaByKey = new Map(PERSONAS.map((p) => [p.key, p]));
  const weights = PERSONAS.map((p) => [p, p.weight] as const);
  const ccWeights = plan.companyCodes.map((c, i) => [c.code, 1 / Math.sqrt(i + 1)] as const);
  const seen: Record<string, number> = {};
  const allReports = [...plan.reportRolesByModule.values()].flat();
  let specialRefsDone = 0;
  for (let i = 0; i < dialogCount; i++) {
    const persona = i < forced.length ? personaByKey.get(forced[i])! : rng.weighted(weights);
    const isTest = i >= forced.length && i < forced.length + testCount;
    const u = dialogUser(persona, rng, names, mails, isTest);
    seen[persona.key] = (seen[persona.key] ?? 0) + 1;
    const homeCc = rng.weighted(ccWeights);
    assignDialogRoles(u, persona, homeCc, plan, allReports, rng);
    // Manual profiles the way long-lived systems have them.
    const nth = seen[persona.key];
    if (persona.key === 'BASIS' && nth === 1) u.manualProfiles.push('SAP_ALL', 'SAP_NEW', 'S_A.SYSTEM');
    else if (persona.key === 'BASIS' && nth === 2) u.manualProfiles.push('S_A.SYSTEM', 'S_TOOLS_EX_A');
    else if (persona.key === 'BASIS' && rng.chance(0.3)) u.manualProfiles.push('S_A.SYSTEM');
    if (persona.key === 'DEVELOPER' && nth <= 2) u.manualProfiles.push('S_A.DEVELOP');
    if (rng.chance(0.004)) u.manualProfiles.push('S_A.USER');
    // Reference users: a few per cent, plus the misuses an audit should find.
    if (specialRefsDone < 3 && i >= forced.length + testCount && rng.chance(0.05)) {
      u.referenceUser = ['REF_OLD_2019', 'REF_EMERG', 'BTC_FI_001'][specialRefsDone++];
    } else if (rng.chance(0.01)) {
      u.referenceUser = rng.pick(refUsers);
    }
    await emit(u);
  }
  progress(written);
  return written;
}

function dialogUser(persona: Persona, rng: Random, names: Set<string>, mails: Set<string>, isTest: boolean): User {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  let bname: string;
  if (isTest) {
    let n = 1;
    do bname = `TEST_${persona.userGroup.slice(0, 3)}_${String(n++).padStart(2, '0')}`;
    while (names.has(bname));
  } else {
    const base = (asciiName(first).slice(0, 1) + asciiName(last)).slice(0, 9);
    bname = base;
    for (let n = 2; names.has(bname); n++) bname = `${base}${n}`;
  }
  let mail = `${asciiName(first).toLowerCase()}.${asciiName(last).toLowerCase()}`;
  const mailBase = mail;
  for (let n = 2; mails.has(mail); n++) mail = `${mailBase}${n}`;
  mails.add(mail);
  names.add(bname);

  const u = blankUser(bname, 'A');
  u.firstName = isTest ? 'Test' : first;
  u.lastName = isTest ? `User ${persona.department}` : last;
  u.department = persona.department;
  u.email = isTest ? '' : `${mail}@example.com`;
  u.userGroup = rng.chance(0.02) ? '' : persona.userGroup;
  u.licence = isTest ? '91' : rng.chance(0.02) ? '' : rng.chance(0.87) ? persona.licence : rng.pick(['CA', 'CB', 'CC']);
  const created = REF_DAY - rng.between(20, 5800);
  u.erdat = dats(created);
  u.gltgv = rng.chance(0.6) ? u.erdat : '00000000';
  u.gltgb = rng.chance(0.75) ? NO_DATE : END_OF_TIME;
  u.codvn = rng.weighted([
    ['H', 90],
    ['X', 3],
    ['B', 1.5],
    ['F', 1.5],
    ['G', 2],
    ['I', 2],
  ]);
  u.pwdState = rng.weighted([
    [0, 90],
    [1, 4],
    [2, 4],
    [-1, 1],
    [3, 1],
  ]);
  const state = rng.weighted([
    ['active', 90.5],
    ['leaver', 5],
    ['contractor', 4],
    ['joiner', 0.5],
  ]);
  let lastLogon: number | null;
  const recent = rng.next();
  if (recent < 0.8) lastLogon = REF_DAY - rng.between(0, 30);
  else if (recent < 0.92) lastLogon = REF_DAY - rng.between(31, 180);
  else if (recent < 0.97) lastLogon = REF_DAY - rng.between(181, 900);
  else lastLogon = null;
  if (lastLogon !== null && lastLogon < created) lastLogon = created + rng.between(0, 10);
  if (state === 'leaver') {
    const end = REF_DAY - rng.between(1, 900);
    u.gltgb = dats(Math.max(end, created + 30));
    u.uflag = rng.chance(0.8) ? 64 : 0;
    if (lastLogon !== null && lastLogon > end) lastLogon = end - rng.between(0, 20);
  } else if (state === 'contractor') {
    u.gltgb = dats(REF_DAY + rng.between(30, 540));
    u.userGroup = u.userGroup ? u.userGroup : 'EXTERN';
  } else if (state === 'joiner') {
    const start = REF_DAY + rng.between(1, 60);
    u.erdat = dats(REF_DAY - rng.between(0, 20));
    u.gltgv = dats(start);
    lastLogon = null;
    u.pwdState = 1;
  } else {
    u.uflag = rng.weighted([
      [0, 91],
      [128, 4],
      [192, 1],
      [32, 1.5],
      [64, 2.5],
    ]);
  }
  u.trdat = lastLogon === null ? NO_DATE : dats(lastLogon);
  if (lastLogon === null && u.pwdState === 0) u.pwdState = 1;
  if (isTest) u.trdat = dats(REF_DAY - rng.between(200, 1500));
  return u;
}

function assignDialogRoles(
  u: User,
  persona: Persona,
  homeCc: string,
  plan: RolePlan,
  allReports: string[],
  rng: Random,
): void {
  const direct: string[] = [];
  const add = (role: string): void => {
    if (!direct.includes(role)) direct.push(role);
  };
  const orgBound = persona.core.some((k) => template(k).org);
  const composite = plan.compositeByPersonaCc.get(`${persona.key}|${orgBound ? homeCc : ''}`);
  const viaComposite = composite !== undefined && rng.chance(0.85);
  if (viaComposite) add(composite);
  else for (const k of persona.core) add(roleFor(k, homeCc, plan.derived));
  // Some users work for several company codes.
  if (orgBound && rng.chance(0.1)) {
    for (const cc of rng.sample(plan.companyCodes, rng.between(1, 2))) {
      for (const k of persona.core) if (template(k).org) add(roleFor(k, cc.code, plan.derived));
    }
  }
  for (const [k, p] of persona.optional) if (rng.chance(p)) add(roleFor(k, homeCc, plan.derived));
  // Roles kept from an earlier job in another department.
  if (rng.chance(0.15)) {
    const other = rng.pick(OTHER_PERSONAS);
    add(roleFor(rng.pick(other.core), homeCc, plan.derived));
  }
  if (plan.legacyRoles.length > 0 && rng.chance(0.02)) add(rng.pick(plan.legacyRoles));
  // Composite roles already bundle the basic role.
  if (!viaComposite && rng.chance(0.97)) add('Z_BC_END_USER');
  if (rng.chance(0.8)) add('Z_HR_ESS');
  const module = persona.core.length > 0 ? template(persona.core[0]).module : 'FI';
  const reports = plan.reportRolesByModule.get(module) ?? [];
  const extra = rng.chance(0.12) ? rng.between(5, 16) : rng.between(0, 4);
  // Every dialog user has at least three assignments: reporting roles of the own module
  // first, then any reporting role, then the basic roles.
  const fallback = ['Z_BC_END_USER', 'Z_HR_ESS', ...allReports];
  for (let guard = 0; direct.length < 3 && guard < 100; guard++) {
    add(
      rng.pick(
        guard < 10 && reports.length > 0 ? reports : guard < 30 && allReports.length > 0 ? allReports : fallback,
      ),
    );
  }
  for (let i = 0; i < extra && direct.length < 25; i++) {
    const pool = reports.length > 0 && rng.chance(0.8) ? reports : allReports;
    if (pool.length > 0) add(rng.pick(pool));
  }

  const style = rng.next();
  for (const role of direct.slice(0, 25)) {
    let from: number;
    if (style < 0.35) from = OLD;
    else from = rng.between(Math.max(dayOf(Number(u.erdat)), REF_DAY - 3650), REF_DAY - 1);
    let to = FAR;
    const kind = rng.next();
    if (kind < 0.08) to = rng.between(Math.max(from, REF_DAY - 1200), REF_DAY - 1);
    else if (kind < 0.12) to = REF_DAY + rng.between(1, 540);
    else if (kind < 0.13) from = REF_DAY + rng.between(1, 90);
    if (to < from) to = from;
    u.assignments.push({ role, from, to });
  }
}

function writeUser(u: User, roles: WrittenRoles, rng: Random, w: UserWriters): void {
  w.logon.row([
    MANDT,
    u.bname,
    u.ustyp,
    String(u.uflag),
    u.gltgv,
    u.gltgb,
    u.trdat,
    u.userGroup,
    u.codvn,
    String(u.pwdState),
    u.erdat,
  ]);
  const fullName = [u.firstName, u.lastName].filter(Boolean).join(' ');
  w.addresses.row([MANDT, u.bname, u.firstName, u.lastName, fullName, u.department, u.email]);
  if (u.licence) w.licences.row([MANDT, u.bname, u.licence]);
  if (u.referenceUser) w.references.row([MANDT, u.bname, u.referenceUser]);

  // UST04 is what the last user comparison left: mostly the valid assignments' profiles.
  const profiles: string[] = [];
  const addProfile = (p: string | undefined): void => {
    if (p && !profiles.includes(p)) profiles.push(p);
  };
  for (const a of u.assignments) {
    w.assignments.row([MANDT, a.role, u.bname, dayText(a.from), dayText(a.to)]);
    const valid = a.from <= REF_DAY && REF_DAY <= a.to;
    const keep = valid ? rng.chance(0.995) : rng.chance(0.3);
    if (!keep) continue;
    const singles = roles.children.get(a.role) ?? [a.role];
    for (const s of singles) addProfile(roles.profileOf.get(s));
  }
  for (const p of u.manualProfiles) addProfile(p);
  for (const p of profiles) w.profiles.row([MANDT, u.bname, p]);
}
