/**
 * DESIGN 5.16 — Mitigating controls: on date D a ROLE finding is mitigated by assignments for
 * that role and risk; a USER finding by assignments for that user and risk, and by assignments
 * for a role the user holds on D (directly, inside an assigned composite, or through the
 * reference user) that meets the whole risk by itself. Readings:
 * docs/decisions/2026-11-25-mitigations-and-usage.md.
 */
import { describe, expect, it } from 'vitest';
import { mitigateFindings, mitigationWarnings, prepareAnalysis } from '../../../engine/index.ts';
import type { Date8, MitigationAssignment } from '../../../engine/model/index.ts';
import { D, D_MINUS_1, D_PLUS_1, PAY, VENDOR, extract, opts, p2pRuleset } from '../../reference/fixture.ts';

const rules = p2pRuleset().risk('CA_PAY', ['FN_PAY'], { level: 'CRITICAL' }).build();

/**
 * U1 holds R_BOTH (meets P2P01 by itself); U2 holds R_VEND + R_PAY (each only a part); U3 holds
 * composite C_P2P (S_VEND + S_PAY); U4 had R_BOTH until the day before D and holds R_VEND +
 * R_PAY; U5 has the manual profile Z_ALL; U6 holds composite C_WRAP, which bundles R_BOTH; U7
 * holds nothing of its own and has the reference user UREF, who holds R_BOTH.
 */
const x = extract()
  .users('U1', 'U2', 'U3', 'U4', 'U5', 'U6', 'U7')
  .user('UREF', { ustyp: 'L' })
  .role('R_BOTH', ...VENDOR, ...PAY)
  .role('R_VEND', ...VENDOR)
  .role('R_PAY', ...PAY)
  .role('S_VEND', ...VENDOR)
  .role('S_PAY', ...PAY)
  .composite('C_P2P', 'S_VEND', 'S_PAY')
  .composite('C_WRAP', 'R_BOTH')
  .assign('U1', 'R_BOTH')
  .assign('U2', 'R_VEND')
  .assign('U2', 'R_PAY')
  .assign('U3', 'C_P2P')
  .assign('U4', 'R_VEND')
  .assign('U4', 'R_PAY')
  .assign('U4', 'R_BOTH', 20250101, D_MINUS_1)
  .profile('Z_ALL', ...VENDOR, ...PAY)
  .assignProfile('U5', 'Z_ALL')
  .assign('U6', 'C_WRAP')
  .assign('UREF', 'R_BOTH')
  .refUser('U7', 'UREF')
  .build();

const m = (
  controlId: string,
  riskId: string,
  level: 'USER' | 'ROLE',
  id: string,
  validFrom: Date8 | null = null,
  validTo: Date8 | null = null,
): MitigationAssignment => ({ controlId, riskId, level, id, validFrom, validTo });

/** `LEVEL:holder:risk=CONTROLS` of every mitigated finding, sorted. */
function mitigated(assignments: MitigationAssignment[], date: Date8 = D): string[] {
  const p = prepareAnalysis(x, rules, opts({ date, includeLocked: true }));
  const findings = p.run().findings;
  const got = mitigateFindings(p, findings, assignments);
  return findings
    .map((f, i) => ({ f, g: got[i] }))
    .filter(({ g }) => g.status === 'MITIGATED')
    .map(({ f, g }) => `${f.level}:${f.holder}:${f.riskId}=${g.controls.join(';')}`)
    .sort();
}

describe('rule 16: mitigating controls', () => {
  it('without assignments every finding is OPEN with no controls', () => {
    const p = prepareAnalysis(x, rules, opts());
    const findings = p.run().findings;
    expect(findings.length).toBeGreaterThan(10);
    for (const g of mitigateFindings(p, findings, [])) expect(g).toEqual({ status: 'OPEN', controls: [] });
  });

  it('a ROLE assignment mitigates that role’s finding of that risk, and the findings of users holding it when it meets the whole risk', () => {
    expect(mitigated([m('C1', 'P2P01', 'ROLE', 'R_BOTH')])).toEqual([
      'ROLE:R_BOTH:P2P01=C1',
      'USER:U1:P2P01=C1',
      'USER:U6:P2P01=C1', // inside the assigned composite C_WRAP
      'USER:U7:P2P01=C1', // through the reference user UREF
      'USER:UREF:P2P01=C1',
    ]);
  });

  it('NOT through a role that meets only part of the risk, nor a composite’s child that does', () => {
    expect(mitigated([m('C1', 'P2P01', 'ROLE', 'R_VEND'), m('C2', 'P2P01', 'ROLE', 'S_PAY')])).toEqual([]);
    // S_PAY meets CA_PAY by itself, so there it mitigates U3 (who holds it inside C_P2P).
    expect(mitigated([m('C2', 'CA_PAY', 'ROLE', 'S_PAY')])).toEqual(['ROLE:S_PAY:CA_PAY=C2', 'USER:U3:CA_PAY=C2']);
  });

  it('through a composite role that meets the whole risk as the union of its children', () => {
    expect(mitigated([m('C1', 'P2P01', 'ROLE', 'C_P2P')])).toEqual(['ROLE:C_P2P:P2P01=C1', 'USER:U3:P2P01=C1']);
  });

  it('a USER assignment mitigates that user’s finding of that risk only', () => {
    expect(mitigated([m('C1', 'P2P01', 'USER', 'U2')])).toEqual(['USER:U2:P2P01=C1']);
    // A USER row naming a role or a profile does not mitigate role- or profile-level findings.
    expect(mitigated([m('C1', 'P2P01', 'USER', 'R_BOTH'), m('C1', 'P2P01', 'USER', 'Z_ALL')])).toEqual([]);
  });

  it('not through a role the user held only before D', () => {
    expect(mitigated([m('C1', 'P2P01', 'ROLE', 'R_BOTH')])).not.toContain('USER:U4:P2P01=C1');
  });

  it('READING: a PROFILE finding is never mitigated', () => {
    expect(mitigated([m('C1', 'P2P01', 'ROLE', 'Z_ALL'), m('C2', 'P2P01', 'USER', 'Z_ALL')])).toEqual([]);
  });

  it('counts an assignment on D when from ≤ D ≤ to: open-ended, boundary days, not expired or future', () => {
    expect(mitigated([m('C1', 'P2P01', 'USER', 'U2', D, D)])).toEqual(['USER:U2:P2P01=C1']);
    expect(mitigated([m('C1', 'P2P01', 'USER', 'U2', null, D_PLUS_1)])).toEqual(['USER:U2:P2P01=C1']);
    expect(mitigated([m('C1', 'P2P01', 'USER', 'U2', D_MINUS_1, null)])).toEqual(['USER:U2:P2P01=C1']);
    expect(mitigated([m('C1', 'P2P01', 'USER', 'U2', null, D_MINUS_1)])).toEqual([]);
    expect(mitigated([m('C1', 'P2P01', 'USER', 'U2', D_PLUS_1, null)])).toEqual([]);
    expect(mitigated([m('C1', 'P2P01', 'ROLE', 'R_BOTH', D_PLUS_1, 20991231)])).toEqual([]);
    // The same rows on another analysis date.
    expect(mitigated([m('C1', 'P2P01', 'USER', 'U2', D_PLUS_1, null)], D_PLUS_1)).toEqual(['USER:U2:P2P01=C1']);
  });

  it('lists every control that applies once, sorted by code point, user and role ones together', () => {
    expect(
      mitigated([
        m('C2', 'P2P01', 'USER', 'U1'),
        m('c1', 'P2P01', 'USER', 'U1'),
        m('C10', 'P2P01', 'ROLE', 'R_BOTH'),
        m('C2', 'P2P01', 'ROLE', 'R_BOTH'),
        m('C3', 'P2P01', 'USER', 'U1', null, D_MINUS_1),
      ]),
    ).toEqual(['ROLE:R_BOTH:P2P01=C10;C2', 'USER:U1:P2P01=C10;C2;c1', 'USER:U6:P2P01=C10;C2', 'USER:U7:P2P01=C10;C2', 'USER:UREF:P2P01=C10;C2']);
  });

  it('an assignment of another risk does not apply', () => {
    expect(mitigated([m('C1', 'CA_PAY', 'USER', 'U2')])).toEqual(['USER:U2:CA_PAY=C1']);
  });

  it('counts stray rows (unknown risk, user or role) as warnings, by distinct name', () => {
    const p = prepareAnalysis(x, rules, opts());
    const w = mitigationWarnings(p, [
      m('C1', 'NO_RISK', 'USER', 'U1'),
      m('C1', 'NO_RISK', 'USER', 'U1'),
      m('C1', 'P2P01', 'USER', 'NOBODY'),
      m('C1', 'P2P01', 'ROLE', 'NO_ROLE'),
      m('C1', 'P2P01', 'ROLE', 'NO_ROLE2'),
      m('C1', 'P2P01', 'ROLE', 'C_P2P'),
    ]);
    expect(w).toEqual([
      { code: 'RISK_NOT_IN_RULESET', table: 'MITIGATIONS', count: 1, examples: ['NO_RISK'] },
      { code: 'USER_NOT_IN_USR02', table: 'MITIGATIONS', count: 1, examples: ['NOBODY'] },
      { code: 'ROLE_NOT_IN_EXTRACT', table: 'MITIGATIONS', count: 2, examples: ['NO_ROLE', 'NO_ROLE2'] },
    ]);
    expect(mitigationWarnings(p, [m('C1', 'P2P01', 'USER', 'U1')])).toEqual([]);
  });
});

describe('rule 16: a composite inside an assigned composite whose children loop back', () => {
  it('is held by the user and mitigates when, as a role, it meets the risk', () => {
    // U1 is assigned C_OUTER = {C_LOOP, R_BOTH}; C_LOOP = {C_OUTER}. C_LOOP lies on no path from
    // U1 to a single role (the loop is cut), yet it is inside C_OUTER and holds R_BOTH through it.
    const y = extract().users('U1').role('R_BOTH', ...VENDOR, ...PAY).composite('C_OUTER', 'C_LOOP', 'R_BOTH').composite('C_LOOP', 'C_OUTER').assign('U1', 'C_OUTER').build();
    const p = prepareAnalysis(y, rules, opts());
    const findings = p.run().findings;
    const got = mitigateFindings(p, findings, [m('C1', 'P2P01', 'ROLE', 'C_LOOP')]);
    const i = findings.findIndex((f) => f.level === 'USER' && f.holder === 'U1' && f.riskId === 'P2P01');
    expect(got[i]).toEqual({ status: 'MITIGATED', controls: ['C1'] });
  });
});
