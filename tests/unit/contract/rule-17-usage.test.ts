/**
 * DESIGN 5.17 — Usage ("did-do"): a function of a USER finding is executed when the user used
 * one of its active actions that the user can execute (rule 7). EXECUTION is FULL, PARTIAL or
 * NONE; REMEDIATION lists the user's own assignments valid on D whose removal alone ends the
 * risk, `R:ROLE(n)` / `P:PROFILE(n)`, n = distinct used tcodes lost, ordered by n then entry.
 * Readings: docs/decisions/2026-11-25-mitigations-and-usage.md.
 */
import { describe, expect, it } from 'vitest';
import { formatRemediation, prepareAnalysis, usageOfFindings } from '../../../engine/index.ts';
import type { AnalysisOptions, FindingUsage, SystemExtract, UsageRecord } from '../../../engine/model/index.ts';
import { D_MINUS_1, PAY, VENDOR, extract, inactive, inst, opts, p2pRuleset, payFunctionLines, tcodes, vendorFunctionLines, ruleset } from '../../reference/fixture.ts';

const rules = p2pRuleset().risk('CA_PAY', ['FN_PAY'], { level: 'CRITICAL' }).build();

const use = (user: string, ...tcodeCounts: Array<string | [string, number]>): UsageRecord[] =>
  tcodeCounts.map((t) => (typeof t === 'string' ? { user, tcode: t, count: 1 } : { user, tcode: t[0], count: t[1] }));

/** The usage of one finding, or null; throws when there is no such finding. */
function usageOf(x: SystemExtract, records: UsageRecord[], holder: string, riskId = 'P2P01', level = 'USER', o: Partial<AnalysisOptions> = {}, r = rules): FindingUsage | null {
  const p = prepareAnalysis(x, r, opts(o));
  const findings = p.run().findings;
  const i = findings.findIndex((f) => f.level === level && f.holder === holder && f.riskId === riskId);
  if (i < 0) throw new Error(`no finding ${level}:${holder}:${riskId}`);
  return usageOfFindings(p, findings, records)[i];
}

const remediation = (x: SystemExtract, records: UsageRecord[], holder: string, riskId = 'P2P01'): string =>
  formatRemediation(usageOf(x, records, holder, riskId)!.remediation);

/** U1 holds R_BOTH (vendor and pay) and R_VEND (vendor) and R_SE16 (SE16, a tcode no function lists). */
const base = () =>
  extract()
    .users('U1')
    .role('R_BOTH', ...VENDOR, ...PAY)
    .role('R_VEND', ...VENDOR)
    .role('R_PAY', ...PAY)
    .role('R_SE16', tcodes('SE16'))
    .assign('U1', 'R_BOTH')
    .assign('U1', 'R_VEND')
    .assign('U1', 'R_SE16');

describe('rule 17: EXECUTION', () => {
  const x = base().build();

  it('FULL when every function was executed, PARTIAL when some, NONE otherwise', () => {
    expect(usageOf(x, use('U1', 'FK02', 'F110'), 'U1')!.execution).toBe('FULL');
    expect(usageOf(x, use('U1', 'F110'), 'U1')!.execution).toBe('PARTIAL');
    expect(usageOf(x, use('U1', 'SE16'), 'U1')!.execution).toBe('NONE');
    expect(usageOf(x, [], 'U1')!.execution).toBe('NONE');
    expect(usageOf(x, use('U2', 'FK02', 'F110'), 'U1')!.execution).toBe('NONE');
  });

  it('names per function the used tcodes that executed it, with their summed counts', () => {
    const g = usageOf(x, [...use('U1', ['FK02', 3], ['F110', 2], ['FK02', 4], 'XK02')], 'U1')!;
    expect(g.functions).toEqual([
      { functionId: 'FN_VEND', executed: true, tcodes: [{ tcode: 'FK02', count: 7 }] }, // XK02: used, not startable
      { functionId: 'FN_PAY', executed: true, tcodes: [{ tcode: 'F110', count: 2 }] },
    ]);
  });

  it('a tcode whose counts add up to 0 or less was not used; tcodes are trimmed', () => {
    expect(usageOf(x, use('U1', ['FK02', 2], ['FK02', -2], 'F110'), 'U1')!.execution).toBe('PARTIAL');
    expect(usageOf(x, use('U1', ['FK02', 0], ' F110 '), 'U1')!.functions[1].tcodes).toEqual([{ tcode: 'F110', count: 1 }]);
  });

  it('a used tcode the user cannot start (no S_TCODE, or a TSTCA start check not met) does not execute the function', () => {
    const r = ruleset()
      .fn('FN_VEND', ['FK02', 'XK02'], vendorFunctionLines())
      .fn('FN_PAY', ['F110'], payFunctionLines())
      .risk('P2P01', ['FN_VEND', 'FN_PAY'])
      .build();
    // F110 starts only with F_REGU_BUK FBTCH 21 (met); XK02 only with F_LFA1_APP ACTVT 03 (not met).
    const y = base().tstca('XK02', 'F_LFA1_APP', 'ACTVT', '03').tstca('F110', 'F_REGU_BUK', 'FBTCH', '21').role('R_X', tcodes('XK02')).assign('U1', 'R_X').build();
    const g = usageOf(y, use('U1', 'XK02', 'F110'), 'U1', 'P2P01', 'USER', {}, r)!;
    expect(g.execution).toBe('PARTIAL');
    expect(g.functions.map((f) => f.executed)).toEqual([false, true]);
  });

  it('an inactive action does not execute a function even when used and startable', () => {
    const r = ruleset()
      .fn('FN_VEND', ['FK02', inactive('FK03')], vendorFunctionLines())
      .fn('FN_PAY', ['F110'], payFunctionLines())
      .risk('P2P01', ['FN_VEND', 'FN_PAY'])
      .build();
    const y = base().role('R_FK03', tcodes('FK03')).assign('U1', 'R_FK03').build();
    expect(usageOf(y, use('U1', 'FK03', 'F110'), 'U1', 'P2P01', 'USER', {}, r)!.execution).toBe('PARTIAL');
  });

  it('any executable active action counts, not only the one that met the function', () => {
    // FN_VEND is met through FK02 (first in order); the user used XK02, which it can also start.
    const y = base().role('R_XK', tcodes('XK02')).assign('U1', 'R_XK').build();
    expect(usageOf(y, use('U1', 'XK02', 'F110'), 'U1')!.execution).toBe('FULL');
  });

  it('role and profile findings get no usage', () => {
    const y = base().profile('Z_ALL', ...VENDOR, ...PAY).assignProfile('U1', 'Z_ALL').build();
    expect(usageOf(y, use('U1', 'FK02'), 'R_BOTH', 'P2P01', 'ROLE')).toBeNull();
    expect(usageOf(y, use('U1', 'FK02'), 'Z_ALL', 'P2P01', 'PROFILE')).toBeNull();
  });
});

describe('rule 17: REMEDIATION', () => {
  it('lists the own assignments whose removal alone ends the risk, with n = used tcodes lost', () => {
    // Without R_BOTH, F110 is gone (R_VEND still gives FK02): the risk ends; n counts F110 only.
    // Without R_VEND or R_SE16 the risk stays.
    expect(remediation(base().build(), use('U1', 'FK02', 'F110', 'SE16'), 'U1')).toBe('R:R_BOTH(1)');
    expect(remediation(base().build(), [], 'U1')).toBe('R:R_BOTH(0)');
  });

  it('n counts distinct used tcodes the user could start before and not after, any tcode, not only the ruleset’s', () => {
    const x = extract()
      .users('U1')
      .role('R_BOTH', ...VENDOR, ...PAY, tcodes('SE16', 'SU01'))
      .role('R_SU01', tcodes('SU01'))
      .assign('U1', 'R_BOTH')
      .assign('U1', 'R_SU01')
      .build();
    // Lost without R_BOTH: FK02, F110, SE16 (SU01 stays through R_SU01; MM01 was never startable).
    expect(remediation(x, use('U1', 'FK02', ['FK02', 3], 'F110', 'SE16', 'SU01', 'MM01'), 'U1')).toBe('R:R_BOTH(3)');
  });

  it('a composite role counts as one entry, its children are not entries', () => {
    const x = extract().users('U1').role('S_VEND', ...VENDOR).role('S_PAY', ...PAY).composite('C_P2P', 'S_VEND', 'S_PAY').assign('U1', 'C_P2P').build();
    expect(remediation(x, use('U1', 'FK02', 'F110'), 'U1')).toBe('R:C_P2P(2)');
  });

  it('a role assigned by two valid AGR_USERS rows is one entry, removed with both rows', () => {
    const x = extract()
      .users('U1')
      .role('R_BOTH', ...VENDOR, ...PAY)
      .assign('U1', 'R_BOTH', null, 20991231)
      .assign('U1', 'R_BOTH', D_MINUS_1, null)
      .build();
    expect(remediation(x, use('U1', 'F110'), 'U1')).toBe('R:R_BOTH(1)');
  });

  it('an assignment not valid on D is not an entry', () => {
    const x = base().assign('U1', 'R_PAY', null, D_MINUS_1).build();
    expect(remediation(x, [], 'U1')).toBe('R:R_BOTH(0)');
  });

  it('a role the user also holds through the reference user cannot be removed alone; the reference user’s roles are not entries', () => {
    const x = base().user('UREF', { ustyp: 'L' }).assign('UREF', 'R_BOTH').refUser('U1', 'UREF').build();
    expect(remediation(x, use('U1', 'F110'), 'U1')).toBe('');
    const y = extract().users('U1').user('UREF', { ustyp: 'L' }).role('R_VEND', ...VENDOR).role('R_PAY', ...PAY).assign('U1', 'R_VEND').assign('UREF', 'R_PAY').refUser('U1', 'UREF').build();
    expect(remediation(y, use('U1', 'FK02', 'F110'), 'U1')).toBe('R:R_VEND(1)');
  });

  it('manual profiles are entries (P:), generated profiles are not', () => {
    const x = extract()
      .users('U1')
      .role('R_VEND', ...VENDOR)
      .profile('Z_PAY', ...PAY)
      .profile('G_PAY', ...PAY)
      .generated('R_GEN', 'G_PAY')
      .assign('U1', 'R_VEND')
      .assignProfile('U1', 'Z_PAY')
      .assignProfile('U1', 'G_PAY')
      .build();
    expect(remediation(x, use('U1', 'FK02', 'F110'), 'U1')).toBe('P:Z_PAY(1);R:R_VEND(1)');
  });

  it('orders by n, then by the entry', () => {
    // Removing either role ends the risk; R_VEND takes FK02, SE16 and SU01 with it, R_PAY only F110.
    const x = extract()
      .users('U1')
      .role('R_VEND', ...VENDOR, tcodes('SE16', 'SU01'))
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('U1', 'R_PAY')
      .build();
    expect(remediation(x, use('U1', 'FK02', 'F110', 'SE16', 'SU01'), 'U1')).toBe('R:R_PAY(1);R:R_VEND(3)');
    expect(remediation(x, use('U1', 'FK02', 'F110'), 'U1')).toBe('R:R_PAY(1);R:R_VEND(1)');
    expect(remediation(x, use('U1', 'SE16'), 'U1')).toBe('R:R_PAY(0);R:R_VEND(1)');
  });

  it('in union mode, values split across two roles: removing either ends the risk', () => {
    const x = extract()
      .users('U1')
      .role('R_A', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21' }))
      .role('R_B', inst('F_REGU_BUK', { BUKRS: '*' }))
      .assign('U1', 'R_A')
      .assign('U1', 'R_B')
      .build();
    const r = ruleset().fn('FN_PAY', ['F110'], [...payFunctionLines(), { action: 'F110', object: 'F_REGU_BUK', field: 'BUKRS', low: '1000', high: '', operator: 'AND', active: true }]).risk('CA', ['FN_PAY']).build();
    const g = usageOf(x, use('U1', 'F110'), 'U1', 'CA', 'USER', { mode: 'union' }, r)!;
    expect(formatRemediation(g.remediation)).toBe('R:R_B(0);R:R_A(1)');
  });
});
