import { describe, expect, it } from 'vitest';
import {
  AUTHORISATION_CHECK_SPECS,
  BASIS_CHECKS,
  basisFindingsToCsv,
  runBasisChecks,
  type BasisCsvRow,
} from '../../../engine/basis/index.ts';
import { D, extract, run, user } from './fixtures.ts';

const pad = (n: number): string => String(n).padStart(2, '0');

describe('basis check catalogue', () => {
  it('lists C01…C33 then U01…U22, each with a title and an explanation', () => {
    const expected = [
      ...Array.from({ length: 33 }, (_, i) => `C${pad(i + 1)}`),
      ...Array.from({ length: 22 }, (_, i) => `U${pad(i + 1)}`),
    ];
    expect(BASIS_CHECKS.map((c) => c.id)).toEqual(expected);
    for (const c of BASIS_CHECKS) {
      expect(c.title.length).toBeGreaterThan(0);
      expect(c.explanation.length).toBeGreaterThan(20);
    }
  });

  it('marks U06 and U20 unavailable, with a reason, and nothing else', () => {
    const unavailable = BASIS_CHECKS.filter((c) => !c.available);
    expect(unavailable.map((c) => c.id)).toEqual(['U06', 'U20']);
    for (const c of unavailable) expect(c.unavailableReason).toBeTruthy();
    expect(BASIS_CHECKS.filter((c) => c.available).every((c) => c.unavailableReason === undefined)).toBe(true);
  });

  it('categorises the checks', () => {
    const byCategory = (cat: string) => BASIS_CHECKS.filter((c) => c.category === cat).map((c) => c.id);
    expect(byCategory('profile')).toEqual(['C01', 'C02', 'C03']);
    expect(byCategory('authorisation')).toEqual(AUTHORISATION_CHECK_SPECS.map((s) => s.id));
    expect(byCategory('client')).toEqual(['U01', 'U03']);
  });

  it('returns the catalogue unchanged for an extract with every table it needs', () => {
    const x = extract({
      users: [user('ALICE')],
      roleProfiles: [{ role: 'Z_R', profile: 'T-R0000001' }],
      userProfiles: [{ user: 'ALICE', profile: 'T-R0000001' }],
      roleAssignments: [{ role: 'Z_R', user: 'ALICE', from: null, to: null }],
      licenceTypes: [{ user: 'ALICE', licenceType: 'CA' }],
      clients: [{ client: '100', category: 'P', changeRecording: '2', crossClientChanges: '3' }],
    });
    const result = run(x);
    expect(result.checks).toEqual(BASIS_CHECKS);
    // Nothing about a clean user; SAP* is missing from client 100.
    expect(result.findings).toEqual([
      { checkId: 'U01', id: '100', detail: expect.stringContaining('SAP* does not exist in client 100'), detailParts: [{ key: 'sapstar_missing_client', params: { client: '100' } }] },
    ]);
  });

  it('rejects a bad date or threshold', () => {
    const x = extract({ users: [user('ALICE')] });
    expect(() => runBasisChecks(x, { date: 20260230 })).toThrow(RangeError);
    expect(() => runBasisChecks(x, { date: D, dormantDays: -1 })).toThrow(RangeError);
    expect(() => runBasisChecks(x, { date: D, neverLoggedOnDays: 1.5 })).toThrow(RangeError);
  });
});

describe('basis findings CSV', () => {
  it('writes the header and sorts rows by CHECK_ID, then ID in code-point order', () => {
    const findings: BasisCsvRow[] = [
      { checkId: 'U01', id: 'SAP*', detail: 'not locked' },
      { checkId: 'C04', id: 'bob', detail: 'R:Z_B' },
      { checkId: 'C04', id: 'ZED', detail: 'R:Z_Z' },
      { checkId: 'C04', id: 'ALICE', detail: 'R:Z_A' },
      { checkId: 'U01', id: '100', detail: 'missing' },
      { checkId: 'C01', id: 'ZED', detail: 'P:SAP_ALL' },
    ];
    expect(basisFindingsToCsv(findings)).toBe(
      [
        'CHECK_ID,ID,DETAIL',
        'C01,ZED,P:SAP_ALL',
        'C04,ALICE,R:Z_A',
        'C04,ZED,R:Z_Z',
        'C04,bob,R:Z_B',
        'U01,100,missing',
        'U01,SAP*,not locked',
        '',
      ].join('\n'),
    );
  });

  it('quotes fields per RFC 4180 only when needed', () => {
    const csv = basisFindingsToCsv([
      { checkId: 'U09', id: 'A,B', detail: 'say "hi"' },
      { checkId: 'U10', id: 'C', detail: 'line1\nline2' },
      { checkId: 'U11', id: 'D', detail: ' padded' },
      { checkId: 'U12', id: 'E', detail: 'x;y' },
    ]);
    expect(csv).toBe('CHECK_ID,ID,DETAIL\nU09,"A,B","say ""hi"""\nU10,C,"line1\nline2"\nU11,D," padded"\nU12,E,x;y\n');
  });

  it('writes only the header for no findings, and does not reorder its input', () => {
    expect(basisFindingsToCsv([])).toBe('CHECK_ID,ID,DETAIL\n');
    const input: BasisCsvRow[] = [
      { checkId: 'U02', id: 'DDIC', detail: 'x' },
      { checkId: 'C01', id: 'A', detail: 'y' },
    ];
    basisFindingsToCsv(input);
    expect(input[0].checkId).toBe('U02');
  });

  it('runBasisChecks returns findings already in CSV order', () => {
    const x = extract({
      users: [user('ZED', { userGroup: '' }), user('ALICE', { userGroup: '', codvn: 'B' })],
      userProfiles: [{ user: 'ZED', profile: 'SAP_ALL' }],
    });
    const keys = run(x).findings.map((f) => `${f.checkId} ${f.id}`);
    expect(keys).toEqual(['C01 ZED', 'U01 SAP*', 'U11 ALICE', 'U17 ALICE', 'U17 ZED', 'U18 ZED']);
  });
});
