import { describe, expect, it } from 'vitest';
import type { RoleAuthorisationRow } from '../../../engine/model/extract.ts';
import { buildBasisRuleset, AUTHORISATION_CHECK_SPECS } from '../../../engine/basis/index.ts';
import { D, detail, extract, ids, inst, run, tcodes, user } from './fixtures.ts';

type Grant = (role: string) => RoleAuthorisationRow[];

interface Case {
  check: string;
  /** Each grant is one role of its own user, who must be reported. */
  positive: Record<string, Grant>;
  /** Each grant is one role of its own user, who must not be reported. */
  negative: Record<string, Grant>;
}

/** Several grants in one role, each its own instance. */
const all = (...grants: Grant[]): Grant => (r) => grants.flatMap((g, i) => g(r).map((row) => ({ ...row, auth: `${row.auth}_${i}` })));
const tc = (...codes: string[]): Grant => (r) => tcodes(r, ...codes);
const obj = (object: string, fields: Parameters<typeof inst>[3]): Grant => (r) => inst(r, object, `${object}_A`, fields);

const CASES: Case[] = [
  {
    check: 'C04',
    positive: { debug02: obj('S_DEVELOP', { OBJTYPE: 'DEBUG', ACTVT: '02', DEVCLASS: '*', OBJNAME: '*', P_GROUP: '*' }) },
    negative: { debug03only: obj('S_DEVELOP', { OBJTYPE: 'DEBUG', ACTVT: '03', DEVCLASS: '*', OBJNAME: '*', P_GROUP: '*' }) },
  },
  {
    check: 'C05',
    positive: { debug03: obj('S_DEVELOP', { OBJTYPE: 'DEBUG', ACTVT: '03' }) },
    negative: { prog03: obj('S_DEVELOP', { OBJTYPE: 'PROG', ACTVT: '03' }) },
  },
  {
    check: 'C06',
    positive: {
      se38prog: all(tc('SE38'), obj('S_DEVELOP', { OBJTYPE: 'PROG', ACTVT: '02', DEVCLASS: '*', OBJNAME: '*' })),
      tcodeRangeAnyType: all((r) => inst(r, 'S_TCODE', 'RANGE', { TCD: [['SE80', 'SE89']] }), obj('S_DEVELOP', { OBJTYPE: '*', ACTVT: '01' })),
    },
    negative: {
      noEditor: all(tc('SU01'), obj('S_DEVELOP', { OBJTYPE: 'PROG', ACTVT: '02' })),
      displayOnly: all(tc('SE38'), obj('S_DEVELOP', { OBJTYPE: 'PROG', ACTVT: '03' })),
      debugOnly: all(tc('SE80'), obj('S_DEVELOP', { OBJTYPE: 'DEBUG', ACTVT: '02' })),
    },
  },
  {
    check: 'C07',
    positive: { sm30all: all(tc('SM30'), obj('S_TABU_DIS', { ACTVT: '02', DICBERCLS: '*' })) },
    negative: {
      splitInstances: all(
        tc('SM30'),
        (r) => inst(r, 'S_TABU_DIS', 'CHANGE_FI', { ACTVT: '02', DICBERCLS: 'FC' }),
        (r) => inst(r, 'S_TABU_DIS', 'SHOW_ALL', { ACTVT: '03', DICBERCLS: '*' }),
      ),
      restrictedGroup: all(tc('SM30'), obj('S_TABU_DIS', { ACTVT: '02', DICBERCLS: 'Z*' })),
      noTcode: all(tc('SE16'), obj('S_TABU_DIS', { ACTVT: '02', DICBERCLS: '*' })),
    },
  },
  {
    check: 'C08',
    positive: { se16all: all(tc('SE16'), obj('S_TABU_DIS', { ACTVT: '03', DICBERCLS: '*' })) },
    negative: { se16sc: all(tc('SE16'), obj('S_TABU_DIS', { ACTVT: '03', DICBERCLS: 'SC' })) },
  },
  {
    check: 'C09',
    positive: { allTables: obj('S_TABU_NAM', { ACTVT: '02', TABLE: '*' }) },
    negative: { zTables: obj('S_TABU_NAM', { ACTVT: '02', TABLE: 'Z*' }) },
  },
  {
    check: 'C10',
    positive: {
      crossClient: all(tc('SM31'), obj('S_TABU_DIS', { ACTVT: '02', DICBERCLS: '*' }), obj('S_TABU_CLI', { CLIIDMAINT: 'X' })),
    },
    negative: { noCli: all(tc('SM31'), obj('S_TABU_DIS', { ACTVT: '02', DICBERCLS: '*' })) },
  },
  {
    check: 'C11',
    positive: {
      scc4ss: all(tc('SCC4'), obj('S_TABU_DIS', { ACTVT: '02', DICBERCLS: 'SS' }), obj('S_TABU_CLI', { CLIIDMAINT: 'X' })),
      scc4star: all(tc('SCC4'), obj('S_TABU_DIS', { ACTVT: '*', DICBERCLS: '*' }), obj('S_TABU_CLI', { CLIIDMAINT: '*' })),
    },
    negative: {
      display: all(tc('SCC4'), obj('S_TABU_DIS', { ACTVT: '03', DICBERCLS: 'SS' }), obj('S_TABU_CLI', { CLIIDMAINT: 'X' })),
    },
  },
  {
    check: 'C12',
    positive: { sysc: all(tc('SE06'), obj('S_CTS_ADMI', { CTS_ADMFCT: 'SYSC' })) },
    negative: { impa: all(tc('SE06'), obj('S_CTS_ADMI', { CTS_ADMFCT: 'IMPA' })) },
  },
  {
    check: 'C13',
    positive: { stms: all(tc('STMS'), obj('S_CTS_ADMI', { CTS_ADMFCT: ['TABL', 'IMPS'] })) },
    negative: { noStms: all(tc('SE09'), obj('S_CTS_ADMI', { CTS_ADMFCT: 'IMPA' })) },
  },
  {
    check: 'C14',
    positive: { release: obj('S_TRANSPRT', { ACTVT: ['01', '43'], TTYPE: '*' }) },
    negative: { customizingOnly: obj('S_TRANSPRT', { ACTVT: '43', TTYPE: 'CUST' }) },
  },
  {
    check: 'C15',
    positive: { sa38: all(tc('SA38'), obj('S_PROGRAM', { P_ACTION: 'SUBMIT', P_GROUP: '*' })) },
    negative: { variantOnly: all(tc('SA38'), obj('S_PROGRAM', { P_ACTION: 'VARIANT', P_GROUP: '*' })) },
  },
  {
    check: 'C16',
    positive: { anyRfc: obj('S_RFC', { ACTVT: '16', RFC_TYPE: 'FUNC', RFC_NAME: '*' }) },
    negative: { zRfc: obj('S_RFC', { ACTVT: '16', RFC_TYPE: 'FUGR', RFC_NAME: 'Z_*' }) },
  },
  {
    check: 'C17',
    positive: { trustedAny: obj('S_RFCACL', { RFC_SYSID: '*', RFC_CLIENT: '*', RFC_USER: '*' }) },
    negative: { trustedOne: obj('S_RFCACL', { RFC_SYSID: '*', RFC_CLIENT: '*', RFC_USER: 'ALEREMOTE' }) },
  },
  {
    check: 'C18',
    positive: { sm59: all(tc('SM59'), obj('S_RFC_ADM', { ACTVT: '02' })) },
    negative: { sm59display: all(tc('SM59'), obj('S_RFC_ADM', { ACTVT: '03' })) },
  },
  {
    check: 'C19',
    positive: { su01: all(tc('SU01'), obj('S_USER_GRP', { ACTVT: ['01', '02'], CLASS: '*' })) },
    negative: { oneGroup: all(tc('SU01'), obj('S_USER_GRP', { ACTVT: '02', CLASS: 'STAFF' })) },
  },
  {
    check: 'C20',
    positive: {
      unlock: obj('S_USER_GRP', { ACTVT: '05', CLASS: 'STAFF' }),
      change: obj('S_USER_GRP', { ACTVT: '02', CLASS: 'STAFF' }),
    },
    negative: { display: obj('S_USER_GRP', { ACTVT: '03', CLASS: '*' }) },
  },
  {
    check: 'C21',
    positive: { assignRoles: all(obj('S_USER_GRP', { ACTVT: '22', CLASS: 'STAFF' }), obj('S_USER_AGR', { ACTVT: '22', ACT_GROUP: '*' })) },
    negative: { someRoles: all(obj('S_USER_GRP', { ACTVT: '22' }), obj('S_USER_AGR', { ACTVT: '22', ACT_GROUP: 'Z_*' })) },
  },
  {
    check: 'C22',
    positive: { assignProfiles: all(obj('S_USER_GRP', { ACTVT: '22' }), obj('S_USER_PRO', { ACTVT: '22', PROFILE: '*' })) },
    negative: { noGroup22: all(obj('S_USER_GRP', { ACTVT: '03' }), obj('S_USER_PRO', { ACTVT: '22', PROFILE: '*' })) },
  },
  {
    check: 'C23',
    positive: {
      pfcg: all(
        tc('PFCG'),
        obj('S_USER_AGR', { ACTVT: '02' }),
        obj('S_USER_PRO', { ACTVT: '07' }),
        obj('S_USER_AUT', { ACTVT: '01' }),
      ),
    },
    negative: { noAut: all(tc('PFCG'), obj('S_USER_AGR', { ACTVT: '02' }), obj('S_USER_PRO', { ACTVT: '02' })) },
  },
  {
    check: 'C24',
    positive: { allAdmin: obj('S_ADMI_FCD', { S_ADMI_FCD: '*' }) },
    negative: { spoolAdmin: obj('S_ADMI_FCD', { S_ADMI_FCD: ['SP01', 'SPAD'] }) },
  },
  {
    check: 'C25',
    positive: {
      jobAdmin: obj('S_BTCH_ADM', { BTCADMIN: 'Y' }),
      anyUser: obj('S_BTCH_NAM', { BTCUNAME: '*' }),
    },
    negative: { oneUser: all(obj('S_BTCH_ADM', { BTCADMIN: 'N' }), obj('S_BTCH_NAM', { BTCUNAME: 'BATCH_FI' })) },
  },
  {
    check: 'C26',
    positive: { osAll: all(tc('SM49'), obj('S_LOG_COM', { COMMAND: '*', OPSYSTEM: '*', HOST: '*' })) },
    negative: { oneCommand: all(tc('SM49'), obj('S_LOG_COM', { COMMAND: 'ZLS', OPSYSTEM: '*', HOST: '*' })) },
  },
  {
    check: 'C27',
    positive: { files: obj('S_DATASET', { ACTVT: '34', PROGRAM: '*', FILENAME: '*' }) },
    negative: { tmpOnly: obj('S_DATASET', { ACTVT: '33', PROGRAM: '*', FILENAME: '/tmp/*' }) },
  },
  {
    check: 'C28',
    positive: { rz10: all(tc('RZ10'), obj('S_RZL_ADM', { ACTVT: '01' })) },
    negative: { rz10display: all(tc('RZ10'), obj('S_RZL_ADM', { ACTVT: '03' })) },
  },
  {
    check: 'C29',
    positive: {
      configure: all(tc('SM19'), obj('S_ADMI_FCD', { S_ADMI_FCD: 'AUDA' })),
      deleteLogs: all(tc('SM18'), obj('S_ADMI_FCD', { S_ADMI_FCD: 'AUDD' })),
    },
    negative: {
      configureWithDeleteTcode: all(tc('SM18'), obj('S_ADMI_FCD', { S_ADMI_FCD: 'AUDA' })),
      displayLog: all(tc('SM20'), obj('S_ADMI_FCD', { S_ADMI_FCD: 'AUDA' })),
    },
  },
  {
    check: 'C30',
    positive: { deleteDocs: obj('S_SCD0', { ACTVT: '06' }) },
    negative: { displayDocs: obj('S_SCD0', { ACTVT: '08' }) },
  },
  {
    check: 'C31',
    positive: { spoolAll: obj('S_SPO_ACT', { SPOACTION: ['BASE', 'DISP'], SPOAUTH: '*' }) },
    negative: { spoolFi: obj('S_SPO_ACT', { SPOACTION: 'DISP', SPOAUTH: 'FI_LISTS' }) },
  },
  {
    check: 'C32',
    positive: { sm01: all(tc('SM01_DEV'), obj('S_ADMI_FCD', { S_ADMI_FCD: 'TLCK' })) },
    negative: { noTcode: all(tc('SM02'), obj('S_ADMI_FCD', { S_ADMI_FCD: 'TLCK' })) },
  },
  {
    check: 'C33',
    positive: { snro: all(tc('SNRO'), obj('S_NUMBER', { ACTVT: '02', NROBJ: '*' })) },
    negative: { snroDisplay: all(tc('SNRO'), obj('S_NUMBER', { ACTVT: '03', NROBJ: '*' })) },
  },
];

describe('authorisation checks C04–C33 (same instance, permission level)', () => {
  it('has a case for every authorisation check', () => {
    expect(CASES.map((c) => c.check)).toEqual(AUTHORISATION_CHECK_SPECS.map((s) => s.id));
  });

  for (const c of CASES) {
    it(`${c.check}: reports ${Object.keys(c.positive).join(', ')}; not ${Object.keys(c.negative).join(', ')}`, () => {
      const users = [];
      const rows: RoleAuthorisationRow[] = [];
      const assignments = [];
      for (const [name, grant] of [...Object.entries(c.positive), ...Object.entries(c.negative)]) {
        const bname = name.toUpperCase();
        users.push(user(bname));
        rows.push(...grant(`Z_${bname}`));
        assignments.push({ role: `Z_${bname}`, user: bname, from: null, to: null });
      }
      const result = run(extract({ users, roleAuthorisations: rows, roleAssignments: assignments }));
      expect(ids(result, c.check)).toEqual(Object.keys(c.positive).map((n) => n.toUpperCase()).sort());
    });
  }
});

describe('authorisation check details and user selection', () => {
  const debugReplace = (role: string): RoleAuthorisationRow[] => inst(role, 'S_DEVELOP', 'DBG', { OBJTYPE: 'DEBUG', ACTVT: '02' });

  it('names the tcode and every source path, through composites and reference users', () => {
    const x = extract({
      users: [user('DEV'), user('REFD', { ustyp: 'L' }), user('HELPER')],
      roleAuthorisations: [
        ...tcodes('Z_TC', 'SE38'),
        ...inst('Z_DEV', 'S_DEVELOP', 'DEV1', { OBJTYPE: 'PROG', ACTVT: '02' }),
        ...debugReplace('Z_DEBUG'),
      ],
      compositeRoles: [{ role: 'Z_COMP', child: 'Z_DEV' }],
      roleAssignments: [
        { role: 'Z_COMP', user: 'DEV', from: null, to: null },
        { role: 'Z_TC', user: 'DEV', from: null, to: null },
        { role: 'Z_DEBUG', user: 'REFD', from: null, to: null },
      ],
      referenceUsers: [{ user: 'HELPER', referenceUser: 'REFD' }],
    });
    const result = run(x);
    expect(detail(result, 'C06', 'DEV')).toBe('via SE38: R:Z_COMP>R:Z_DEV;R:Z_TC');
    expect(detail(result, 'C04', 'HELPER')).toBe('U:REFD>R:Z_DEBUG');
    // The reference user itself (type L) is not a C-check holder; U16 covers it.
    expect(ids(result, 'C04')).toEqual(['HELPER']);
  });

  it('labels the variants of an either-or check', () => {
    const x = extract({
      users: [user('BATCH')],
      roleAuthorisations: [...inst('Z_B1', 'S_BTCH_ADM', 'A', { BTCADMIN: 'Y' }), ...inst('Z_B2', 'S_BTCH_NAM', 'N', { BTCUNAME: '*' })],
      roleAssignments: [
        { role: 'Z_B1', user: 'BATCH', from: null, to: null },
        { role: 'Z_B2', user: 'BATCH', from: null, to: null },
      ],
    });
    expect(detail(run(x), 'C25', 'BATCH')).toBe('S_BTCH_ADM: R:Z_B1 | S_BTCH_NAM: R:Z_B2');
  });

  it('reports only unlocked users valid on D, through roles valid on D', () => {
    const x = extract({
      users: [
        user('OPEN'),
        user('LOCKED', { uflag: 64 }),
        user('EXPIRED', { validTo: D - 1 }),
        user('FUTURE', { validFrom: D + 1 }),
        user('LASTDAY', { validTo: D }),
        user('OLDROLE'),
      ],
      roleAuthorisations: debugReplace('Z_DEBUG'),
      roleAssignments: [
        ...['OPEN', 'LOCKED', 'EXPIRED', 'FUTURE', 'LASTDAY'].map((u) => ({ role: 'Z_DEBUG', user: u, from: null, to: null })),
        { role: 'Z_DEBUG', user: 'OLDROLE', from: 20250101, to: D - 1 },
      ],
    });
    expect(ids(run(x), 'C04')).toEqual(['LASTDAY', 'OPEN']);
  });

  it('finds authorisations of manual profiles through UST10C, UST10S and UST12', () => {
    const x = extract({
      users: [user('PROFUSER')],
      userProfiles: [{ user: 'PROFUSER', profile: 'Z_COMPOSITE' }],
      subProfiles: [{ profile: 'Z_COMPOSITE', subProfile: 'Z_ADMIN' }],
      profileAuthorisations: [{ profile: 'Z_ADMIN', object: 'S_ADMI_FCD', auth: 'ALL' }],
      authorisationValues: [{ object: 'S_ADMI_FCD', auth: 'ALL', field: 'S_ADMI_FCD', low: '*', high: '' }],
    });
    expect(detail(run(x), 'C24', 'PROFUSER')).toBe('P:Z_COMPOSITE>P:Z_ADMIN');
  });

  it('applies the TSTCA start check of a tcode', () => {
    const rows = [...tcodes('Z_T', 'SM59'), ...inst('Z_T', 'S_RFC_ADM', 'R', { ACTVT: '02' })];
    const base = {
      users: [user('RFCADMIN')],
      roleAuthorisations: rows,
      roleAssignments: [{ role: 'Z_T', user: 'RFCADMIN', from: null, to: null }],
    };
    expect(ids(run(extract(base)), 'C18')).toEqual(['RFCADMIN']);
    const withStartCheck = extract({ ...base, tcodeChecks: [{ tcode: 'SM59', object: 'S_ADMI_FCD', field: 'S_ADMI_FCD', value: 'NADM' }] });
    expect(ids(run(withStartCheck), 'C18')).toEqual([]);
  });

  it('builds one risk per variant, with permission lines under each tcode', () => {
    const rs = buildBasisRuleset();
    expect(rs.risks.map((r) => r.id)).toContain('C25#2');
    const c07 = rs.functions.find((f) => f.id === 'C07#1')!;
    expect(c07.actions.map((a) => a.action)).toEqual(['SM30', 'SM31', 'SE16N', 'SM34']);
    expect(c07.permissions.filter((p) => p.action === 'SE16N').map((p) => `${p.object}.${p.field}=${p.low}`)).toEqual([
      'S_TABU_DIS.ACTVT=02',
      'S_TABU_DIS.DICBERCLS=*',
    ]);
    const c04 = rs.functions.find((f) => f.id === 'C04#1')!;
    expect(c04.actions).toEqual([]);
    expect(rs.risks.find((r) => r.id === 'C04#1')!.type).toBe('CRITICAL_PERMISSION');
  });
});
