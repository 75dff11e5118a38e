/**
 * DESIGN 5.15 with 5.12, 5.16 and 5.17: an org-level risk is "met" the org-aware way wherever
 * another rule asks whether it is met — REMEDIATION ("whose removal alone makes the risk no
 * longer met"), and "a role the user holds that meets the whole risk by itself" for acceptance
 * and mitigation. Each case is also checked against the naive references.
 */
import { describe, expect, it } from 'vitest';
import { formatRemediation, mitigateFindings, prepareAnalysis, usageOfFindings } from '../../../engine/index.ts';
import type { Finding, MitigationAssignment, Ruleset, SystemExtract, UsageRecord } from '../../../engine/model/index.ts';
import { acceptance, extract, inst, opts, perm, ruleset, tcodes, type InstSpec } from '../../reference/fixture.ts';
import { referenceAccepted } from '../../reference/reference-evaluator.ts';
import { referenceMitigation, referenceUsage } from '../../reference/reference-controls.ts';

/** ORG1: post (FB01, F_BKPF_BUK ACTVT 01) and pay (F110, F_REGU_BUK FBTCH 21) in one company code. */
const rules: Ruleset = ruleset()
  .fn('FN_POST', ['FB01'], [perm('FB01', 'F_BKPF_BUK', 'ACTVT', '01')])
  .fn('FN_PAY', ['F110'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21')])
  .risk('ORG1', ['FN_POST', 'FN_PAY'], { org: ['BUKRS'] })
  .build();
const post = (bukrs: string): InstSpec[] => [tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: bukrs })];
const pay = (bukrs: string): InstSpec[] => [tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', BUKRS: bukrs })];
const use = (user: string, ...t: string[]): UsageRecord[] => t.map((tcode) => ({ user, tcode, count: 1 }));

/**
 * U1 holds R_POST1 (post in 1000), R_PAY1 (pay in 1000) and R_PAY2 (pay in 2000): ORG1 holds
 * at 1000 only. Without R_PAY1 both functions are still met, but in two company codes: the risk
 * is no longer met, so R_PAY1 is a remediation as much as R_POST1. R_PAY2 is not.
 */
const x: SystemExtract = extract()
  .user('U1')
  .role('R_POST1', ...post('1000'))
  .role('R_PAY1', ...pay('1000'))
  .role('R_PAY2', ...pay('2000'))
  .assign('U1', 'R_POST1')
  .assign('U1', 'R_PAY1')
  .assign('U1', 'R_PAY2')
  .build();

function userFinding(p: ReturnType<typeof prepareAnalysis>, findings: readonly Finding[], holder = 'U1'): number {
  const i = findings.findIndex((f) => f.level === 'USER' && f.holder === holder && f.riskId === 'ORG1');
  expect(i, `USER:${holder}:ORG1`).toBeGreaterThanOrEqual(0);
  return i;
}

describe('rule 17 REMEDIATION of an org-level risk (rule 15)', () => {
  it('counts a removal that breaks the org-value coincidence as resolving the risk', () => {
    for (const mode of ['same-instance', 'union'] as const) {
      const o = opts({ mode });
      const p = prepareAnalysis(x, rules, o);
      const findings = p.run().findings;
      const i = userFinding(p, findings);
      const records = use('U1', 'FB01', 'F110');
      const got = formatRemediation(usageOfFindings(p, findings, records)[i]!.remediation);
      expect(got, mode).toBe('R:R_PAY1(0);R:R_POST1(1)');
      expect(got, `${mode}: engine = reference`).toBe(referenceUsage(x, rules, o, findings[i], records).remediation);
    }
  });

  it('a removal that leaves the risk met at another value does not resolve it', () => {
    // R_POST2 posts in 2000 too: without R_PAY1 the risk still holds at 2000.
    const y = extract()
      .user('U1')
      .role('R_POST12', tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: ['1000', '2000'] }))
      .role('R_PAY1', ...pay('1000'))
      .role('R_PAY2', ...pay('2000'))
      .assign('U1', 'R_POST12')
      .assign('U1', 'R_PAY1')
      .assign('U1', 'R_PAY2')
      .build();
    const o = opts();
    const p = prepareAnalysis(y, rules, o);
    const findings = p.run().findings;
    const i = userFinding(p, findings);
    const got = formatRemediation(usageOfFindings(p, findings, [])[i]!.remediation);
    expect(got).toBe('R:R_POST12(0)');
    expect(got).toBe(referenceUsage(y, rules, o, findings[i], []).remediation);
  });
});

describe('rules 12 and 16: a role meets an org-level risk by itself only at one org value', () => {
  // C_SPLIT = R_POST1 + R_PAY2 meets both functions but in two company codes: it does not meet
  // ORG1 by itself. C_ONE = R_POST1 + R_PAY1 does. U2 holds both composites (and so ORG1 at 1000).
  const y = extract()
    .user('U2')
    .role('R_POST1', ...post('1000'))
    .role('R_PAY1', ...pay('1000'))
    .role('R_PAY2', ...pay('2000'))
    .composite('C_SPLIT', 'R_POST1', 'R_PAY2')
    .composite('C_ONE', 'R_POST1', 'R_PAY1')
    .assign('U2', 'C_SPLIT')
    .assign('U2', 'C_ONE')
    .build();

  it('acceptance for the split composite does not accept the user finding; for the other it does', () => {
    for (const role of ['C_SPLIT', 'C_ONE']) {
      const o = opts({ acceptances: [acceptance('ORG1', 'role', role)] });
      const p = prepareAnalysis(y, rules, o);
      const f = p.run().findings.find((g) => g.level === 'USER' && g.holder === 'U2' && g.riskId === 'ORG1')!;
      expect(f.accepted, role).toBe(role === 'C_ONE');
      expect(f.accepted, `${role}: engine = reference`).toBe(referenceAccepted(y, rules, o, f).length > 0);
    }
  });

  it('mitigation for the split composite does not mitigate the user finding; for the other it does', () => {
    for (const role of ['C_SPLIT', 'C_ONE']) {
      const o = opts();
      const p = prepareAnalysis(y, rules, o);
      const findings = p.run().findings;
      const i = userFinding(p, findings, 'U2');
      const m: MitigationAssignment[] = [{ controlId: 'C1', riskId: 'ORG1', level: 'ROLE', id: role, validFrom: null, validTo: null }];
      const got = mitigateFindings(p, findings, m)[i];
      expect(got.status, role).toBe(role === 'C_ONE' ? 'MITIGATED' : 'OPEN');
      expect(got, `${role}: engine = reference`).toEqual(referenceMitigation(y, rules, o, findings[i], m));
    }
  });
});
