/**
 * DESIGN 5.12 — Acceptance: a risk can be accepted globally, for a user, or for a role, with a
 * message, author, time and optional validity. A role-level finding is accepted when the risk
 * is accepted globally or for that role. A user-level finding is accepted when the risk is
 * accepted globally, for that user, or for a role the user holds that meets the whole risk by
 * itself. Accepted findings stay visible and are counted apart. A deactivated risk is not
 * evaluated.
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import type { AnalysisResult, RiskAcceptance } from '../../../engine/model/index.ts';
import {
  D,
  D_MINUS_1,
  D_PLUS_1,
  PAY,
  VENDOR,
  acceptance,
  extract,
  keys,
  opts,
  p2pRuleset,
} from '../../reference/fixture.ts';

const rules = p2pRuleset().risk('CA_PAY', ['FN_PAY'], { level: 'CRITICAL' }).build();

/**
 * U1 holds R_BOTH (meets P2P01 by itself); U2 holds R_VEND + R_PAY (each only part of it);
 * U3 holds composite C_P2P (S_VEND + S_PAY: meets it as a whole); U4 holds R_VEND + R_PAY and
 * had R_BOTH until the day before D; U5 has the manual profile Z_ALL.
 */
const x = extract()
  .users('U1', 'U2', 'U3', 'U4', 'U5')
  .role('R_BOTH', ...VENDOR, ...PAY)
  .role('R_VEND', ...VENDOR)
  .role('R_PAY', ...PAY)
  .role('S_VEND', ...VENDOR)
  .role('S_PAY', ...PAY)
  .composite('C_P2P', 'S_VEND', 'S_PAY')
  .assign('U1', 'R_BOTH')
  .assign('U2', 'R_VEND')
  .assign('U2', 'R_PAY')
  .assign('U3', 'C_P2P')
  .assign('U4', 'R_VEND')
  .assign('U4', 'R_PAY')
  .assign('U4', 'R_BOTH', 20250101, D_MINUS_1)
  .profile('Z_ALL', ...VENDOR, ...PAY)
  .assignProfile('U5', 'Z_ALL')
  .build();

const ALL_P2P01 = [
  'PROFILE:Z_ALL:P2P01',
  'ROLE:C_P2P:P2P01',
  'ROLE:R_BOTH:P2P01',
  'USER:U1:P2P01',
  'USER:U2:P2P01',
  'USER:U3:P2P01',
  'USER:U4:P2P01',
  'USER:U5:P2P01',
];

const run = (acceptances: RiskAcceptance[], deactivatedRiskIds: string[] = []): AnalysisResult =>
  analyse(x, rules, opts({ acceptances, deactivatedRiskIds }));
const accepted = (r: AnalysisResult): string[] => keys(r.findings.filter((f) => f.accepted));

describe('rule 12: acceptance', () => {
  it('without acceptances nothing is accepted', () => {
    const r = run([]);
    expect(keys(r.findings).filter((k) => k.endsWith(':P2P01'))).toEqual(ALL_P2P01);
    expect(accepted(r)).toEqual([]);
    expect(r.findings.every((f) => f.acceptance === null)).toBe(true);
    expect(r.counts.acceptedFindings).toBe(0);
  });

  it('a global acceptance accepts every finding of the risk (user, role and profile level), no other risk', () => {
    const a = acceptance('P2P01', 'global');
    const r = run([a]);
    expect(accepted(r)).toEqual(ALL_P2P01);
    for (const f of r.findings) {
      if (f.riskId === 'P2P01') expect(f.acceptance).toEqual(a);
      else expect(f.acceptance).toBeNull();
    }
  });

  it('accepted findings stay visible and are counted apart', () => {
    const before = run([]);
    const after = run([acceptance('P2P01', 'global')]);
    expect(keys(after.findings)).toEqual(keys(before.findings));
    expect(after.counts.acceptedFindings).toBe(ALL_P2P01.length);
    // READING: counts.findings counts every finding, accepted or not.
    expect(after.counts.findings).toBe(after.findings.length);
    expect(after.counts.findings).toBe(before.counts.findings);
  });

  it('keeps the message, author, time and validity of the acceptance', () => {
    const a: RiskAcceptance = {
      riskId: 'P2P01',
      scope: 'user',
      holder: 'U2',
      message: 'Compensating control: dual approval of payment runs',
      author: 'j.doe',
      createdAt: '2026-05-31T08:15:00.000Z',
      validFrom: 20260101,
      validTo: 20261231,
    };
    const f = run([a]).findings.find((g) => g.holder === 'U2' && g.riskId === 'P2P01')!;
    expect(f.accepted).toBe(true);
    expect(f.acceptance).toEqual(a);
  });

  it('a user acceptance accepts that user’s user-level finding only', () => {
    const r = run([acceptance('P2P01', 'user', 'U2')]);
    expect(accepted(r)).toEqual(['USER:U2:P2P01']);
  });

  it('a user acceptance does not accept a role- or profile-level finding of the same name', () => {
    const r = run([acceptance('P2P01', 'user', 'R_BOTH'), acceptance('P2P01', 'user', 'Z_ALL')]);
    expect(accepted(r)).toEqual([]);
  });

  it('a role acceptance accepts that role’s finding and the user finding of a holder of the role when the role meets the whole risk by itself', () => {
    const r = run([acceptance('P2P01', 'role', 'R_BOTH')]);
    expect(accepted(r)).toEqual(['ROLE:R_BOTH:P2P01', 'USER:U1:P2P01']);
  });

  it('NOT through a role that only meets part of the risk', () => {
    const r = run([acceptance('P2P01', 'role', 'R_VEND'), acceptance('P2P01', 'role', 'R_PAY')]);
    expect(accepted(r)).toEqual([]);
  });

  it('through a composite role that meets the whole risk, not through its children', () => {
    expect(accepted(run([acceptance('P2P01', 'role', 'C_P2P')]))).toEqual(['ROLE:C_P2P:P2P01', 'USER:U3:P2P01']);
    expect(accepted(run([acceptance('P2P01', 'role', 'S_PAY'), acceptance('P2P01', 'role', 'S_VEND')]))).toEqual([]);
  });

  it('not through a role the user does not hold on D', () => {
    // U4's R_BOTH assignment ended the day before D; U2 never had it.
    const r = run([acceptance('P2P01', 'role', 'R_BOTH')]);
    expect(accepted(r)).not.toContain('USER:U4:P2P01');
    expect(accepted(r)).not.toContain('USER:U2:P2P01');
  });

  it('READING: a profile-level finding is accepted only globally', () => {
    const r = run([acceptance('P2P01', 'role', 'Z_ALL')]);
    expect(accepted(r)).toEqual([]);
  });

  it('an acceptance of another risk does not apply', () => {
    const r = run([acceptance('CA_PAY', 'user', 'U2'), acceptance('OTHER', 'global')]);
    expect(accepted(r)).toEqual(['USER:U2:CA_PAY']);
  });

  describe('validity windows', () => {
    it('applies on D when from ≤ D ≤ to', () => {
      expect(accepted(run([acceptance('P2P01', 'user', 'U2', D, D)]))).toEqual(['USER:U2:P2P01']);
      expect(accepted(run([acceptance('P2P01', 'role', 'R_BOTH', D_MINUS_1, D_PLUS_1)]))).toEqual([
        'ROLE:R_BOTH:P2P01',
        'USER:U1:P2P01',
      ]);
    });
    it('does not apply before it starts or after it ends', () => {
      expect(accepted(run([acceptance('P2P01', 'user', 'U2', D_PLUS_1, null)]))).toEqual([]);
      expect(accepted(run([acceptance('P2P01', 'role', 'R_BOTH', null, D_MINUS_1)]))).toEqual([]);
      expect(accepted(run([acceptance('P2P01', 'global', '', 20250101, 20251231)]))).toEqual([]);
    });
    it('an expired acceptance next to a valid one: the valid one applies', () => {
      const valid = acceptance('P2P01', 'user', 'U2', D, null);
      const r = run([acceptance('P2P01', 'user', 'U2', null, D_MINUS_1), valid]);
      const f = r.findings.find((g) => g.holder === 'U2' && g.riskId === 'P2P01')!;
      expect(f.accepted).toBe(true);
      expect(f.acceptance).toEqual(valid);
    });
  });

  it('a deactivated risk is not evaluated at all, accepted or not', () => {
    const r = run([acceptance('P2P01', 'global')], ['P2P01']);
    expect(keys(r.findings).some((k) => k.endsWith(':P2P01'))).toBe(false);
    expect(keys(r.findings)).toEqual([
      'PROFILE:Z_ALL:CA_PAY',
      'ROLE:C_P2P:CA_PAY',
      'ROLE:R_BOTH:CA_PAY',
      'ROLE:R_PAY:CA_PAY',
      'ROLE:S_PAY:CA_PAY',
      'USER:U1:CA_PAY',
      'USER:U2:CA_PAY',
      'USER:U3:CA_PAY',
      'USER:U4:CA_PAY',
      'USER:U5:CA_PAY',
    ]);
    expect(r.counts.acceptedFindings).toBe(0);
  });
});

describe('rule 12: a composite inside an assigned composite whose children loop back', () => {
  it('is held by the user: a role acceptance for it accepts the user finding when it meets the whole risk', () => {
    // U1 is assigned C_OUTER = {C_LOOP, R_BOTH}; C_LOOP = {C_OUTER}. C_LOOP lies on no path from
    // U1 to a single role (the loop is cut), yet it is inside C_OUTER and meets P2P01 through it.
    const y = extract().users('U1').role('R_BOTH', ...VENDOR, ...PAY).composite('C_OUTER', 'C_LOOP', 'R_BOTH').composite('C_LOOP', 'C_OUTER').assign('U1', 'C_OUTER').build();
    const r = analyse(y, rules, opts({ acceptances: [acceptance('P2P01', 'role', 'C_LOOP')] }));
    expect(accepted(r)).toContain('USER:U1:P2P01');
    expect(accepted(r)).toContain('ROLE:C_LOOP:P2P01');
  });
});
