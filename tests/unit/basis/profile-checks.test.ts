import { describe, expect, it } from 'vitest';
import { D, detail, extract, ids, run, user } from './fixtures.ts';

describe('profile checks C01–C03', () => {
  it('C01: SAP_ALL directly, as a UST10C sub-profile (nested) and through a reference user', () => {
    const x = extract({
      users: [user('DIRECT'), user('NESTED'), user('VIAREF'), user('REFALL', { ustyp: 'L' }), user('PLAIN')],
      userProfiles: [
        { user: 'DIRECT', profile: 'SAP_ALL' },
        { user: 'NESTED', profile: 'Z_TOP' },
        { user: 'REFALL', profile: 'SAP_ALL' },
        { user: 'PLAIN', profile: 'Z_OTHER' },
      ],
      subProfiles: [
        { profile: 'Z_TOP', subProfile: 'Z_MID' },
        { profile: 'Z_MID', subProfile: 'SAP_ALL' },
        { profile: 'Z_MID', subProfile: 'Z_TOP' }, // a cycle must not loop
        { profile: 'Z_OTHER', subProfile: 'Z_LEAF' },
      ],
      referenceUsers: [{ user: 'VIAREF', referenceUser: 'REFALL' }],
    });
    const result = run(x);
    expect(ids(result, 'C01')).toEqual(['DIRECT', 'NESTED', 'VIAREF']);
    expect(detail(result, 'C01', 'DIRECT')).toBe('P:SAP_ALL');
    expect(detail(result, 'C01', 'NESTED')).toBe('P:Z_TOP>P:Z_MID>P:SAP_ALL');
    expect(detail(result, 'C01', 'VIAREF')).toBe('U:REFALL>P:SAP_ALL');
  });

  it('C01: not for locked or expired holders, nor through a reference user missing from USR02', () => {
    const x = extract({
      users: [user('LOCKED', { uflag: 32 }), user('EXPIRED', { validTo: D - 1 }), user('GHOSTREF')],
      userProfiles: [
        { user: 'LOCKED', profile: 'SAP_ALL' },
        { user: 'EXPIRED', profile: 'SAP_ALL' },
        { user: 'NOUSER', profile: 'SAP_ALL' },
      ],
      referenceUsers: [{ user: 'GHOSTREF', referenceUser: 'NOUSER' }],
    });
    expect(ids(run(x), 'C01')).toEqual([]);
  });

  it('C02: SAP_NEW, a SAP_NEW_* sub-profile and the role SAP_NEW valid on D; not an expired role', () => {
    const x = extract({
      users: [user('NEWPROF'), user('NEWSUB'), user('NEWROLE'), user('OLDROLE'), user('INCOMP'), user('NOTNEW')],
      userProfiles: [
        { user: 'NEWPROF', profile: 'SAP_NEW' },
        { user: 'NEWSUB', profile: 'SAP_NEW_740' },
        { user: 'NOTNEW', profile: 'SAP_NEWS' },
      ],
      subProfiles: [{ profile: 'SAP_NEW', subProfile: 'SAP_NEW_750' }],
      compositeRoles: [{ role: 'Z_BUNDLE', child: 'SAP_NEW' }],
      roleAssignments: [
        { role: 'SAP_NEW', user: 'NEWROLE', from: null, to: null },
        { role: 'SAP_NEW', user: 'OLDROLE', from: null, to: D - 1 },
        { role: 'Z_BUNDLE', user: 'INCOMP', from: D, to: null },
      ],
    });
    const result = run(x);
    expect(ids(result, 'C02')).toEqual(['INCOMP', 'NEWPROF', 'NEWROLE', 'NEWSUB']);
    expect(detail(result, 'C02', 'NEWPROF')).toBe('P:SAP_NEW');
    expect(detail(result, 'C02', 'INCOMP')).toBe('R:Z_BUNDLE>R:SAP_NEW');
  });

  it('C03: the S_A.* all-round profiles, not S_A.TMSADM', () => {
    const x = extract({
      users: [user('SYSADM'), user('CUST'), user('TMS')],
      userProfiles: [
        { user: 'SYSADM', profile: 'S_A.SYSTEM' },
        { user: 'CUST', profile: 'Z_CUST' },
        { user: 'TMS', profile: 'S_A.TMSADM' },
      ],
      subProfiles: [{ profile: 'Z_CUST', subProfile: 'S_A.CUSTOMIZ' }],
    });
    const result = run(x);
    expect(ids(result, 'C03')).toEqual(['CUST', 'SYSADM']);
    expect(detail(result, 'C03', 'CUST')).toBe('P:Z_CUST>P:S_A.CUSTOMIZ');
  });
});
