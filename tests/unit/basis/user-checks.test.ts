import { describe, expect, it } from 'vitest';
import type { RoleAssignment } from '../../../engine/model/extract.ts';
import { D, detail, extract, ids, inst, run, tcodes, user } from './fixtures.ts';

const assign = (role: string, u: string, from: number | null = null, to: number | null = null): RoleAssignment => ({ role, user: u, from, to });
const SAPSTAR_GONE = 'the built-in SAP* can log on with password PASS unless login/no_automatic_user_sapstar = 1';

describe('special users U01–U05', () => {
  it('U01: a missing SAP* is reported for the extracted client given as option', () => {
    const x = extract({ users: [user('ALICE')], clients: [{ client: '000', category: 'S', changeRecording: '', crossClientChanges: '' }, { client: '100', category: 'P', changeRecording: '2', crossClientChanges: '3' }] });
    const result = run(x, { client: '100' });
    expect(ids(result, 'U01')).toEqual(['100']);
    expect(detail(result, 'U01', '100')).toBe(`SAP* does not exist in client 100: ${SAPSTAR_GONE}`);
  });

  it('U01: a missing SAP* is reported for the only client in T000; with several and no option the client is unknown', () => {
    const one = extract({ users: [user('ALICE')], clients: [{ client: '200', category: 'T', changeRecording: '', crossClientChanges: '' }] });
    expect(ids(run(one), 'U01')).toEqual(['200']);
    const two = extract({
      users: [user('ALICE')],
      clients: [
        { client: '100', category: 'P', changeRecording: '', crossClientChanges: '' },
        { client: '000', category: 'S', changeRecording: '', crossClientChanges: '' },
      ],
    });
    expect(run(two).findings.filter((f) => f.checkId === 'U01')).toEqual([
      {
        checkId: 'U01',
        id: 'SAP*',
        detail: `SAP* does not exist in the extracted client (T000 lists 000, 100; which one was extracted is not known): ${SAPSTAR_GONE}`,
        detailParts: [{ key: 'sapstar_missing_unknown_client', params: { clients: ['000', '100'] } }],
      },
    ]);
  });

  it('U01: an existing SAP* must be locked, in group SUPER, without profiles or roles', () => {
    const good = extract({ users: [user('SAP*', { uflag: 64, userGroup: 'SUPER' })] });
    expect(ids(run(good), 'U01')).toEqual([]);
    const bad = extract({
      users: [user('SAP*', { uflag: 0, userGroup: '' })],
      userProfiles: [{ user: 'SAP*', profile: 'SAP_ALL' }],
      roleAssignments: [assign('Z_ADMIN', 'SAP*')],
    });
    expect(detail(run(bad), 'U01', 'SAP*')).toBe('not locked; user group (none) instead of SUPER; profiles SAP_ALL; roles Z_ADMIN');
  });

  it('U02: DDIC unlocked, of dialog type, holding SAP_ALL; a locked system-type DDIC without SAP_ALL passes', () => {
    const bad = extract({ users: [user('DDIC', { ustyp: 'A' })], userProfiles: [{ user: 'DDIC', profile: 'SAP_ALL' }] });
    expect(detail(run(bad), 'U02', 'DDIC')).toBe('not locked; user type A instead of B; holds SAP_ALL (P:SAP_ALL): review');
    const good = extract({ users: [user('DDIC', { ustyp: 'B', uflag: 64 })], userProfiles: [{ user: 'DDIC', profile: 'S_A.SYSTEM' }] });
    expect(ids(run(good), 'U02')).toEqual([]);
  });

  it('U03: client 066 in T000; EARLYWATCH unlocked outside client 066', () => {
    const t000 = [
      { client: '000', category: 'S', changeRecording: '', crossClientChanges: '' },
      { client: '066', category: 'S', changeRecording: '', crossClientChanges: '' },
    ];
    const r1 = run(extract({ users: [user('EARLYWATCH')], clients: t000 }), { client: '100' });
    expect(ids(r1, 'U03')).toEqual(['066', 'EARLYWATCH']);
    expect(detail(r1, 'U03', 'EARLYWATCH')).toBe('not locked; exists in client 100, outside client 066');
    // Locked, and the extracted client may be 066: nothing to say about the user.
    const r2 = run(extract({ users: [user('EARLYWATCH', { uflag: 64 })], clients: t000 }));
    expect(ids(r2, 'U03')).toEqual(['066']);
    const r3 = run(extract({ users: [user('ALICE')], clients: [t000[0]] }));
    expect(ids(r3, 'U03')).toEqual([]);
  });

  it('U04: TMSADM of the wrong type, with more than S_A.TMSADM, or outside client 000', () => {
    const bad = extract({
      users: [user('TMSADM', { ustyp: 'A' })],
      userProfiles: [
        { user: 'TMSADM', profile: 'S_A.TMSADM' },
        { user: 'TMSADM', profile: 'SAP_ALL' },
      ],
    });
    expect(detail(run(bad, { client: '000' }), 'U04', 'TMSADM')).toBe('user type A instead of B or C; profiles other than S_A.TMSADM: SAP_ALL');
    const good = extract({ users: [user('TMSADM', { ustyp: 'C' })], userProfiles: [{ user: 'TMSADM', profile: 'S_A.TMSADM' }] });
    expect(ids(run(good, { client: '000' }), 'U04')).toEqual([]);
    expect(detail(run(good, { client: '100' }), 'U04', 'TMSADM')).toBe('exists in client 100, outside client 000');
  });

  it('U05: SAPCPIC is reported when it exists', () => {
    const x = extract({ users: [user('SAPCPIC', { ustyp: 'A', uflag: 64 })] });
    expect(detail(run(x), 'U05', 'SAPCPIC')).toBe(
      'exists: delete it, or make sure its default password ADMIN was changed (not visible in the extract); user type A instead of C; locked (local)',
    );
    expect(ids(run(extract({ users: [user('ALICE')] })), 'U05')).toEqual([]);
  });
});

describe('logon and validity U07–U10', () => {
  it('U07: dialog and service users never logged on, created more than 30 days before D', () => {
    const x = extract({
      users: [
        user('OLDNEVER', { lastLogon: null, createdOn: 20260501 }), // 31 days
        user('EDGE', { lastLogon: null, createdOn: 20260502 }), // 30 days: not more than 30
        user('SVCNEVER', { ustyp: 'S', lastLogon: null, createdOn: 20200101, uflag: 128 }),
        user('SYSNEVER', { ustyp: 'B', lastLogon: null, createdOn: 20200101 }),
        user('NODATE', { lastLogon: null, createdOn: null }),
        user('ACTIVE', { lastLogon: 20200102, createdOn: 20200101 }),
      ],
    });
    const result = run(x);
    expect(ids(result, 'U07')).toEqual(['OLDNEVER', 'SVCNEVER']);
    expect(detail(result, 'U07', 'OLDNEVER')).toBe('never logged on; created 20260501 (31 days before 20260601)');
    expect(detail(result, 'U07', 'SVCNEVER')).toBe('never logged on; created 20200101 (2343 days before 20260601); locked (failed logons)');
    expect(ids(run(x, { neverLoggedOnDays: 31 }), 'U07')).toEqual(['SVCNEVER']);
  });

  it('U08: unlocked valid dialog and service users whose last logon is more than 90 days before D', () => {
    const x = extract({
      users: [
        user('DORMANT', { lastLogon: 20260302 }), // 91 days
        user('EDGE', { lastLogon: 20260303 }), // 90 days
        user('LOCKED', { lastLogon: 20250101, uflag: 64 }),
        user('EXPIRED', { lastLogon: 20250101, validTo: 20250601 }),
        user('COMM', { ustyp: 'C', lastLogon: 20250101 }),
        user('SERVICE', { ustyp: 'S', lastLogon: 20250101 }),
      ],
    });
    const result = run(x);
    expect(ids(result, 'U08')).toEqual(['DORMANT', 'SERVICE']);
    expect(detail(result, 'U08', 'DORMANT')).toBe('last logon 20260302 (91 days before 20260601)');
    expect(ids(run(x, { dormantDays: 365 }), 'U08')).toEqual(['SERVICE']);
  });

  it('U08: day counts are calendar-exact across a leap day', () => {
    const x = extract({ users: [user('LEAP', { lastLogon: 20231201 }), user('LEAP2', { lastLogon: 20231202 })] });
    // 2023-12-01 → 2024-03-01 is 91 days (2024-02 has 29), 2023-12-02 → 90.
    expect(ids(run(x, { date: 20240301 }), 'U08')).toEqual(['LEAP']);
  });

  it('U09: expired users that still hold profiles or role assignments valid on D', () => {
    const x = extract({
      users: [
        user('EXPPROF', { validTo: 20260531 }),
        user('EXPROLE', { validTo: 20250101 }),
        user('EXPCLEAN', { validTo: 20250101 }),
        user('LASTDAY', { validTo: D }),
      ],
      userProfiles: [
        { user: 'EXPPROF', profile: 'Z_PROF' },
        { user: 'LASTDAY', profile: 'Z_PROF' },
      ],
      roleAssignments: [assign('Z_ROLE', 'EXPROLE'), assign('Z_ROLE', 'EXPCLEAN', null, 20250101)],
    });
    const result = run(x);
    expect(ids(result, 'U09')).toEqual(['EXPPROF', 'EXPROLE']);
    expect(detail(result, 'U09', 'EXPPROF')).toBe('valid to 20260531; profiles Z_PROF');
    expect(detail(result, 'U09', 'EXPROLE')).toBe('valid to 20250101; roles Z_ROLE');
  });

  it('U10: users valid only after D', () => {
    const x = extract({ users: [user('LATER', { validFrom: 20260602 }), user('TODAY', { validFrom: D })] });
    const result = run(x);
    expect(ids(result, 'U10')).toEqual(['LATER']);
    expect(detail(result, 'U10', 'LATER')).toBe('valid from 20260602');
  });
});

describe('passwords U11–U13', () => {
  it('U11: weak or downward-compatible hash code versions', () => {
    const x = extract({
      users: [user('B', { codvn: 'B' }), user('F', { codvn: 'F' }), user('I', { codvn: 'i' }), user('H', { codvn: 'H' }), user('X', { codvn: 'X' }), user('NONE', { codvn: '' })],
    });
    const result = run(x);
    expect(ids(result, 'U11')).toEqual(['B', 'F', 'I']);
    expect(detail(result, 'U11', 'B')).toBe('CODVN B: MD5-based, 8 characters, upper case');
  });

  it('U12: initial password (PWDSTATE 1) of users created more than 30 days before D', () => {
    const x = extract({
      users: [
        user('OLDINIT', { pwdState: 1, createdOn: 20200101, uflag: 128 }),
        user('NEWINIT', { pwdState: 1, createdOn: 20260520 }),
        user('UNKNOWN', { pwdState: 1, createdOn: null }),
        user('CHANGED', { pwdState: 0, createdOn: 20200101 }),
        user('EXPIREDPW', { pwdState: 2, createdOn: 20200101 }),
      ],
    });
    const result = run(x);
    expect(ids(result, 'U12')).toEqual(['OLDINIT', 'UNKNOWN']);
    expect(detail(result, 'U12', 'OLDINIT')).toBe('initial password (PWDSTATE 1); created 20200101; locked (failed logons)');
    expect(detail(result, 'U12', 'UNKNOWN')).toBe('initial password (PWDSTATE 1); creation date unknown');
    expect(ids(run(x, { initialPasswordDays: 5 }), 'U12')).toEqual(['NEWINIT', 'OLDINIT', 'UNKNOWN']);
  });

  it('U13: users without a password (CODVN X)', () => {
    const result = run(extract({ users: [user('SSO', { codvn: 'X' }), user('PW', { codvn: 'H' })] }));
    expect(ids(result, 'U13')).toEqual(['SSO']);
  });
});

describe('critical access by user type U14–U16, U21', () => {
  const allAdmin = inst('Z_ADMIN', 'S_ADMI_FCD', 'ALL', { S_ADMI_FCD: '*' });
  const userAdmin = [...tcodes('Z_USERADM', 'SU01'), ...inst('Z_USERADM', 'S_USER_GRP', 'ALL', { ACTVT: '02', CLASS: '*' })];
  const debugShow = inst('Z_DEBUGSHOW', 'S_DEVELOP', 'SHOW', { OBJTYPE: 'DEBUG', ACTVT: '03' });
  const debugReplace = inst('Z_DEBUG', 'S_DEVELOP', 'DBG', { OBJTYPE: 'DEBUG', ACTVT: '02' });

  it('U14: service users with any C-check finding', () => {
    const x = extract({
      users: [user('SVC', { ustyp: 'S' }), user('SVCLOCKED', { ustyp: 'S', uflag: 64 }), user('SVCCLEAN', { ustyp: 'S' }), user('DIALOG')],
      roleAuthorisations: [...allAdmin, ...debugShow],
      roleAssignments: [assign('Z_ADMIN', 'SVC'), assign('Z_DEBUGSHOW', 'SVC'), assign('Z_ADMIN', 'SVCLOCKED'), assign('Z_ADMIN', 'DIALOG')],
    });
    const result = run(x);
    expect(ids(result, 'U14')).toEqual(['SVC']);
    expect(detail(result, 'U14', 'SVC')).toBe('service user with C05, C24');
  });

  it('U15: system and communication users with C01, C04, C06 or C19', () => {
    const x = extract({
      users: [user('RFCUSER', { ustyp: 'C' }), user('BATCHALL', { ustyp: 'B' }), user('BATCHADM', { ustyp: 'B' }), user('PERSON')],
      roleAuthorisations: [...allAdmin, ...userAdmin],
      roleAssignments: [assign('Z_USERADM', 'RFCUSER'), assign('Z_ADMIN', 'BATCHADM'), assign('Z_USERADM', 'PERSON')],
      userProfiles: [{ user: 'BATCHALL', profile: 'SAP_ALL' }],
    });
    const result = run(x);
    expect(ids(result, 'U15')).toEqual(['BATCHALL', 'RFCUSER']);
    expect(detail(result, 'U15', 'RFCUSER')).toBe('user type C with C19');
    expect(detail(result, 'U15', 'BATCHALL')).toBe('user type B with C01');
  });

  it('U16: reference users not of type L, or holding critical access', () => {
    const x = extract({
      users: [
        user('U1'),
        user('U2'),
        user('U3'),
        user('REFDIALOG'),
        user('REFALL', { ustyp: 'L' }),
        user('REFCLEAN', { ustyp: 'L' }),
        user('LADMIN', { ustyp: 'L', validTo: 20200101 }),
      ],
      userProfiles: [{ user: 'REFALL', profile: 'SAP_ALL' }],
      roleAuthorisations: allAdmin,
      roleAssignments: [assign('Z_ADMIN', 'LADMIN')],
      referenceUsers: [
        { user: 'U1', referenceUser: 'REFDIALOG' },
        { user: 'U2', referenceUser: 'REFALL' },
        { user: 'U3', referenceUser: 'REFCLEAN' },
        { user: 'U3', referenceUser: 'MISSING' },
      ],
    });
    const result = run(x);
    expect(ids(result, 'U16')).toEqual(['LADMIN', 'REFALL', 'REFDIALOG']);
    expect(detail(result, 'U16', 'REFDIALOG')).toBe('user type A instead of L; referenced by U1');
    expect(detail(result, 'U16', 'REFALL')).toBe('critical access C01; referenced by U2');
    expect(detail(result, 'U16', 'LADMIN')).toBe('critical access C24');
  });

  it('U21: locked users with SAP_ALL, C04, C06, C07, C19 or C24 (not reported by the C-checks)', () => {
    const x = extract({
      users: [
        user('LOCKDBG', { uflag: 64 }),
        user('LOCKALL', { uflag: 32 }),
        user('LOCKSHOW', { uflag: 64 }),
        user('OPENDBG'),
        user('LOCKEXP', { uflag: 64, validTo: 20250101 }),
      ],
      roleAuthorisations: [...debugReplace, ...debugShow],
      roleAssignments: [assign('Z_DEBUG', 'LOCKDBG'), assign('Z_DEBUGSHOW', 'LOCKSHOW'), assign('Z_DEBUG', 'OPENDBG'), assign('Z_DEBUG', 'LOCKEXP')],
      userProfiles: [{ user: 'LOCKALL', profile: 'SAP_ALL' }],
    });
    const result = run(x);
    expect(ids(result, 'U21')).toEqual(['LOCKALL', 'LOCKDBG']);
    expect(detail(result, 'U21', 'LOCKDBG')).toBe('locked (local) with C04');
    expect(detail(result, 'U21', 'LOCKALL')).toBe('locked (global) with C01');
    expect(ids(result, 'C04')).toEqual(['OPENDBG']);
  });
});

describe('user master structure U17–U19, U22', () => {
  it('U17: users without a user group', () => {
    const result = run(extract({ users: [user('NOGROUP', { userGroup: '' }), user('GROUPED')] }));
    expect(ids(result, 'U17')).toEqual(['NOGROUP']);
  });

  it('U18: UST04 profiles not generated from a role (AGR_1016)', () => {
    const x = extract({
      users: [user('MIXED'), user('ROLEONLY')],
      roleProfiles: [{ role: 'Z_ROLE', profile: 'T-ROLE0001' }],
      roleAssignments: [assign('Z_ROLE', 'MIXED'), assign('Z_ROLE', 'ROLEONLY')],
      userProfiles: [
        { user: 'MIXED', profile: 'T-ROLE0001' },
        { user: 'MIXED', profile: 'SAP_ALL' },
        { user: 'MIXED', profile: 'Z_MANUAL' },
        { user: 'ROLEONLY', profile: 'T-ROLE0001' },
      ],
    });
    const result = run(x);
    expect(ids(result, 'U18')).toEqual(['MIXED']);
    expect(detail(result, 'U18', 'MIXED')).toBe('profiles not generated from a role: SAP_ALL, Z_MANUAL');
  });

  it('U18 and U19 are unavailable without AGR_1016 when roles are assigned', () => {
    const x = extract({
      users: [user('ANY')],
      roleAssignments: [assign('Z_ROLE', 'ANY')],
      userProfiles: [{ user: 'ANY', profile: 'T-ROLE0001' }],
    });
    const result = run(x);
    expect(ids(result, 'U18')).toEqual([]);
    expect(ids(result, 'U19')).toEqual([]);
    const u18 = result.checks.find((c) => c.id === 'U18')!;
    expect(u18.available).toBe(false);
    expect(u18.unavailableReason).toMatch(/AGR_1016/);
    expect(result.checks.find((c) => c.id === 'U19')!.available).toBe(false);
  });

  it('U19: generated profiles without a valid assignment, and valid roles without their profile', () => {
    const x = extract({
      users: [user('STALE'), user('MISSING'), user('INSYNC'), user('VIACOMP'), user('BIGROLE')],
      compositeRoles: [{ role: 'Z_COMP', child: 'Z_C' }],
      roleProfiles: [
        { role: 'Z_A', profile: 'T-A0000001' },
        { role: 'Z_B', profile: 'T-B0000001' },
        { role: 'Z_C', profile: 'T-C0000001' },
        { role: 'Z_BIG', profile: 'T-BIG00001' },
      ],
      roleAssignments: [
        assign('Z_A', 'STALE', 20250101, D - 1),
        assign('Z_B', 'MISSING', null, null),
        assign('Z_C', 'INSYNC'),
        assign('Z_COMP', 'VIACOMP'),
        assign('Z_BIG', 'BIGROLE'),
      ],
      userProfiles: [
        { user: 'STALE', profile: 'T-A0000001' },
        { user: 'INSYNC', profile: 'T-C0000001' },
        { user: 'VIACOMP', profile: 'T-C0000001' },
        { user: 'BIGROLE', profile: 'T-BIG0000101' },
      ],
    });
    const result = run(x);
    expect(ids(result, 'U19')).toEqual(['MISSING', 'STALE']);
    expect(detail(result, 'U19', 'STALE')).toBe('holds T-A0000001 of role Z_A without a valid assignment');
    expect(detail(result, 'U19', 'MISSING')).toBe('valid role Z_B without its profile T-B0000001 in UST04');
  });

  it('U19 is unavailable without UST04', () => {
    const x = extract({ users: [user('ANY')], roleProfiles: [{ role: 'Z_B', profile: 'T-B0000001' }], roleAssignments: [assign('Z_B', 'ANY')] });
    const result = run(x);
    expect(ids(result, 'U19')).toEqual([]);
    expect(result.checks.find((c) => c.id === 'U19')!.unavailableReason).toMatch(/UST04/);
  });

  it('U22: licence-relevant users without a licence type; dialog users with roles classified 91', () => {
    const x = extract({
      users: [
        user('LICENSED'),
        user('NOROW'),
        user('BLANK', { ustyp: 'S' }),
        user('SYSTEM', { ustyp: 'B' }),
        user('TESTROLES'),
        user('TESTEMPTY'),
        user('TESTSVC', { ustyp: 'S' }),
      ],
      licenceTypes: [
        { user: 'LICENSED', licenceType: 'CA' },
        { user: 'BLANK', licenceType: ' ' },
        { user: 'TESTROLES', licenceType: '91' },
        { user: 'TESTEMPTY', licenceType: '91' },
        { user: 'TESTSVC', licenceType: '91' },
      ],
      roleAssignments: [assign('Z_SALES', 'TESTROLES'), assign('Z_SALES', 'TESTEMPTY', null, 20250101), assign('Z_SALES', 'TESTSVC')],
    });
    const result = run(x);
    expect(ids(result, 'U22')).toEqual(['BLANK', 'NOROW', 'TESTROLES']);
    expect(detail(result, 'U22', 'NOROW')).toBe('user type A without a licence type (USR06 LIC_TYPE)');
    expect(detail(result, 'U22', 'TESTROLES')).toBe('dialog user classified 91 (test) with roles Z_SALES');
  });

  it('U22 is unavailable without USR06', () => {
    const result = run(extract({ users: [user('NOROW')] }));
    expect(ids(result, 'U22')).toEqual([]);
    expect(result.checks.find((c) => c.id === 'U22')!.available).toBe(false);
  });
});
