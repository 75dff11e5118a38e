/**
 * DESIGN 5.11 — Provenance: every finding lists, per function, the action that met it and the
 * roles or profiles (with the path user → composite → single role, or user → reference user)
 * whose instances met it. (Decisions: the action is the first met action in the function's
 * action order; the sources are those holding an instance that meets at least one check of
 * that action (S_TCODE, TSTCA, permissions); in union mode, those contributing a matching
 * value.) Paths are written R:role, P:profile, U:reference user, joined by `>`; the holder
 * itself is not repeated at the start.
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import type { AnalysisOptions, Finding, Ruleset, SystemExtract } from '../../../engine/model/index.ts';
import {
  PAY,
  VENDOR,
  extract,
  findingOf,
  inst,
  opts,
  p2pRuleset,
  perm,
  ruleset,
  sourcesOf,
  tcodes,
} from '../../reference/fixture.ts';

const rules = p2pRuleset().risk('CA_PAY', ['FN_PAY']).build();

function finding(
  x: SystemExtract,
  level: Finding['level'],
  holder: string,
  riskId: string,
  r: Ruleset = rules,
  o: Partial<AnalysisOptions> = {},
): Finding {
  return findingOf(analyse(x, r, opts(o)).findings, level, holder, riskId);
}

describe('rule 11: provenance of user-level findings', () => {
  it('user → composite → single role, and a single role reached twice has both paths', () => {
    const x = extract()
      .user('U1')
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_P2P', 'S_VEND', 'S_PAY')
      .assign('U1', 'C_P2P')
      .assign('U1', 'S_PAY')
      .build();
    const f = finding(x, 'USER', 'U1', 'P2P01');
    expect(sourcesOf(f, 'FN_VEND')).toEqual(['R:C_P2P>R:S_VEND']);
    expect(sourcesOf(f, 'FN_PAY')).toEqual(['R:C_P2P>R:S_PAY', 'R:S_PAY']);
  });

  it('user → composite → composite → single role', () => {
    const x = extract()
      .user('U1')
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_TOP', 'C_MID', 'S_VEND')
      .composite('C_MID', 'S_PAY')
      .assign('U1', 'C_TOP')
      .build();
    const f = finding(x, 'USER', 'U1', 'P2P01');
    expect(sourcesOf(f, 'FN_VEND')).toEqual(['R:C_TOP>R:S_VEND']);
    expect(sourcesOf(f, 'FN_PAY')).toEqual(['R:C_TOP>R:C_MID>R:S_PAY']);
  });

  it('user → reference user → role, and → profile', () => {
    const x = extract()
      .user('U1')
      .user('REF', { ustyp: 'L' })
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .profile('Z_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('REF', 'R_PAY')
      .assignProfile('REF', 'Z_PAY')
      .refUser('U1', 'REF')
      .build();
    const f = finding(x, 'USER', 'U1', 'P2P01');
    expect(sourcesOf(f, 'FN_VEND')).toEqual(['R:R_VEND']);
    expect(sourcesOf(f, 'FN_PAY')).toEqual(['U:REF>P:Z_PAY', 'U:REF>R:R_PAY']);
  });

  it('user → reference user → composite → single role', () => {
    const x = extract()
      .user('U1')
      .user('REF', { ustyp: 'L' })
      .role('S_PAY', ...PAY)
      .composite('C_PAY', 'S_PAY')
      .assign('REF', 'C_PAY')
      .refUser('U1', 'REF')
      .build();
    expect(sourcesOf(finding(x, 'USER', 'U1', 'CA_PAY'), 'FN_PAY')).toEqual(['U:REF>R:C_PAY>R:S_PAY']);
  });

  it('profiles via the UST10C path', () => {
    const x = extract()
      .user('U1')
      .profile('P_VEND', ...VENDOR)
      .profile('P_PAY', ...PAY)
      .subProfiles('P_TOP', 'P_MID', 'P_VEND')
      .subProfiles('P_MID', 'P_PAY')
      .assignProfile('U1', 'P_TOP')
      .build();
    const f = finding(x, 'USER', 'U1', 'P2P01');
    expect(sourcesOf(f, 'FN_VEND')).toEqual(['P:P_TOP>P:P_VEND']);
    expect(sourcesOf(f, 'FN_PAY')).toEqual(['P:P_TOP>P:P_MID>P:P_PAY']);
  });

  it('a directly assigned single profile is its own path', () => {
    const x = extract()
      .user('U1')
      .profile('Z_PAY', ...PAY)
      .assignProfile('U1', 'Z_PAY')
      .build();
    expect(sourcesOf(finding(x, 'USER', 'U1', 'CA_PAY'), 'FN_PAY')).toEqual(['P:Z_PAY']);
  });

  it('lists only sources holding an instance that meets a check of the action', () => {
    const x = extract()
      .user('U1')
      .role('R_VEND', ...VENDOR)
      .role('R_RUN', inst('F_REGU_BUK', { FBTCH: '21' }))
      .role('R_TCODE', tcodes('F110'))
      .role('R_DISPLAY', inst('F_REGU_BUK', { FBTCH: '03' }))
      .role('R_NOISE', tcodes('SU01'), inst('S_USER_GRP', { ACTVT: '*' }))
      .assign('U1', 'R_VEND')
      .assign('U1', 'R_RUN')
      .assign('U1', 'R_TCODE')
      .assign('U1', 'R_DISPLAY')
      .assign('U1', 'R_NOISE')
      .build();
    const f = finding(x, 'USER', 'U1', 'P2P01');
    expect(sourcesOf(f, 'FN_PAY')).toEqual(['R:R_RUN', 'R:R_TCODE']);
    expect(sourcesOf(f, 'FN_VEND')).toEqual(['R:R_VEND']);
  });

  it("reports the first met action in the function's order and the sources of that action only", () => {
    const lines = [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F111', 'F_REGU_BUK', 'FBTCH', '21')];
    const x = extract()
      .user('U1')
      .role('R1', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21' }))
      .role('R2', tcodes('F111'))
      .assign('U1', 'R1')
      .assign('U1', 'R2')
      .build();
    const first110 = ruleset().fn('FN', ['F110', 'F111'], lines).risk('CA', ['FN']).build();
    const f1 = finding(x, 'USER', 'U1', 'CA', first110);
    expect(f1.functions.map((m) => m.action)).toEqual(['F110']);
    expect(sourcesOf(f1, 'FN')).toEqual(['R:R1']);

    const first111 = ruleset().fn('FN', ['F111', 'F110'], lines).risk('CA', ['FN']).build();
    const f2 = finding(x, 'USER', 'U1', 'CA', first111);
    expect(f2.functions.map((m) => m.action)).toEqual(['F111']);
    expect(sourcesOf(f2, 'FN')).toEqual(['R:R1', 'R:R2']);
  });

  it('the first met action at permission level skips an executable action whose permissions fail', () => {
    const x = extract()
      .user('U1')
      .role('R1', tcodes('F110', 'F111'), inst('F_REGU_BUK', { FBTCH: '25' }))
      .assign('U1', 'R1')
      .build();
    const r = ruleset()
      .fn(
        'FN',
        ['F110', 'F111'],
        [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F111', 'F_REGU_BUK', 'FBTCH', '25')],
      )
      .risk('CA', ['FN'])
      .build();
    expect(finding(x, 'USER', 'U1', 'CA', r).functions.map((m) => m.action)).toEqual(['F111']);
    expect(finding(x, 'USER', 'U1', 'CA', r, { level: 'action' }).functions.map((m) => m.action)).toEqual(['F110']);
  });

  it('a source meeting the TSTCA start check is listed', () => {
    const x = extract()
      .user('U1')
      .role('R_T', tcodes('ZT1'))
      .role('R_S', inst('Z_START', { ACTVT: '16' }))
      .assign('U1', 'R_T')
      .assign('U1', 'R_S')
      .tstca('ZT1', 'Z_START', 'ACTVT', '16')
      .build();
    const r = ruleset().fn('FN', ['ZT1']).risk('CA', ['FN']).build();
    expect(sourcesOf(finding(x, 'USER', 'U1', 'CA', r), 'FN')).toEqual(['R:R_S', 'R:R_T']);
  });

  it('a function without actions: action null, sources those meeting its permissions', () => {
    const x = extract()
      .user('U1')
      .role('R_DEV', inst('S_DEVELOP', { ACTVT: '02' }))
      .role('R_OTHER', inst('S_DEVELOP', { ACTVT: '03' }))
      .assign('U1', 'R_DEV')
      .assign('U1', 'R_OTHER')
      .build();
    const r = ruleset()
      .fn('FN', [], [perm('', 'S_DEVELOP', 'ACTVT', '02')])
      .risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' })
      .build();
    const f = finding(x, 'USER', 'U1', 'CP', r);
    expect(f.functions.map((m) => m.action)).toEqual([null]);
    expect(sourcesOf(f, 'FN')).toEqual(['R:R_DEV']);
  });

  it('union mode: the sources contributing a matching value', () => {
    const x = extract()
      .user('U1')
      .role('R_A', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02' }))
      .role('R_B', inst('F_LFA1_APP', { APPKZ: 'F' }))
      .role('R_C', inst('F_LFA1_APP', { APPKZ: 'X' }))
      .assign('U1', 'R_A')
      .assign('U1', 'R_B')
      .assign('U1', 'R_C')
      .build();
    const r = ruleset()
      .fn('FN', ['FK02'], [perm('FK02', 'F_LFA1_APP', 'ACTVT', '02'), perm('FK02', 'F_LFA1_APP', 'APPKZ', 'F')])
      .risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' })
      .build();
    const f = finding(x, 'USER', 'U1', 'CP', r, { mode: 'union' });
    expect(sourcesOf(f, 'FN')).toEqual(['R:R_A', 'R:R_B']);
  });
});

describe('rule 11: provenance of role- and profile-level findings', () => {
  it('a composite role: the path to each single role, the holder not repeated', () => {
    const x = extract()
      .role('S_VEND', ...VENDOR)
      .role('S_PAY', ...PAY)
      .composite('C_P2P', 'S_VEND', 'S_PAY')
      .build();
    const f = finding(x, 'ROLE', 'C_P2P', 'P2P01');
    expect(sourcesOf(f, 'FN_VEND')).toEqual(['R:S_VEND']);
    expect(sourcesOf(f, 'FN_PAY')).toEqual(['R:S_PAY']);
  });

  it('READING: a single role is itself the source: its path is empty (the holder is not repeated)', () => {
    const x = extract()
      .role('S_PAY', ...PAY)
      .build();
    const f = finding(x, 'ROLE', 'S_PAY', 'CA_PAY');
    expect(f.functions.find((m) => m.functionId === 'FN_PAY')!.sources).toEqual([[]]);
  });

  it('a composite profile: the path to each single profile, the holder not repeated', () => {
    const x = extract()
      .user('U1')
      .profile('P_VEND', ...VENDOR)
      .profile('P_PAY', ...PAY)
      .subProfiles('P_COMP', 'P_VEND', 'P_MID')
      .subProfiles('P_MID', 'P_PAY')
      .assignProfile('U1', 'P_COMP')
      .build();
    const f = finding(x, 'PROFILE', 'P_COMP', 'P2P01');
    expect(sourcesOf(f, 'FN_VEND')).toEqual(['P:P_VEND']);
    expect(sourcesOf(f, 'FN_PAY')).toEqual(['P:P_MID>P:P_PAY']);
  });

  it('READING: a single profile is itself the source: its path is empty', () => {
    const x = extract()
      .user('U1')
      .profile('Z_PAY', ...PAY)
      .assignProfile('U1', 'Z_PAY')
      .build();
    const f = finding(x, 'PROFILE', 'Z_PAY', 'CA_PAY');
    expect(f.functions.find((m) => m.functionId === 'FN_PAY')!.sources).toEqual([[]]);
  });

  it('every function of the risk is listed once', () => {
    const x = extract()
      .role('S_BOTH', ...VENDOR, ...PAY)
      .build();
    const f = finding(x, 'ROLE', 'S_BOTH', 'P2P01', p2pRuleset().build());
    expect(f.functions.map((m) => m.functionId).sort()).toEqual(['FN_PAY', 'FN_VEND']);
  });
});
