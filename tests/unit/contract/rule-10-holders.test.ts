/**
 * DESIGN 5.10 — Role level: the same evaluation with one role's instances as the holder
 * (single roles; a composite role holds the union of its children). Profile level likewise for
 * manually assigned profiles. (Decisions: role level = every role the extract names in
 * AGR_DEFINE, AGR_1251, AGR_AGRS, AGR_USERS; profile level = every UST04 profile not in
 * AGR_1016, holding its UST10C expansion.)
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import { PAY, VENDOR, extract, keys, keysAt, opts, p2pRuleset } from '../../reference/fixture.ts';

const rules = p2pRuleset().risk('CA_PAY', ['FN_PAY']).build();

describe('rule 10: role level', () => {
  it('a single role meeting a risk is a role-level finding, assigned or not', () => {
    const x = extract()
      .role('R_BOTH', ...VENDOR, ...PAY)
      .build();
    expect(keysAt('ROLE', analyse(x, rules, opts()).findings)).toEqual(['ROLE:R_BOTH:CA_PAY', 'ROLE:R_BOTH:P2P01']);
  });

  it('a composite role holds the union of its children; the children alone do not meet the SoD', () => {
    const x = extract()
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_P2P', 'S_VEND', 'S_PAY')
      .build();
    expect(keysAt('ROLE', analyse(x, rules, opts()).findings)).toEqual([
      'ROLE:C_P2P:CA_PAY',
      'ROLE:C_P2P:P2P01',
      'ROLE:S_PAY:CA_PAY',
    ]);
  });

  it('nested composites and cycles: every composite holds every single role below it', () => {
    const x = extract()
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_A', 'C_B', 'S_VEND')
      .composite('C_B', 'C_A', 'S_PAY')
      .build();
    expect(keysAt('ROLE', analyse(x, rules, opts()).findings)).toEqual([
      'ROLE:C_A:CA_PAY',
      'ROLE:C_A:P2P01',
      'ROLE:C_B:CA_PAY',
      'ROLE:C_B:P2P01',
      'ROLE:S_PAY:CA_PAY',
    ]);
  });

  it('a composite’s own AGR_1251 rows are not part of it at role level either', () => {
    const x = extract()
      .role('S_VEND', ...VENDOR)
      .role('C_P2P', ...PAY)
      .composite('C_P2P', 'S_VEND')
      .build();
    expect(keysAt('ROLE', analyse(x, rules, opts()).findings)).toEqual([]);
  });

  it('role-level findings do not depend on assignments or users', () => {
    const x = extract()
      .user('U_LOCKED', { uflag: 64 })
      .role('R_BOTH', ...VENDOR, ...PAY)
      .assign('U_LOCKED', 'R_BOTH', 20200101, 20201231)
      .build();
    const r = analyse(x, rules, opts());
    expect(keysAt('ROLE', r.findings)).toEqual(['ROLE:R_BOTH:CA_PAY', 'ROLE:R_BOTH:P2P01']);
    expect(keysAt('USER', r.findings)).toEqual([]);
  });

  it('counts every role the extract names (AGR_DEFINE, AGR_1251, AGR_AGRS, AGR_USERS) (decisions)', () => {
    const x = extract()
      .user('U1')
      .define('R_DEF_ONLY')
      .role('R_1251_ONLY', ...PAY)
      .composite('C_ONLY', 'S_CHILD_ONLY')
      .assign('U1', 'R_ASSIGN_ONLY')
      .build();
    const r = analyse(x, rules, opts());
    expect(r.counts.roles).toBe(5);
    expect(keysAt('ROLE', r.findings)).toEqual(['ROLE:R_1251_ONLY:CA_PAY']);
  });
});

describe('rule 10: profile level', () => {
  it('a manually assigned profile meeting a risk is a profile-level finding', () => {
    const x = extract()
      .user('U1')
      .profile('Z_ALL', ...VENDOR, ...PAY)
      .assignProfile('U1', 'Z_ALL')
      .build();
    expect(keysAt('PROFILE', analyse(x, rules, opts()).findings)).toEqual([
      'PROFILE:Z_ALL:CA_PAY',
      'PROFILE:Z_ALL:P2P01',
    ]);
  });

  it('a composite profile holds its UST10C expansion; its sub-profiles are not holders themselves', () => {
    const x = extract()
      .user('U1')
      .profile('P_VEND', ...VENDOR)
      .profile('P_PAY', ...PAY)
      .subProfiles('P_COMP', 'P_VEND', 'P_MID')
      .subProfiles('P_MID', 'P_PAY', 'P_COMP')
      .assignProfile('U1', 'P_COMP')
      .build();
    expect(keysAt('PROFILE', analyse(x, rules, opts()).findings)).toEqual([
      'PROFILE:P_COMP:CA_PAY',
      'PROFILE:P_COMP:P2P01',
    ]);
  });

  it('a generated role profile (AGR_1016) is not a profile-level holder', () => {
    const x = extract()
      .user('U1')
      .role('R_BOTH', ...VENDOR, ...PAY)
      .generated('R_BOTH', 'T-BOTH')
      .profile('T-BOTH', ...VENDOR, ...PAY)
      .assignProfile('U1', 'T-BOTH')
      .build();
    expect(keysAt('PROFILE', analyse(x, rules, opts()).findings)).toEqual([]);
  });

  it('a profile nobody has in UST04 is not a holder', () => {
    const x = extract()
      .profile('Z_ALL', ...VENDOR, ...PAY)
      .build();
    expect(keysAt('PROFILE', analyse(x, rules, opts()).findings)).toEqual([]);
  });

  it('a profile assigned only to a locked or unknown user is still a holder', () => {
    const x = extract()
      .user('U_LOCKED', { uflag: 64 })
      .profile('Z_PAY', ...PAY)
      .profile('Z_PAY2', ...PAY)
      .assignProfile('U_LOCKED', 'Z_PAY')
      .assignProfile('NOBODY', 'Z_PAY2')
      .build();
    expect(keysAt('PROFILE', analyse(x, rules, opts()).findings)).toEqual([
      'PROFILE:Z_PAY2:CA_PAY',
      'PROFILE:Z_PAY:CA_PAY',
    ]);
  });

  it('counts the manual profiles (decisions)', () => {
    const x = extract()
      .user('U1')
      .generated('R', 'T-GEN')
      .assignProfile('U1', 'T-GEN')
      .assignProfile('U1', 'Z_A')
      .assignProfile('U2', 'Z_B')
      .assignProfile('U2', 'Z_A')
      .build();
    expect(analyse(x, rules, opts()).counts.profiles).toBe(2);
  });
});

describe('rule 10: levels together', () => {
  const x = extract()
    .user('U1')
    .role('S_VEND', ...VENDOR)
    .role('S_PAY', ...PAY)
    .composite('C_P2P', 'S_VEND', 'S_PAY')
    .assign('U1', 'C_P2P')
    .profile('Z_PAY', ...PAY)
    .assignProfile('U1', 'Z_PAY')
    .build();

  it('evaluates users, roles and profiles by default', () => {
    expect(keys(analyse(x, rules, opts()).findings)).toEqual([
      'PROFILE:Z_PAY:CA_PAY',
      'ROLE:C_P2P:CA_PAY',
      'ROLE:C_P2P:P2P01',
      'ROLE:S_PAY:CA_PAY',
      'USER:U1:CA_PAY',
      'USER:U1:P2P01',
    ]);
  });

  it('holderLevels restricts the levels evaluated', () => {
    expect(keys(analyse(x, rules, opts({ holderLevels: ['USER'] })).findings)).toEqual([
      'USER:U1:CA_PAY',
      'USER:U1:P2P01',
    ]);
    expect(keys(analyse(x, rules, opts({ holderLevels: ['ROLE', 'PROFILE'] })).findings)).toEqual([
      'PROFILE:Z_PAY:CA_PAY',
      'ROLE:C_P2P:CA_PAY',
      'ROLE:C_P2P:P2P01',
      'ROLE:S_PAY:CA_PAY',
    ]);
  });
});
