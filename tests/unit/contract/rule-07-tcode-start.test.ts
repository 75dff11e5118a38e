/**
 * DESIGN 5.7 — Action A (a tcode) is executable when an instance of S_TCODE covers A in field
 * TCD and, if TSTCA lists a start check for A, that check is also met (TSTCA rows of one object
 * are one check on one instance; a row with an empty or `' '` VALUE is not checked).
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import type { AnalysisLevel, InstanceMode, SystemExtract } from '../../../engine/model/index.ts';
import { ExtractBuilder, extract, inst, keysAt, opts, range, ruleset, tcodes } from '../../reference/fixture.ts';

/** Critical action ZT1 (no permissions). */
const rules = ruleset().fn('FN', ['ZT1']).risk('CA', ['FN']).build();

function executable(
  x: SystemExtract,
  mode: InstanceMode = 'same-instance',
  level: AnalysisLevel = 'permission',
): boolean {
  return keysAt('USER', analyse(x, rules, opts({ mode, level })).findings).includes('USER:U1:CA');
}

const user = (): ExtractBuilder => extract().user('U1').assign('U1', 'R');

describe('rule 7: S_TCODE', () => {
  it('an S_TCODE instance covering the tcode in TCD makes it executable', () => {
    expect(executable(user().role('R', tcodes('ZT1')).build())).toBe(true);
    expect(executable(user().role('R', tcodes('ZT*')).build())).toBe(true);
    expect(executable(user().role('R', tcodes('*')).build())).toBe(true);
    expect(
      executable(
        user()
          .role('R', tcodes(range('ZA', 'ZZ')))
          .build(),
      ),
    ).toBe(true);
    expect(executable(user().role('R', tcodes('FK02', 'ZT1')).build())).toBe(true);
  });

  it('an S_TCODE that does not cover the tcode does not', () => {
    expect(executable(user().role('R', tcodes('ZT2')).build())).toBe(false);
    expect(executable(user().role('R', tcodes('ZT1X')).build())).toBe(false);
    expect(executable(user().role('R', tcodes('zt1')).build())).toBe(false);
    expect(executable(user().role('R', tcodes('ZU*')).build())).toBe(false);
  });

  it('TCD of another object or another field of S_TCODE does not count', () => {
    expect(
      executable(
        user()
          .role('R', inst('S_TCODE2', { TCD: 'ZT1' }))
          .build(),
      ),
    ).toBe(false);
    expect(
      executable(
        user()
          .role('R', inst('S_TCODE', { TCODE: 'ZT1' }))
          .build(),
      ),
    ).toBe(false);
  });

  it('without S_TCODE nothing is executable, even with every other authorisation', () => {
    expect(
      executable(
        user()
          .role('R', inst('Z_START', { ACTVT: '*' }))
          .build(),
      ),
    ).toBe(false);
    expect(
      executable(
        user()
          .role('R', inst('Z_START', { ACTVT: '*' }))
          .build(),
        'union',
        'action',
      ),
    ).toBe(false);
  });
});

describe('rule 7: TSTCA start checks', () => {
  it('a TSTCA check that is met keeps the tcode executable', () => {
    const x = user()
      .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: '16' }))
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .build();
    expect(executable(x)).toBe(true);
    expect(executable(x, 'same-instance', 'action')).toBe(true);
  });

  it('a TSTCA check that is not met makes the tcode not executable (at action level too)', () => {
    const x = user()
      .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: '03' }))
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .build();
    expect(executable(x)).toBe(false);
    expect(executable(x, 'same-instance', 'action')).toBe(false);
    expect(executable(x, 'union', 'action')).toBe(false);
  });

  it('no instance of the TSTCA object: not executable', () => {
    const x = user().role('R', tcodes('ZT1')).tstca('ZT1', 'Z_START', 'ACTVT', '16').build();
    expect(executable(x)).toBe(false);
  });

  it('the TSTCA value is checked like a value: wildcards and ranges of the instance cover it', () => {
    const star = user()
      .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: '*' }))
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .build();
    expect(executable(star)).toBe(true);
    const rng = user()
      .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: range('10', '20') }))
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .build();
    expect(executable(rng)).toBe(true);
  });

  it('TSTCA rows of one object are one check on one instance', () => {
    const x = user()
      .role(
        'R',
        tcodes('ZT1'),
        inst('Z_START', { ACTVT: '16', BUKRS: '9999' }),
        inst('Z_START', { ACTVT: '03', BUKRS: '1000' }),
      )
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .tstca('ZT1', 'Z_START', 'BUKRS', '1000')
      .build();
    expect(executable(x)).toBe(false);
    // Union merges the instances (decisions: union applies to TSTCA too).
    expect(executable(x, 'union')).toBe(true);
    expect(executable(x, 'union', 'action')).toBe(true);
    // One instance holding both values: executable in same-instance mode.
    const y = user()
      .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: '16', BUKRS: '1000' }))
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .tstca('ZT1', 'Z_START', 'BUKRS', '1000')
      .build();
    expect(executable(y)).toBe(true);
  });

  it('every TSTCA object of the tcode must be met; they may be met by different instances', () => {
    const base = (): ExtractBuilder =>
      user().tstca('ZT1', 'Z_START', 'ACTVT', '16').tstca('ZT1', 'Z_ORG', 'WERKS', '1000');
    expect(
      executable(
        base()
          .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: '16' }))
          .build(),
      ),
    ).toBe(false);
    expect(
      executable(
        base()
          .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: '16' }), inst('Z_ORG', { WERKS: '1000' }))
          .build(),
      ),
    ).toBe(true);
  });

  it("a TSTCA row with an empty or `' '` VALUE is not checked, but the object instance is still required", () => {
    for (const value of ['', "' '"]) {
      const held = user()
        .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: '03' }))
        .tstca('ZT1', 'Z_START', 'ACTVT', value)
        .build();
      expect(executable(held), `VALUE ${JSON.stringify(value)} with an instance`).toBe(true);
      const otherField = user()
        .role('R', tcodes('ZT1'), inst('Z_START', { OTHER: 'X' }))
        .tstca('ZT1', 'Z_START', 'ACTVT', value)
        .build();
      expect(executable(otherField), `VALUE ${JSON.stringify(value)} with an instance without the field`).toBe(true);
      const none = user().role('R', tcodes('ZT1')).tstca('ZT1', 'Z_START', 'ACTVT', value).build();
      expect(executable(none), `VALUE ${JSON.stringify(value)} without an instance`).toBe(false);
    }
  });

  it('an unchecked row does not weaken the checked rows of the same object', () => {
    const x = user()
      .role('R', tcodes('ZT1'), inst('Z_START', { ACTVT: '03', BUKRS: '1000' }))
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .tstca('ZT1', 'Z_START', 'BUKRS', '')
      .build();
    expect(executable(x)).toBe(false);
  });

  it('TSTCA checks of another tcode do not apply', () => {
    const x = user().role('R', tcodes('ZT1')).tstca('ZT2', 'Z_START', 'ACTVT', '16').build();
    expect(executable(x)).toBe(true);
  });

  it('the S_TCODE and the TSTCA instance may come from different roles', () => {
    const x = extract()
      .user('U1')
      .role('R_T', tcodes('ZT1'))
      .role('R_S', inst('Z_START', { ACTVT: '16' }))
      .assign('U1', 'R_T')
      .assign('U1', 'R_S')
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .build();
    expect(executable(x)).toBe(true);
  });
});
