/**
 * DESIGN 5.8 — Function F is met at action level when some active action of F is executable;
 * at permission level when some active action of F is executable AND every active permission
 * object listed for that action in F is met. A function with no active actions is met, at
 * permission level only, when all its permission objects (whatever their ACTION column) are
 * met. At action level, critical-permission risks are not evaluated.
 */
import { describe, it, expect } from 'vitest';
import { analyse, rulesetWarnings } from '../../../engine/index.ts';
import type { AnalysisLevel, Ruleset, SystemExtract } from '../../../engine/model/index.ts';
import { extract, findingOf, inactive, inst, keysAt, opts, perm, ruleset, tcodes } from '../../reference/fixture.ts';

const users = (x: SystemExtract, r: Ruleset, level: AnalysisLevel = 'permission'): string[] =>
  keysAt('USER', analyse(x, r, opts({ level })).findings);

/** FN: actions F110 and F111; F110 needs F_REGU_BUK FBTCH 21, F111 needs F_REGU_BUK FBTCH 25. */
const twoActions = (): Ruleset =>
  ruleset()
    .fn('FN', ['F110', 'F111'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F111', 'F_REGU_BUK', 'FBTCH', '25')])
    .risk('CA', ['FN'], { type: 'CRITICAL_ACTION' })
    .build();

describe('rule 8: functions', () => {
  describe('action level', () => {
    it('met when some active action is executable, permissions not looked at', () => {
      const x = extract().user('U1').role('R', tcodes('F111')).assign('U1', 'R').build();
      expect(users(x, twoActions(), 'action')).toEqual(['USER:U1:CA']);
    });
    it('not met when no active action is executable', () => {
      const x = extract()
        .user('U1')
        .role('R', tcodes('F112'), inst('F_REGU_BUK', { FBTCH: '*' }))
        .assign('U1', 'R')
        .build();
      expect(users(x, twoActions(), 'action')).toEqual([]);
    });
  });

  describe('permission level', () => {
    it('not met when the action is executable but its permission is not met', () => {
      const x = extract()
        .user('U1')
        .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '03' }))
        .assign('U1', 'R')
        .build();
      expect(users(x, twoActions())).toEqual([]);
    });
    it('met when the action is executable and its permissions are met', () => {
      const x = extract()
        .user('U1')
        .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21' }))
        .assign('U1', 'R')
        .build();
      expect(users(x, twoActions())).toEqual(['USER:U1:CA']);
    });
    it("only the permissions listed for that action count, not another action's", () => {
      // F110 executable, FBTCH 25 (F111's value) held: F110's FBTCH 21 is not met.
      const a = extract()
        .user('U1')
        .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '25' }))
        .assign('U1', 'R')
        .build();
      expect(users(a, twoActions())).toEqual([]);
      // F111 executable with FBTCH 25: met through F111, although F110's permission is not met.
      const b = extract()
        .user('U1')
        .role('R', tcodes('F110', 'F111'), inst('F_REGU_BUK', { FBTCH: '25' }))
        .assign('U1', 'R')
        .build();
      expect(users(b, twoActions())).toEqual(['USER:U1:CA']);
      expect(findingOf(analyse(b, twoActions(), opts()).findings, 'USER', 'U1', 'CA').functions[0].action).toBe('F111');
    });
    it('an action without permission lines is met by executing it', () => {
      const r = ruleset()
        .fn('FN', ['F110', 'FBL1N'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21')])
        .risk('CA', ['FN'])
        .build();
      const x = extract().user('U1').role('R', tcodes('FBL1N')).assign('U1', 'R').build();
      expect(users(x, r)).toEqual(['USER:U1:CA']);
    });
    it('every permission object listed for the action must be met', () => {
      const r = ruleset()
        .fn('FN', ['F-53'], [perm('F-53', 'F_BKPF_BUK', 'ACTVT', '01'), perm('F-53', 'F_BKPF_KOA', 'ACTVT', '01')])
        .risk('CA', ['FN'])
        .build();
      const one = extract()
        .user('U1')
        .role('R', tcodes('F-53'), inst('F_BKPF_BUK', { ACTVT: '01' }))
        .assign('U1', 'R')
        .build();
      expect(users(one, r)).toEqual([]);
      const both = extract()
        .user('U1')
        .role('R', tcodes('F-53'), inst('F_BKPF_BUK', { ACTVT: '01' }), inst('F_BKPF_KOA', { ACTVT: '01' }))
        .assign('U1', 'R')
        .build();
      expect(users(both, r)).toEqual(['USER:U1:CA']);
    });
  });

  describe('inactive actions and their lines', () => {
    const r = (): Ruleset =>
      ruleset()
        .fn(
          'FN',
          [inactive('F110'), 'F111'],
          [perm('F110', 'F_REGU_BUK', 'FBTCH', '21'), perm('F111', 'F_REGU_BUK', 'FBTCH', '25')],
        )
        .risk('CA', ['FN'])
        .build();
    it('an executable inactive action does not meet the function', () => {
      const x = extract()
        .user('U1')
        .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21' }))
        .assign('U1', 'R')
        .build();
      expect(users(x, r())).toEqual([]);
      expect(users(x, r(), 'action')).toEqual([]);
    });
    it('the active action still meets it', () => {
      const x = extract()
        .user('U1')
        .role('R', tcodes('F111'), inst('F_REGU_BUK', { FBTCH: '25' }))
        .assign('U1', 'R')
        .build();
      expect(users(x, r())).toEqual(['USER:U1:CA']);
    });
  });

  describe('a function with no active actions', () => {
    // Lines under two ACTION values (one of them an inactive action) and two objects.
    const r = (level: AnalysisLevel = 'permission'): string[] => {
      const rules = ruleset()
        .fn(
          'FN',
          [inactive('ZX')],
          [perm('ZX', 'S_DEVELOP', 'ACTVT', '02'), perm('ZY', 'S_CTS_ADMI', 'CTS_ADMFCT', 'IMPA')],
        )
        .risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' })
        .risk('CP_SOD', ['FN'], { type: 'SOD' })
        .build();
      const x = extract()
        .user('U1')
        .user('U2')
        .role('R_BOTH', inst('S_DEVELOP', { ACTVT: '02' }), inst('S_CTS_ADMI', { CTS_ADMFCT: 'IMPA' }))
        .role('R_ONE', inst('S_DEVELOP', { ACTVT: '02' }))
        .assign('U1', 'R_BOTH')
        .assign('U2', 'R_ONE')
        .build();
      return users(x, rules, level);
    };
    it('is met at permission level when all its permission objects are met, whatever their ACTION', () => {
      expect(r()).toEqual(['USER:U1:CP', 'USER:U1:CP_SOD']);
    });
    it('is never met at action level', () => {
      expect(r('action')).toEqual([]);
    });
    it('reports a null action', () => {
      const rules = ruleset()
        .fn('FN', [], [perm('', 'S_DEVELOP', 'ACTVT', '02')])
        .risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' })
        .build();
      const x = extract()
        .user('U1')
        .role('R', inst('S_DEVELOP', { ACTVT: '02' }))
        .assign('U1', 'R')
        .build();
      const f = findingOf(analyse(x, rules, opts()).findings, 'USER', 'U1', 'CP');
      expect(f.functions.map((m) => [m.functionId, m.action])).toEqual([['FN', null]]);
    });
    it('groups lines by (ACTION, OBJECT): each group may be met by a different instance (decisions)', () => {
      const rules = ruleset()
        .fn('FN', [], [perm('A1', 'Z_OBJ', 'F1', 'X'), perm('A2', 'Z_OBJ', 'F2', 'Y')])
        .risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' })
        .build();
      const x = extract()
        .user('U1')
        .role('R', inst('Z_OBJ', { F1: 'X' }), inst('Z_OBJ', { F2: 'Y' }))
        .assign('U1', 'R')
        .build();
      expect(users(x, rules)).toEqual(['USER:U1:CP']);
      const y = extract()
        .user('U1')
        .role('R', inst('Z_OBJ', { F1: 'X' }))
        .assign('U1', 'R')
        .build();
      expect(users(y, rules)).toEqual([]);
    });
    it('is never met when it has no active permission lines either (decisions)', () => {
      const rules = ruleset()
        .fn('FN_EMPTY', [])
        .fn('FN_INACTIVE', [inactive('F110')], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21', { active: false })])
        .risk('CP1', ['FN_EMPTY'], { type: 'CRITICAL_PERMISSION' })
        .risk('CP2', ['FN_INACTIVE'], { type: 'CRITICAL_PERMISSION' })
        .build();
      const x = extract()
        .user('U1')
        .role('R', tcodes('*'), inst('F_REGU_BUK', { FBTCH: '*' }))
        .assign('U1', 'R')
        .build();
      expect(users(x, rules)).toEqual([]);
    });
  });

  describe('amended: a line with an empty ACTION is function-wide', () => {
    // Vendor display (FK03) and payment (F110): F_REGU_BUK FBTCH 21 is written once for the function.
    const rules = (): Ruleset =>
      ruleset()
        .fn('PAY', ['F110', 'F111'], [perm('', 'F_REGU_BUK', 'FBTCH', '21')])
        .risk('CA', ['PAY'])
        .build();
    it('the line is listed for every active action: not met without the value', () => {
      const x = extract().user('U1').role('R', tcodes('F111'), inst('F_REGU_BUK', { FBTCH: '03' })).assign('U1', 'R').build();
      expect(users(x, rules())).toEqual([]);
    });
    it('met through either action when the value is held', () => {
      const x = extract().user('U1').role('R', tcodes('F111'), inst('F_REGU_BUK', { FBTCH: '21' })).assign('U1', 'R').build();
      expect(users(x, rules())).toEqual(['USER:U1:CA']);
      expect(findingOf(analyse(x, rules(), opts()).findings, 'USER', 'U1', 'CA').functions[0].action).toBe('F111');
    });
    it("joins the action's own lines of the same object: one instance meets both", () => {
      const r = ruleset()
        .fn('PAY', ['F110'], [perm('', 'F_REGU_BUK', 'FBTCH', '21'), perm('F110', 'F_REGU_BUK', 'ACTVT', '02')])
        .risk('CA', ['PAY'])
        .build();
      const apart = extract()
        .user('U1')
        .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21' }), inst('F_REGU_BUK', { ACTVT: '02' }))
        .assign('U1', 'R')
        .build();
      expect(users(apart, r)).toEqual([]);
      const together = extract()
        .user('U1')
        .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', ACTVT: '02' }))
        .assign('U1', 'R')
        .build();
      expect(users(together, r)).toEqual(['USER:U1:CA']);
    });
    it('a line naming an action its function lacks is not evaluated, and counted in a warning', () => {
      const r = ruleset()
        .fn('PAY', ['F110'], [perm('FK03', 'F_REGU_BUK', 'FBTCH', '21'), perm('F110', 'F_REGU_BUK', 'ACTVT', '02')])
        .fn('NOACT', [], [perm('ZX', 'S_DEVELOP', 'ACTVT', '02')])
        .risk('CA', ['PAY'])
        .build();
      const x = extract().user('U1').role('R', tcodes('F110'), inst('F_REGU_BUK', { ACTVT: '02' })).assign('U1', 'R').build();
      expect(users(x, r)).toEqual(['USER:U1:CA']);
      expect(rulesetWarnings(r)).toEqual([
        { code: 'ACTION_NOT_IN_FUNCTION', table: 'FUNCTION_PERMISSIONS', count: 1, examples: ['PAY/FK03/F_REGU_BUK'] },
      ]);
      expect(rulesetWarnings(rules())).toEqual([]);
    });
  });

  describe('at action level, critical-permission risks are not evaluated', () => {
    const rules = ruleset()
      .fn('FN', ['F110'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21')])
      .risk('CP', ['FN'], { type: 'CRITICAL_PERMISSION' })
      .risk('CA', ['FN'], { type: 'CRITICAL_ACTION' })
      .build();
    const x = extract()
      .user('U1')
      .role('R', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21' }))
      .assign('U1', 'R')
      .build();
    it('action level: only the critical action', () => {
      expect(users(x, rules, 'action')).toEqual(['USER:U1:CA']);
      expect(keysAt('ROLE', analyse(x, rules, opts({ level: 'action' })).findings)).toEqual(['ROLE:R:CA']);
    });
    it('permission level: both', () => {
      expect(users(x, rules)).toEqual(['USER:U1:CA', 'USER:U1:CP']);
    });
  });
});
