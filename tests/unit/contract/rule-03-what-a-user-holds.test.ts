/**
 * DESIGN 5.3 — What a user holds:
 * (a) roles: AGR_USERS rows valid on D → composites expanded through AGR_AGRS (recursively,
 *     cycle-safe) → single roles' AGR_1251 rows with DELETED ≠ 'X', `$VARBL` values replaced
 *     by that role's AGR_1252 rows (none → the field has no value);
 * (b) profiles: UST04 profiles not in AGR_1016, expanded through UST10C (recursively,
 *     cycle-safe) → UST10S → UST12;
 * (c) the reference user's roles and profiles, once, when it exists in USR02 (its own lock and
 *     validity do not matter).
 * One instance = (source, OBJECT, AUTH); its field values are the OR of its rows.
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import type { Ruleset, SystemExtract } from '../../../engine/model/index.ts';
import {
  D_MINUS_1,
  PAY,
  VENDOR,
  extract,
  inst,
  keysAt,
  opts,
  p2pRuleset,
  payFunctionLines,
  perm,
  ruleset,
  tcodes,
} from '../../reference/fixture.ts';

const pay = ruleset().fn('FN_PAY', ['F110'], payFunctionLines()).risk('CA_PAY', ['FN_PAY']).build();
const sod = p2pRuleset().build();

const users = (x: SystemExtract, r: Ruleset = sod, o = opts()): string[] => keysAt('USER', analyse(x, r, o).findings);

describe('rule 3 (a): roles', () => {
  it('expands a composite role to its single roles', () => {
    const x = extract()
      .user('U1')
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_P2P', 'S_VEND', 'S_PAY')
      .assign('U1', 'C_P2P')
      .build();
    expect(users(x)).toEqual(['USER:U1:P2P01']);
  });

  it('expands nested composites recursively', () => {
    const x = extract()
      .user('U1')
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_TOP', 'C_MID', 'S_VEND')
      .composite('C_MID', 'C_LOW')
      .composite('C_LOW', 'S_PAY')
      .assign('U1', 'C_TOP')
      .build();
    expect(users(x)).toEqual(['USER:U1:P2P01']);
  });

  it('survives composite cycles (A → B → A, and a composite containing itself)', () => {
    const x = extract()
      .user('U1')
      .user('U2')
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_A', 'C_B', 'S_VEND')
      .composite('C_B', 'C_A', 'S_PAY')
      .composite('C_SELF', 'C_SELF', 'S_VEND')
      .assign('U1', 'C_A')
      .assign('U2', 'C_SELF')
      .build();
    expect(users(x)).toEqual(['USER:U1:P2P01']);
  });

  it('a composite role contributes only its children, never AGR_1251 rows of its own', () => {
    const x = extract()
      .user('U1')
      .role('S_VEND', ...VENDOR)
      .role('C_P2P', ...PAY) // rows of a composite: ignored
      .composite('C_P2P', 'S_VEND')
      .assign('U1', 'C_P2P')
      .build();
    expect(users(x)).toEqual([]);
    expect(users(x, pay)).toEqual([]);
  });

  it('ignores AGR_1251 rows with DELETED = X', () => {
    const x = extract()
      .user('U1')
      .role('R_VEND', ...VENDOR)
      .row('R_PAY', 'S_TCODE', 'T1', 'TCD', 'F110', '', true)
      .row('R_PAY', 'F_REGU_BUK', 'P1', 'FBTCH', '21')
      .assign('U1', 'R_VEND')
      .assign('U1', 'R_PAY')
      .build();
    expect(users(x)).toEqual([]);
    // The same without the deletion flag is a finding.
    x.roleAuthorisations.find((r) => r.deleted)!.deleted = false;
    expect(users(x)).toEqual(['USER:U1:P2P01']);
  });

  it('a deleted row does not remove the other rows of the field', () => {
    const x = extract()
      .user('U1')
      .role('R_PAY', tcodes('F110'))
      .row('R_PAY', 'F_REGU_BUK', 'P1', 'FBTCH', '21', '', true)
      .row('R_PAY', 'F_REGU_BUK', 'P1', 'FBTCH', '25')
      .assign('U1', 'R_PAY')
      .build();
    expect(users(x, pay)).toEqual(['USER:U1:CA_PAY']);
  });

  describe('org levels ($VARBL)', () => {
    const bukrs = (value: string): Ruleset =>
      ruleset()
        .fn('FN', ['F110'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F110', 'F_REGU_BUK', 'BUKRS', value)])
        .risk('CP', ['FN'])
        .build();
    const base = () =>
      extract()
        .user('U1')
        .role('R_PAY', tcodes('F110'))
        .row('R_PAY', 'F_REGU_BUK', 'P1', 'FBTCH', '21')
        .row('R_PAY', 'F_REGU_BUK', 'P1', 'BUKRS', '$BUKRS')
        .assign('U1', 'R_PAY');

    it('replaces $VARBL by every AGR_1252 row of the role (ORed), ranges included', () => {
      const x = base().org('R_PAY', '$BUKRS', '1000').org('R_PAY', '$BUKRS', '2000', '2999').build();
      expect(users(x, bukrs('1000'))).toEqual(['USER:U1:CP']);
      expect(users(x, bukrs('2500'))).toEqual(['USER:U1:CP']);
      expect(users(x, bukrs('3000'))).toEqual([]);
      // `$BUKRS` itself is not a value the role holds.
      expect(users(x, bukrs('$BUKRS'))).toEqual([]);
    });

    it('without AGR_1252 rows for the variable the field has no value', () => {
      const x = base().org('R_OTHER', '$BUKRS', '1000').org('R_PAY', '$WERKS', '1000').build();
      expect(users(x, bukrs('1000'))).toEqual([]);
      expect(users(x, bukrs('$BUKRS'))).toEqual([]);
      // … but FBTCH of the same instance still counts.
      expect(users(x, pay)).toEqual(['USER:U1:CA_PAY']);
    });

    it('uses only the AGR_1252 rows of the same role', () => {
      const x = base().org('R_OTHER', '$BUKRS', '1000').build();
      expect(users(x, bukrs('1000'))).toEqual([]);
    });

    it('matches the variable name exactly (case-sensitive) after trimming', () => {
      const lower = base().org('R_PAY', '$bukrs', '1000').build();
      expect(users(lower, bukrs('1000'))).toEqual([]);
      const padded = extract()
        .user('U1')
        .role('R_PAY', tcodes('F110'))
        .row('R_PAY', 'F_REGU_BUK', 'P1', 'FBTCH', '21')
        .row('R_PAY', 'F_REGU_BUK', 'P1', 'BUKRS', ' $BUKRS ')
        .assign('U1', 'R_PAY')
        .org('R_PAY', '$BUKRS', '1000')
        .build();
      expect(users(padded, bukrs('1000'))).toEqual(['USER:U1:CP']);
    });

    it('ignores the HIGH of the $ row (decisions)', () => {
      const x = extract()
        .user('U1')
        .role('R_PAY', tcodes('F110'))
        .row('R_PAY', 'F_REGU_BUK', 'P1', 'FBTCH', '21')
        .row('R_PAY', 'F_REGU_BUK', 'P1', 'BUKRS', '$BUKRS', '9999')
        .org('R_PAY', '$BUKRS', '1000')
        .assign('U1', 'R_PAY')
        .build();
      expect(users(x, bukrs('1000'))).toEqual(['USER:U1:CP']);
      expect(users(x, bukrs('5000'))).toEqual([]);
    });

    it('READING: an instance whose only rows are unresolved $ rows still exists', () => {
      // F_REGU_BUK/P1 has only BUKRS=$BUKRS, with no AGR_1252 row: the instance exists with an
      // empty BUKRS, so a line with an empty FIELD (instance required) is met, and a NOT line
      // on BUKRS is met; a value on BUKRS is not.
      const x = extract()
        .user('U1')
        .role('R_PAY', tcodes('F110'))
        .row('R_PAY', 'F_REGU_BUK', 'P1', 'BUKRS', '$BUKRS')
        .assign('U1', 'R_PAY')
        .build();
      const line = (field: string, low: string, op: 'OR' | 'NOT' = 'OR'): Ruleset =>
        ruleset()
          .fn('FN', ['F110'], [perm('F110', 'F_REGU_BUK', field, low, { op })])
          .risk('CP', ['FN'])
          .build();
      expect(users(x, line('', ''))).toEqual(['USER:U1:CP']);
      expect(users(x, line('BUKRS', '1000', 'NOT'))).toEqual(['USER:U1:CP']);
      expect(users(x, line('BUKRS', '1000'))).toEqual([]);
    });
  });

  it('READING: AGR_DEFINE PARENT_AGR does not add the parent role’s authorisations', () => {
    const x = extract()
      .user('U1')
      .role('R_PARENT', ...PAY)
      .role('R_DERIVED', tcodes('SU01'))
      .define('R_DERIVED', 'R_PARENT')
      .assign('U1', 'R_DERIVED')
      .build();
    expect(users(x, pay)).toEqual([]);
  });
});

describe('rule 3 (b): profiles', () => {
  it('a manually assigned profile gives its UST10S instances with their UST12 values', () => {
    const x = extract()
      .user('U1')
      .profile('Z_PAY', ...PAY)
      .assignProfile('U1', 'Z_PAY')
      .build();
    expect(users(x, pay)).toEqual(['USER:U1:CA_PAY']);
  });

  it('a generated role profile (in AGR_1016) in UST04 is not read (the role is the source)', () => {
    const x = extract()
      .user('U1')
      .user('U2')
      .role('R_PAY', ...PAY)
      .generated('R_PAY', 'T-PAY0001')
      .profile('T-PAY0001', ...PAY)
      .assignProfile('U1', 'T-PAY0001') // no valid AGR_USERS row: UST04 drift is not analysed
      .assign('U2', 'R_PAY')
      .assignProfile('U2', 'T-PAY0001')
      .build();
    expect(users(x, pay)).toEqual(['USER:U2:CA_PAY']);
  });

  it('expands composite profiles through UST10C recursively', () => {
    const x = extract()
      .user('U1')
      .profile('P_VEND', ...VENDOR)
      .profile('P_PAY', ...PAY)
      .subProfiles('P_TOP', 'P_MID', 'P_VEND')
      .subProfiles('P_MID', 'P_PAY')
      .assignProfile('U1', 'P_TOP')
      .build();
    expect(users(x)).toEqual(['USER:U1:P2P01']);
  });

  it('survives UST10C cycles', () => {
    const x = extract()
      .user('U1')
      .profile('P_VEND', ...VENDOR)
      .profile('P_PAY', ...PAY)
      .subProfiles('P_A', 'P_B', 'P_VEND')
      .subProfiles('P_B', 'P_A', 'P_PAY')
      .subProfiles('P_SELF', 'P_SELF')
      .assignProfile('U1', 'P_A')
      .assignProfile('U1', 'P_SELF')
      .build();
    expect(users(x)).toEqual(['USER:U1:P2P01']);
  });

  it('UST12 rows of one (OBJCT, AUTH) are ORed per field', () => {
    const x = extract()
      .user('U1')
      .profile('Z_PAY', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: ['03', '25'] }))
      .assignProfile('U1', 'Z_PAY')
      .build();
    expect(users(x, pay)).toEqual(['USER:U1:CA_PAY']);
  });

  it('a profile and a role together make a user finding', () => {
    const x = extract()
      .user('U1')
      .role('R_VEND', ...VENDOR)
      .profile('Z_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assignProfile('U1', 'Z_PAY')
      .build();
    expect(users(x)).toEqual(['USER:U1:P2P01']);
  });
});

describe('rule 3 (c): reference users (USREFUS)', () => {
  it("adds the reference user's roles and manual profiles", () => {
    const x = extract()
      .user('U1')
      .user('REF', { ustyp: 'L' })
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .profile('Z_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('REF', 'R_PAY')
      .refUser('U1', 'REF')
      .build();
    expect(users(x)).toEqual(['USER:U1:P2P01']);

    const y = extract()
      .user('U1')
      .user('REF', { ustyp: 'L' })
      .role('R_VEND', ...VENDOR)
      .profile('Z_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assignProfile('REF', 'Z_PAY')
      .refUser('U1', 'REF')
      .build();
    expect(users(y)).toEqual(['USER:U1:P2P01']);
  });

  it('ignores a reference user that is not in USR02', () => {
    const x = extract()
      .user('U1')
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('GONE', 'R_PAY')
      .refUser('U1', 'GONE')
      .build();
    expect(users(x)).toEqual([]);
  });

  it("the reference user's own lock and validity do not matter", () => {
    const x = extract()
      .user('U1')
      .user('REF', { ustyp: 'L', uflag: 64, to: D_MINUS_1 })
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('REF', 'R_PAY')
      .refUser('U1', 'REF')
      .build();
    expect(users(x)).toEqual(['USER:U1:P2P01']);
  });

  it("the reference user's role assignments must be valid on D", () => {
    const x = extract()
      .user('U1')
      .user('REF', { ustyp: 'L' })
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('REF', 'R_PAY', null, D_MINUS_1)
      .refUser('U1', 'REF')
      .build();
    expect(users(x)).toEqual([]);
  });

  it("is followed once: the reference user's reference user is not followed", () => {
    const x = extract()
      .user('U1')
      .user('REF1', { ustyp: 'L' })
      .user('REF2', { ustyp: 'L' })
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('REF2', 'R_PAY')
      .refUser('U1', 'REF1')
      .refUser('REF1', 'REF2')
      .build();
    expect(users(x)).toEqual([]);
  });

  it('does not give the user’s roles to the reference user', () => {
    const x = extract()
      .user('U1')
      .user('REF', { ustyp: 'L' })
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('REF', 'R_PAY')
      .refUser('U1', 'REF')
      .build();
    const r = analyse(x, sod, opts());
    expect(r.findings.some((f) => f.level === 'USER' && f.holder === 'REF')).toBe(false);
  });
});

describe('rule 3: one instance = (source, OBJECT, AUTH), field values ORed', () => {
  it('rows of one field in one instance are ORed', () => {
    const x = extract()
      .user('U1')
      .role('R_PAY', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: ['03', '13', '25'] }))
      .assign('U1', 'R_PAY')
      .build();
    expect(users(x, pay)).toEqual(['USER:U1:CA_PAY']);
  });

  it('the same AUTH name in two roles makes two instances', () => {
    // F_LFA1_APP/SAME in R_A has ACTVT 02 only, in R_B APPKZ F only: same-instance is not met.
    const x = extract()
      .user('U1')
      .role('R_A', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'X' }, 'SAME'))
      .role('R_B', inst('F_LFA1_APP', { ACTVT: '03', APPKZ: 'F' }, 'SAME'))
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_A')
      .assign('U1', 'R_B')
      .assign('U1', 'R_PAY')
      .build();
    expect(users(x)).toEqual([]);
    expect(users(x, sod, opts({ mode: 'union' }))).toEqual(['USER:U1:P2P01']);
  });

  it('two AUTHs of one object in one role are two instances', () => {
    const x = extract()
      .user('U1')
      .role(
        'R_A',
        tcodes('FK02'),
        inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'X' }),
        inst('F_LFA1_APP', { ACTVT: '03', APPKZ: 'F' }),
      )
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_A')
      .assign('U1', 'R_PAY')
      .build();
    expect(users(x)).toEqual([]);
  });
});
