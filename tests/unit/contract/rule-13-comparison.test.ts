/**
 * DESIGN 5.13 — Comparison of two analyses: each (level, user or role, risk) is new, resolved
 * or unchanged; level changes are reported.
 */
import { describe, it, expect } from 'vitest';
import { analyse, compareFindings } from '../../../engine/index.ts';
import type { ComparisonRow, Finding, HolderLevel, RiskLevel } from '../../../engine/model/index.ts';
import { PAY, VENDOR, extract, opts, p2pRuleset } from '../../reference/fixture.ts';

function finding(
  level: HolderLevel,
  holder: string,
  riskId: string,
  riskLevel: RiskLevel = 'HIGH',
  extra: Partial<Finding> = {},
): Finding {
  return {
    level,
    holder,
    riskId,
    riskLevel,
    riskType: 'SOD',
    businessProcess: 'P2P',
    analysisLevel: 'permission',
    mode: 'same-instance',
    functions: [],
    accepted: false,
    acceptance: null,
    ...extra,
  };
}

const rowKey = (r: ComparisonRow): string => `${r.level}:${r.holder}:${r.riskId}`;
const byKey = (rows: readonly ComparisonRow[]): Record<string, Pick<ComparisonRow, 'status' | 'leftRiskLevel' | 'rightRiskLevel' | 'levelChanged'>> =>
  Object.fromEntries(
    rows.map((r) => [
      rowKey(r),
      {
        status: r.status,
        leftRiskLevel: r.leftRiskLevel,
        rightRiskLevel: r.rightRiskLevel,
        levelChanged: r.levelChanged,
      },
    ]),
  );

describe('rule 13: comparison', () => {
  it('classifies every (level, holder, risk) as new, resolved or unchanged', () => {
    const left = [finding('USER', 'U1', 'R1'), finding('USER', 'U2', 'R1'), finding('ROLE', 'Z_ROLE', 'R2', 'LOW')];
    const right = [
      finding('USER', 'U1', 'R1'),
      finding('USER', 'U3', 'R1', 'MEDIUM'),
      finding('ROLE', 'Z_ROLE', 'R2', 'LOW'),
    ];
    const rows = compareFindings(left, right);
    expect(rows).toHaveLength(4);
    expect(byKey(rows)).toEqual({
      'USER:U1:R1': { status: 'unchanged', leftRiskLevel: 'HIGH', rightRiskLevel: 'HIGH', levelChanged: false },
      'USER:U2:R1': { status: 'resolved', leftRiskLevel: 'HIGH', rightRiskLevel: null, levelChanged: false },
      'USER:U3:R1': { status: 'new', leftRiskLevel: null, rightRiskLevel: 'MEDIUM', levelChanged: false },
      'ROLE:Z_ROLE:R2': { status: 'unchanged', leftRiskLevel: 'LOW', rightRiskLevel: 'LOW', levelChanged: false },
    });
  });

  it('reports a risk-level change of an unchanged finding', () => {
    const rows = compareFindings([finding('USER', 'U1', 'R1', 'HIGH')], [finding('USER', 'U1', 'R1', 'CRITICAL')]);
    expect(byKey(rows)).toEqual({
      'USER:U1:R1': { status: 'unchanged', leftRiskLevel: 'HIGH', rightRiskLevel: 'CRITICAL', levelChanged: true },
    });
  });

  it('the holder level is part of the key: USER:X and ROLE:X are different rows', () => {
    const rows = compareFindings([finding('USER', 'X', 'R1')], [finding('ROLE', 'X', 'R1')]);
    expect(byKey(rows)).toEqual({
      'USER:X:R1': { status: 'resolved', leftRiskLevel: 'HIGH', rightRiskLevel: null, levelChanged: false },
      'ROLE:X:R1': { status: 'new', leftRiskLevel: null, rightRiskLevel: 'HIGH', levelChanged: false },
    });
  });

  it('the holder and the risk are part of the key', () => {
    const rows = compareFindings(
      [finding('USER', 'U1', 'R1')],
      [finding('USER', 'U1', 'R2'), finding('USER', 'u1', 'R1')],
    );
    expect(byKey(rows)).toEqual({
      'USER:U1:R1': { status: 'resolved', leftRiskLevel: 'HIGH', rightRiskLevel: null, levelChanged: false },
      'USER:U1:R2': { status: 'new', leftRiskLevel: null, rightRiskLevel: 'HIGH', levelChanged: false },
      'USER:u1:R1': { status: 'new', leftRiskLevel: null, rightRiskLevel: 'HIGH', levelChanged: false },
    });
  });

  it('other differences (acceptance, functions, mode) leave a finding unchanged', () => {
    const rows = compareFindings(
      [finding('USER', 'U1', 'R1')],
      [
        finding('USER', 'U1', 'R1', 'HIGH', {
          accepted: true,
          mode: 'union',
          functions: [{ functionId: 'F', action: 'T', sources: [] }],
        }),
      ],
    );
    expect(byKey(rows)).toEqual({
      'USER:U1:R1': { status: 'unchanged', leftRiskLevel: 'HIGH', rightRiskLevel: 'HIGH', levelChanged: false },
    });
  });

  it('empty sides', () => {
    expect(compareFindings([], [])).toEqual([]);
    expect(byKey(compareFindings([], [finding('PROFILE', 'P', 'R1')]))).toEqual({
      'PROFILE:P:R1': { status: 'new', leftRiskLevel: null, rightRiskLevel: 'HIGH', levelChanged: false },
    });
    expect(byKey(compareFindings([finding('PROFILE', 'P', 'R1')], []))).toEqual({
      'PROFILE:P:R1': { status: 'resolved', leftRiskLevel: 'HIGH', rightRiskLevel: null, levelChanged: false },
    });
  });

  it('compares two real analyses (a role granted, another removed, a risk level raised)', () => {
    const older = extract()
      .users('U1', 'U2')
      .role('R_VEND', ...VENDOR)
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_VEND')
      .assign('U1', 'R_PAY')
      .assign('U2', 'R_VEND')
      .build();
    const newer = structuredClone(older);
    newer.roleAssignments = newer.roleAssignments.filter((a) => !(a.user === 'U1' && a.role === 'R_PAY'));
    newer.roleAssignments.push({ role: 'R_PAY', user: 'U2', from: null, to: null });
    const r1 = p2pRuleset().risk('CA_PAY', ['FN_PAY'], { level: 'MEDIUM' }).build();
    const r2 = p2pRuleset().risk('CA_PAY', ['FN_PAY'], { level: 'HIGH' }).build();
    const o = opts({ holderLevels: ['USER', 'ROLE'] });
    const rows = compareFindings(analyse(older, r1, o).findings, analyse(newer, r2, o).findings);
    expect(byKey(rows)).toEqual({
      'USER:U1:P2P01': { status: 'resolved', leftRiskLevel: 'HIGH', rightRiskLevel: null, levelChanged: false },
      'USER:U1:CA_PAY': { status: 'resolved', leftRiskLevel: 'MEDIUM', rightRiskLevel: null, levelChanged: false },
      'USER:U2:P2P01': { status: 'new', leftRiskLevel: null, rightRiskLevel: 'HIGH', levelChanged: false },
      'USER:U2:CA_PAY': { status: 'new', leftRiskLevel: null, rightRiskLevel: 'HIGH', levelChanged: false },
      'ROLE:R_PAY:CA_PAY': { status: 'unchanged', leftRiskLevel: 'MEDIUM', rightRiskLevel: 'HIGH', levelChanged: true },
    });
  });
});
