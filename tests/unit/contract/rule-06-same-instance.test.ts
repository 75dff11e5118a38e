/**
 * DESIGN 5.6 — Same instance: a permission (object with its field checks) is met when ONE
 * instance of that object satisfies all its fields (same-instance mode, the default). Union
 * mode merges the user's values per object per field first; every result records its mode.
 * Different objects are independent.
 *
 * Also the negative tests at the end of reference section 4.
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import type { AnalysisOptions, Ruleset, SystemExtract } from '../../../engine/model/index.ts';
import { PAY, extract, inst, keys, keysAt, opts, perm, ruleset, tcodes } from '../../reference/fixture.ts';

const users = (x: SystemExtract, r: Ruleset, o: Partial<AnalysisOptions> = {}): string[] =>
  keysAt('USER', analyse(x, r, opts(o)).findings);

/**
 * SD-P2P-01 of reference section 4 (own IDs): maintain vendor (XK01, XK02, FK01, FK02 with
 * F_LFA1_APP{ACTVT=01|02; APPKZ=F|M}) and pay it (F110, F111 with F_REGU_BUK{FBTCH=21|25}; F-53
 * with F_BKPF_BUK{ACTVT=01} + F_BKPF_KOA{KOART=K; ACTVT=01}).
 */
function sdP2p01(): Ruleset {
  const vendorActions = ['XK01', 'XK02', 'FK01', 'FK02'];
  const vendor = vendorActions.flatMap((a) => [
    perm(a, 'F_LFA1_APP', 'ACTVT', '01'),
    perm(a, 'F_LFA1_APP', 'ACTVT', '02'),
    perm(a, 'F_LFA1_APP', 'APPKZ', 'F'),
    perm(a, 'F_LFA1_APP', 'APPKZ', 'M'),
  ]);
  const pay = [
    ...['F110', 'F111'].flatMap((a) => [perm(a, 'F_REGU_BUK', 'FBTCH', '21'), perm(a, 'F_REGU_BUK', 'FBTCH', '25')]),
    perm('F-53', 'F_BKPF_BUK', 'ACTVT', '01'),
    perm('F-53', 'F_BKPF_KOA', 'KOART', 'K'),
    perm('F-53', 'F_BKPF_KOA', 'ACTVT', '01'),
  ];
  return ruleset()
    .fn('VENDOR_MASTER', vendorActions, vendor)
    .fn('PAYMENT', ['F110', 'F111', 'F-53'], pay)
    .risk('SD-P2P-01', ['VENDOR_MASTER', 'PAYMENT'], { type: 'SOD', level: 'CRITICAL' })
    .build();
}

/** "Change vendor (FI)": FK02 with F_LFA1_APP{ACTVT=02; APPKZ=F}, and pay (SoD). */
function changeVendorFi(): Ruleset {
  return ruleset()
    .fn(
      'CHANGE_VENDOR_FI',
      ['FK02'],
      [perm('FK02', 'F_LFA1_APP', 'ACTVT', '02'), perm('FK02', 'F_LFA1_APP', 'APPKZ', 'F')],
    )
    .fn('PAYMENT', ['F110'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F110', 'F_REGU_BUK', 'FBTCH', '25')])
    .risk('VFI', ['CHANGE_VENDOR_FI'], { type: 'CRITICAL_PERMISSION' })
    .risk('VFI_PAY', ['CHANGE_VENDOR_FI', 'PAYMENT'], { type: 'SOD' })
    .build();
}

describe('rule 6: same instance vs union', () => {
  describe('reference section 4 negative tests', () => {
    it('F110 with F_REGU_BUK display values only (FBTCH 03|13|23) does not trigger SD-P2P-01', () => {
      const x = extract()
        .user('U1')
        .role('R_VEND', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'F' }))
        .role('R_PAY_DISPLAY', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: ['03', '13', '23'], BUKRS: '*' }))
        .assign('U1', 'R_VEND')
        .assign('U1', 'R_PAY_DISPLAY')
        .build();
      expect(users(x, sdP2p01())).toEqual([]);
      expect(users(x, sdP2p01(), { mode: 'union' })).toEqual([]);
      // Positive control: with FBTCH 21 it is a finding.
      x.roleAuthorisations.push({
        role: 'R_PAY_DISPLAY',
        object: 'F_REGU_BUK',
        auth: 'RUN',
        field: 'FBTCH',
        low: '21',
        high: '',
        deleted: false,
      });
      expect(users(x, sdP2p01())).toEqual(['USER:U1:SD-P2P-01']);
    });

    it('FK02 with F_LFA1_APP{ACTVT=03} only does not trigger SD-P2P-01', () => {
      const x = extract()
        .user('U1')
        .role('R_VEND_DISPLAY', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '03', APPKZ: '*' }))
        .role('R_PAY', ...PAY)
        .assign('U1', 'R_VEND_DISPLAY')
        .assign('U1', 'R_PAY')
        .build();
      expect(users(x, sdP2p01())).toEqual([]);
      expect(users(x, sdP2p01(), { mode: 'union' })).toEqual([]);
      // Positive control: ACTVT 02 makes it a finding.
      const y = extract()
        .user('U1')
        .role('R_VEND', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02', APPKZ: '*' }))
        .role('R_PAY', ...PAY)
        .assign('U1', 'R_VEND')
        .assign('U1', 'R_PAY')
        .build();
      expect(users(y, sdP2p01())).toEqual(['USER:U1:SD-P2P-01']);
    });

    it('ACTVT=02 and APPKZ=F in different F_LFA1_APP instances: met in union, not in same-instance', () => {
      const x = extract()
        .user('U1')
        .role(
          'R_VEND',
          tcodes('FK02'),
          inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'M' }),
          inst('F_LFA1_APP', { ACTVT: '03', APPKZ: 'F' }),
        )
        .role('R_PAY', ...PAY)
        .assign('U1', 'R_VEND')
        .assign('U1', 'R_PAY')
        .build();
      expect(users(x, changeVendorFi())).toEqual([]);
      expect(users(x, changeVendorFi(), { mode: 'same-instance' })).toEqual([]);
      expect(users(x, changeVendorFi(), { mode: 'union' })).toEqual(['USER:U1:VFI', 'USER:U1:VFI_PAY']);
    });
  });

  it('same-instance: met by one instance that satisfies every field', () => {
    const x = extract()
      .user('U1')
      .role('R', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: ['02', '03'], APPKZ: ['F', 'M'] }))
      .assign('U1', 'R')
      .build();
    expect(users(x, changeVendorFi())).toEqual(['USER:U1:VFI']);
  });

  it('union merges values across roles (different sources) of a user', () => {
    const x = extract()
      .user('U1')
      .role('R_A', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02' }))
      .role('R_B', inst('F_LFA1_APP', { APPKZ: 'F' }))
      .assign('U1', 'R_A')
      .assign('U1', 'R_B')
      .build();
    expect(users(x, changeVendorFi())).toEqual([]);
    expect(users(x, changeVendorFi(), { mode: 'union' })).toEqual(['USER:U1:VFI']);
  });

  it('union merges values across a role and a profile of a user', () => {
    const x = extract()
      .user('U1')
      .role('R_A', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02' }))
      .profile('Z_B', inst('F_LFA1_APP', { APPKZ: 'F' }))
      .assign('U1', 'R_A')
      .assignProfile('U1', 'Z_B')
      .build();
    expect(users(x, changeVendorFi())).toEqual([]);
    expect(users(x, changeVendorFi(), { mode: 'union' })).toEqual(['USER:U1:VFI']);
  });

  it('union at role level merges the children of a composite role', () => {
    const x = extract()
      .role('S_A', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02' }))
      .role('S_B', inst('F_LFA1_APP', { APPKZ: 'F' }))
      .composite('C_AB', 'S_A', 'S_B')
      .build();
    expect(keysAt('ROLE', analyse(x, changeVendorFi(), opts()).findings)).toEqual([]);
    expect(keysAt('ROLE', analyse(x, changeVendorFi(), opts({ mode: 'union' })).findings)).toEqual(['ROLE:C_AB:VFI']);
  });

  it('union does not merge different objects into each other', () => {
    const x = extract()
      .user('U1')
      .role('R', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02' }), inst('F_LFA1_BUK', { APPKZ: 'F' }))
      .assign('U1', 'R')
      .build();
    expect(users(x, changeVendorFi(), { mode: 'union' })).toEqual([]);
  });

  it('the union pseudo-instance exists only when the holder has an instance of the object', () => {
    const r = ruleset()
      .fn('FN', ['FK02'], [perm('FK02', 'F_LFA1_APP', 'ACTVT', '03', { op: 'NOT' })])
      .risk('CP', ['FN'])
      .build();
    const without = extract()
      .user('U1')
      .role('R', tcodes('FK02'), inst('F_LFA1_BUK', { ACTVT: '02' }))
      .assign('U1', 'R')
      .build();
    expect(users(without, r, { mode: 'union' })).toEqual([]);
    const withIt = extract()
      .user('U1')
      .role('R', tcodes('FK02'), inst('F_LFA1_APP', { APPKZ: 'F' }))
      .assign('U1', 'R')
      .build();
    expect(users(withIt, r, { mode: 'union' })).toEqual(['USER:U1:CP']);
  });

  it('different objects are independent: each may be met by an instance from another role', () => {
    const r = ruleset()
      .fn(
        'FN',
        ['F-53'],
        [
          perm('F-53', 'F_BKPF_BUK', 'ACTVT', '01'),
          perm('F-53', 'F_BKPF_KOA', 'KOART', 'K'),
          perm('F-53', 'F_BKPF_KOA', 'ACTVT', '01'),
        ],
      )
      .risk('CP', ['FN'])
      .build();
    const x = extract()
      .user('U1')
      .role('R_T', tcodes('F-53'))
      .role('R_BUK', inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: '1000' }))
      .role('R_KOA', inst('F_BKPF_KOA', { KOART: 'K', ACTVT: '01' }))
      .assign('U1', 'R_T')
      .assign('U1', 'R_BUK')
      .assign('U1', 'R_KOA')
      .build();
    expect(users(x, r)).toEqual(['USER:U1:CP']);
    expect(users(x, r, { mode: 'union' })).toEqual(['USER:U1:CP']);
  });

  it('every finding records its mode and analysis level', () => {
    const x = extract()
      .user('U1')
      .role('R', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'F' }))
      .assign('U1', 'R')
      .build();
    for (const mode of ['same-instance', 'union'] as const) {
      for (const level of ['action', 'permission'] as const) {
        const r = ruleset().fn('FN', ['FK02']).risk('CA', ['FN']).build();
        const result = analyse(x, r, opts({ mode, level }));
        expect(keys(result.findings)).toEqual(['ROLE:R:CA', 'USER:U1:CA']);
        for (const f of result.findings) {
          expect(f.mode).toBe(mode);
          expect(f.analysisLevel).toBe(level);
        }
        expect(result.options.mode).toBe(mode);
        expect(result.options.level).toBe(level);
      }
    }
  });
});
