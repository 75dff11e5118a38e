/**
 * DESIGN 5.1 — Analysis date D: an assignment, user validity or mitigation counts on D when
 * from ≤ D ≤ to (unset bounds are open). Expected findings are written by hand.
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import {
  D,
  D_MINUS_1,
  D_PLUS_1,
  PAY,
  acceptance,
  extract,
  findingOf,
  keysAt,
  opts,
  ruleset,
  payFunctionLines,
} from '../../reference/fixture.ts';

const rules = ruleset().fn('FN_PAY', ['F110'], payFunctionLines()).risk('CA_PAY', ['FN_PAY']).build();

describe('rule 1: analysis date', () => {
  describe('role assignments (AGR_USERS FROM_DAT/TO_DAT)', () => {
    const x = extract()
      .users('U_OPEN', 'U_FROM_D', 'U_TO_D', 'U_ONLY_D', 'U_AROUND', 'U_ENDED', 'U_LATER', 'U_FROM_ONLY_PAST')
      .role('R_PAY', ...PAY)
      .assign('U_OPEN', 'R_PAY')
      .assign('U_FROM_D', 'R_PAY', D, null)
      .assign('U_TO_D', 'R_PAY', null, D)
      .assign('U_ONLY_D', 'R_PAY', D, D)
      .assign('U_AROUND', 'R_PAY', D_MINUS_1, D_PLUS_1)
      .assign('U_ENDED', 'R_PAY', 20250101, D_MINUS_1)
      .assign('U_LATER', 'R_PAY', D_PLUS_1, 20271231)
      .assign('U_FROM_ONLY_PAST', 'R_PAY', 20200101, null)
      .build();

    it('counts an assignment when from ≤ D ≤ to, bounds inclusive and unset bounds open', () => {
      const r = analyse(x, rules, opts({ holderLevels: ['USER'] }));
      expect(keysAt('USER', r.findings)).toEqual([
        'USER:U_AROUND:CA_PAY',
        'USER:U_FROM_D:CA_PAY',
        'USER:U_FROM_ONLY_PAST:CA_PAY',
        'USER:U_ONLY_D:CA_PAY',
        'USER:U_OPEN:CA_PAY',
        'USER:U_TO_D:CA_PAY',
      ]);
    });

    it('uses the date given in the options (one day later, other assignments count)', () => {
      const r = analyse(x, rules, opts({ date: D_PLUS_1, holderLevels: ['USER'] }));
      expect(keysAt('USER', r.findings)).toEqual([
        'USER:U_AROUND:CA_PAY',
        'USER:U_FROM_D:CA_PAY',
        'USER:U_FROM_ONLY_PAST:CA_PAY',
        'USER:U_LATER:CA_PAY',
        'USER:U_OPEN:CA_PAY',
      ]);
    });

    it('one day earlier, assignments starting on D do not count yet', () => {
      const r = analyse(x, rules, opts({ date: D_MINUS_1, holderLevels: ['USER'] }));
      expect(keysAt('USER', r.findings)).toEqual([
        'USER:U_AROUND:CA_PAY',
        'USER:U_ENDED:CA_PAY',
        'USER:U_FROM_ONLY_PAST:CA_PAY',
        'USER:U_OPEN:CA_PAY',
        'USER:U_TO_D:CA_PAY',
      ]);
    });

    it('a user with an expired and a valid row for the same role holds it', () => {
      const y = extract()
        .user('U1')
        .role('R_PAY', ...PAY)
        .assign('U1', 'R_PAY', 20200101, 20201231)
        .assign('U1', 'R_PAY', D, null)
        .build();
      expect(keysAt('USER', analyse(y, rules, opts()).findings)).toEqual(['USER:U1:CA_PAY']);
    });
  });

  describe('user validity (USR02 GLTGV/GLTGB)', () => {
    const x = extract()
      .user('U_NONE')
      .user('U_FROM_D', { from: D })
      .user('U_TO_D', { to: D })
      .user('U_ONLY_D', { from: D, to: D })
      .user('U_EXPIRED', { to: D_MINUS_1 })
      .user('U_NOT_YET', { from: D_PLUS_1 })
      .role('R_PAY', ...PAY)
      .assign('U_NONE', 'R_PAY')
      .assign('U_FROM_D', 'R_PAY')
      .assign('U_TO_D', 'R_PAY')
      .assign('U_ONLY_D', 'R_PAY')
      .assign('U_EXPIRED', 'R_PAY')
      .assign('U_NOT_YET', 'R_PAY')
      .build();

    it('a user is valid on D when GLTGV ≤ D ≤ GLTGB, bounds inclusive, unset bounds open', () => {
      const r = analyse(x, rules, opts({ holderLevels: ['USER'] }));
      expect(keysAt('USER', r.findings)).toEqual([
        'USER:U_FROM_D:CA_PAY',
        'USER:U_NONE:CA_PAY',
        'USER:U_ONLY_D:CA_PAY',
        'USER:U_TO_D:CA_PAY',
      ]);
      expect(r.excludedUsers.map((e) => e.bname).sort()).toEqual(['U_EXPIRED', 'U_NOT_YET']);
    });

    it('on another date other users are valid', () => {
      const r = analyse(x, rules, opts({ date: D_PLUS_1, holderLevels: ['USER'] }));
      expect(keysAt('USER', r.findings)).toEqual([
        'USER:U_FROM_D:CA_PAY',
        'USER:U_NONE:CA_PAY',
        'USER:U_NOT_YET:CA_PAY',
      ]);
    });
  });

  describe('acceptance (mitigation) validity', () => {
    const x = extract()
      .user('U1')
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_PAY')
      .build();
    const accepted = (validFrom: number | null, validTo: number | null, date = D): boolean => {
      const r = analyse(
        x,
        rules,
        opts({ date, holderLevels: ['USER'], acceptances: [acceptance('CA_PAY', 'global', '', validFrom, validTo)] }),
      );
      return findingOf(r.findings, 'USER', 'U1', 'CA_PAY').accepted;
    };

    it('counts on D when from ≤ D ≤ to, bounds inclusive', () => {
      expect(accepted(null, null)).toBe(true);
      expect(accepted(D, null)).toBe(true);
      expect(accepted(null, D)).toBe(true);
      expect(accepted(D, D)).toBe(true);
      expect(accepted(D_MINUS_1, D_PLUS_1)).toBe(true);
    });

    it('does not count before it starts or after it ends', () => {
      expect(accepted(D_PLUS_1, null)).toBe(false);
      expect(accepted(null, D_MINUS_1)).toBe(false);
      expect(accepted(20250101, 20251231)).toBe(false);
    });

    it('follows the analysis date', () => {
      expect(accepted(D_PLUS_1, null, D_PLUS_1)).toBe(true);
      expect(accepted(null, D, D_PLUS_1)).toBe(false);
    });
  });
});
