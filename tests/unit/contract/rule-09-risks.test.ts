/**
 * DESIGN 5.9 — Risk R: SoD is met when all its functions are met; critical action/permission
 * when its single function is met. Inactive risks, actions and permission lines are ignored.
 * (Decisions: a risk is met when all of its listed functions are met, whatever its type; a risk
 * with no functions is never met; risks deactivated by the customer are skipped.)
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import type { Ruleset, SystemExtract } from '../../../engine/model/index.ts';
import {
  PAY,
  VENDOR,
  extract,
  findingOf,
  inst,
  keysAt,
  opts,
  p2pRuleset,
  perm,
  ruleset,
  tcodes,
} from '../../reference/fixture.ts';

const users = (x: SystemExtract, r: Ruleset, deactivatedRiskIds: string[] = []): string[] =>
  keysAt('USER', analyse(x, r, opts({ deactivatedRiskIds })).findings);

const vendorOnly = (): SystemExtract =>
  extract()
    .user('U1')
    .role('R_VEND', ...VENDOR)
    .assign('U1', 'R_VEND')
    .build();
const both = (): SystemExtract =>
  extract()
    .user('U1')
    .role('R_VEND', ...VENDOR)
    .role('R_PAY', ...PAY)
    .assign('U1', 'R_VEND')
    .assign('U1', 'R_PAY')
    .build();

describe('rule 9: risks', () => {
  it('an SoD risk is met when all its functions are met', () => {
    expect(users(both(), p2pRuleset().build())).toEqual(['USER:U1:P2P01']);
  });

  it('an SoD risk is not met when one of its functions is not', () => {
    expect(users(vendorOnly(), p2pRuleset().build())).toEqual([]);
  });

  it('an SoD risk with three functions needs all three', () => {
    const r = p2pRuleset().fn('FN_GL', ['FS00']).risk('P2P_GL', ['FN_VEND', 'FN_PAY', 'FN_GL']).build();
    expect(users(both(), r)).toEqual(['USER:U1:P2P01']);
    const x = both();
    x.roleAuthorisations.push({
      role: 'R_PAY',
      object: 'S_TCODE',
      auth: 'GL',
      field: 'TCD',
      low: 'FS00',
      high: '',
      deleted: false,
    });
    expect(users(x, r)).toEqual(['USER:U1:P2P01', 'USER:U1:P2P_GL']);
  });

  it('a critical action or permission risk is met when its single function is met', () => {
    const r = p2pRuleset()
      .risk('CA_VEND', ['FN_VEND'], { type: 'CRITICAL_ACTION' })
      .risk('CP_PAY', ['FN_PAY'], { type: 'CRITICAL_PERMISSION' })
      .build();
    expect(users(vendorOnly(), r)).toEqual(['USER:U1:CA_VEND']);
    expect(users(both(), r)).toEqual(['USER:U1:CA_VEND', 'USER:U1:CP_PAY', 'USER:U1:P2P01']);
  });

  it('a risk with no functions is never met (decisions)', () => {
    const r = p2pRuleset().risk('EMPTY', [], { type: 'SOD' }).risk('EMPTY_CA', [], { type: 'CRITICAL_ACTION' }).build();
    expect(users(both(), r)).toEqual(['USER:U1:P2P01']);
  });

  it('a listed function that the ruleset does not define is not met', () => {
    const r = p2pRuleset().risk('UNDEFINED', ['FN_VEND', 'FN_MISSING']).build();
    expect(users(both(), r)).toEqual(['USER:U1:P2P01']);
  });

  it('an inactive risk is ignored', () => {
    const r = p2pRuleset().build();
    r.risks[0].active = false;
    expect(users(both(), r)).toEqual([]);
    expect(analyse(both(), r, opts()).findings).toEqual([]);
  });

  it('a risk deactivated by the customer is not evaluated', () => {
    const r = p2pRuleset().risk('CA_VEND', ['FN_VEND']).build();
    expect(users(both(), r, ['P2P01'])).toEqual(['USER:U1:CA_VEND']);
    expect(analyse(both(), r, opts({ deactivatedRiskIds: ['P2P01', 'CA_VEND'] })).findings).toEqual([]);
  });

  it('an inactive action is ignored', () => {
    const r = ruleset()
      .fn(
        'FN_VEND',
        [{ action: 'FK02', active: false }, 'XK02'],
        [perm('FK02', 'F_LFA1_APP', 'ACTVT', '02'), perm('XK02', 'F_LFA1_APP', 'ACTVT', '02')],
      )
      .risk('CA', ['FN_VEND'])
      .build();
    expect(users(vendorOnly(), r)).toEqual([]);
    expect(keysAt('USER', analyse(vendorOnly(), r, opts({ level: 'action' })).findings)).toEqual([]);
    r.functions[0].actions[0].active = true;
    expect(users(vendorOnly(), r)).toEqual(['USER:U1:CA']);
  });

  it('a function whose only action is inactive has no active actions (met at permission level by its lines alone)', () => {
    const r = ruleset()
      .fn('FN_VEND', [{ action: 'FK02', active: false }], [perm('FK02', 'F_LFA1_APP', 'ACTVT', '02')])
      .risk('CA', ['FN_VEND'])
      .build();
    expect(keysAt('USER', analyse(vendorOnly(), r, opts({ level: 'action' })).findings)).toEqual([]);
    expect(users(vendorOnly(), r)).toEqual(['USER:U1:CA']);
  });

  it('an inactive permission line is ignored (a failing inactive line does not block)', () => {
    const r = ruleset()
      .fn(
        'FN_PAY',
        ['F110'],
        [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F110', 'F_REGU_BUK', 'BUKRS', '9999', { active: false })],
      )
      .risk('CA', ['FN_PAY'])
      .build();
    const x = extract()
      .user('U1')
      .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', BUKRS: '1000' }))
      .assign('U1', 'R')
      .build();
    expect(users(x, r)).toEqual(['USER:U1:CA']);
    r.functions[0].permissions[1].active = true;
    expect(users(x, r)).toEqual([]);
  });

  it('an inactive line does not count as a satisfied OR alternative either', () => {
    const r = ruleset()
      .fn(
        'FN_PAY',
        ['F110'],
        [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F110', 'F_REGU_BUK', 'FBTCH', '03', { active: false })],
      )
      .risk('CA', ['FN_PAY'])
      .build();
    const x = extract()
      .user('U1')
      .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '03' }))
      .assign('U1', 'R')
      .build();
    expect(users(x, r)).toEqual([]);
  });

  it('a finding carries the risk’s level, type and business process', () => {
    const r = ruleset()
      .fn('FN_PAY', ['F110'])
      .risk('CA', ['FN_PAY'], { type: 'CRITICAL_ACTION', level: 'CRITICAL', businessProcess: 'FIN' })
      .build();
    const x = extract().user('U1').role('R', tcodes('F110')).assign('U1', 'R').build();
    const f = findingOf(analyse(x, r, opts()).findings, 'USER', 'U1', 'CA');
    expect([f.riskLevel, f.riskType, f.businessProcess]).toEqual(['CRITICAL', 'CRITICAL_ACTION', 'FIN']);
  });

  it('lists every function of the risk with the action that met it', () => {
    const f = findingOf(analyse(both(), p2pRuleset().build(), opts()).findings, 'USER', 'U1', 'P2P01');
    expect(f.functions.map((m) => [m.functionId, m.action]).sort()).toEqual([
      ['FN_PAY', 'F110'],
      ['FN_VEND', 'FK02'],
    ]);
  });
});
