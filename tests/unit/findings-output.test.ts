import { describe, expect, it } from 'vitest';
import type { AnalysisResult, Finding, FunctionMatch } from '../../engine/model/analysis.ts';
import { findingsToCsv, formatSourcePath } from '../../engine/output/findings-csv.ts';
import { findingsCsvLines, findingsJsonLines, sortedFindingsCsvLines } from '../../server/cli/findings-output.ts';

/** `segra analyze`'s streamed output (issue 12) against the one-piece forms it replaced. */

const shared: FunctionMatch = {
  functionId: 'FN_A',
  action: 'ME21N',
  sources: [[{ kind: 'role', name: 'Z_COMP' }, { kind: 'role', name: 'Z_ONE' }], [{ kind: 'role', name: 'Z, "TWO"' }]],
  permissions: [],
};

function finding(level: Finding['level'], holder: string, riskId: string, extra: Partial<Finding> = {}): Finding {
  return {
    level,
    holder,
    riskId,
    riskLevel: 'HIGH',
    riskType: 'SOD',
    businessProcess: 'P2P',
    analysisLevel: 'permission',
    mode: 'same-instance',
    functions: [shared, { functionId: 'FN_B', action: null, sources: [[{ kind: 'profile', name: 'P1' }], shared.sources[0]] }],
    orgValues: [],
    orgFields: [],
    accepted: false,
    acceptance: null,
    ...extra,
  };
}

function result(findings: Finding[]): AnalysisResult {
  return {
    options: { date: 20260630, level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false },
    findings,
    excludedUsers: [{ bname: 'LOCKED', reasons: ['locked'] }],
    counts: { usersInScope: 2, usersExcluded: 1, roles: 3, profiles: 1, findings: findings.length, acceptedFindings: 0 },
  };
}

/** The JSON document as segra analyze built it in one piece before. */
function wholeJson(r: AnalysisResult): string {
  return JSON.stringify(
    {
      options: r.options,
      counts: r.counts,
      warnings: [],
      excludedUsers: r.excludedUsers,
      findings: r.findings.map((f) => ({
        level: f.level,
        id: f.holder,
        riskId: f.riskId,
        riskLevel: f.riskLevel,
        riskType: f.riskType,
        businessProcess: f.businessProcess,
        analysisLevel: f.analysisLevel,
        mode: f.mode,
        accepted: f.accepted,
        ...(f.orgFields && f.orgFields.length > 0 ? { orgFields: f.orgFields, orgValues: f.orgValues ?? [] } : {}),
        functions: f.functions.map((m) => ({
          functionId: m.functionId,
          action: m.action,
          sources: m.sources.map(formatSourcePath),
          permissions: m.permissions ?? [],
        })),
      })),
    },
    null,
    2,
  );
}

const sample = [
  finding('USER', 'ALICE', 'R2'),
  finding('USER', ' BOB', 'R1', { orgFields: ['BUKRS'], orgValues: ['1000', '*'] }),
  finding('ROLE', 'Z_ONE', 'R1'),
  finding('PROFILE', 'P1', 'R3', { riskLevel: 'CRITICAL' }),
  finding('USER', 'ALICE', 'R1'),
];

describe('the streamed output of segra analyze', () => {
  it('writes the CSV of findingsToCsv, sorted or not, with ORG_VALUES when asked', () => {
    for (const orgValues of [false, true]) {
      for (const findings of [sample, [...sample].sort((a, b) => (a.level + a.holder + a.riskId < b.level + b.holder + b.riskId ? -1 : 1))]) {
        const lines = [...findingsCsvLines(result(findings), orgValues, {})];
        expect(lines.join('\n') + '\n').toBe(findingsToCsv(findings, { orgValues }));
      }
    }
  });

  it('writes the JSON document JSON.stringify wrote in one piece, also without findings', () => {
    for (const findings of [sample, sample.slice(0, 1), []]) {
      const r = result(findings);
      expect([...findingsJsonLines(r, {}, [])].join('\n')).toBe(wholeJson(r));
    }
  });
});

describe('sortedFindingsCsvLines (a cross-system CSV written as its findings are made)', () => {
  const sortedRows = [
    finding('ROLE', 'ERP/Z_ONE', 'R1'),
    finding('USER', 'ANNA', 'R1', { crossSystem: true }),
    finding('USER', 'ANNA', 'R2'),
    finding('USER', 'BEN, "B"', 'R1', { orgFields: ['BUKRS'], orgValues: ['1000'] }),
  ];

  it('writes the lines findingsCsvLines writes for the same findings', () => {
    const streamed = [...sortedFindingsCsvLines(sortedRows.values(), true, true)];
    expect(streamed).toEqual([...findingsCsvLines(result(sortedRows), true, {}, true)]);
    expect(streamed[2]).toMatch(/,X$/);
  });

  it('refuses findings out of the CSV order rather than writing them so', () => {
    const lines = sortedFindingsCsvLines([sortedRows[2], sortedRows[1]], false, true);
    expect(() => [...lines]).toThrow(/out of the CSV order/);
  });
});
