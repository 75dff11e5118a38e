/**
 * DESIGN 5.15 — org-level risks, hand-made traps: values, prefixes, ranges, org variables
 * resolved and resolved to nothing, instances without the field, several instances of one
 * object, joint fields, composites, TSTCA start checks, both modes and the action level. Each
 * case is also checked against the naive reference (tests/reference/reference-org-levels.ts).
 */
import { describe, it, expect } from 'vitest';
import { analyse, compareFindings, simulate } from '../../../engine/index.ts';
import { findingRecord } from '../../../engine/output/finding-records.ts';
import { findingsToCsv } from '../../../engine/output/findings-csv.ts';
import type { AnalysisOptions, Finding, Ruleset, SystemExtract } from '../../../engine/model/index.ts';
import { extract, inst, opts, perm, range, ruleset, tcodes, type InstSpec } from '../../reference/fixture.ts';
import { referenceAnalyse } from '../../reference/reference-evaluator.ts';

/** ORG1: post (FB01, F_BKPF_BUK ACTVT 01) and pay (F110, F_REGU_BUK FBTCH 21) in one company code. */
const rules = (org: string[] = ['BUKRS']): Ruleset =>
  ruleset()
    .fn('FN_POST', ['FB01'], [perm('FB01', 'F_BKPF_BUK', 'ACTVT', '01')])
    .fn('FN_PAY', ['F110'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21')])
    .risk('ORG1', ['FN_POST', 'FN_PAY'], { org })
    .build();

const post = (fields: Record<string, string | readonly (string | { low: string; high: string })[] | { low: string; high: string }>): InstSpec[] => [
  tcodes('FB01'),
  inst('F_BKPF_BUK', { ACTVT: '01', ...fields }),
];
const pay = (fields: Record<string, string | readonly (string | { low: string; high: string })[] | { low: string; high: string }>): InstSpec[] => [
  tcodes('F110'),
  inst('F_REGU_BUK', { FBTCH: '21', ...fields }),
];

function user(a: InstSpec[], b: InstSpec[], more: (x: ReturnType<typeof extract>) => void = () => {}): SystemExtract {
  const x = extract().user('U1').role('R_POST', ...a).role('R_PAY', ...b).assign('U1', 'R_POST').assign('U1', 'R_PAY');
  more(x);
  return x.build();
}

/** The user's ORG1 finding (or undefined), after checking the engine against the reference. */
function org1(x: SystemExtract, r: Ruleset = rules(), o: Partial<AnalysisOptions> = {}): Finding | undefined {
  const options = opts(o);
  const findings = analyse(x, r, options).findings;
  const f = findings.find((g) => g.level === 'USER' && g.holder === 'U1' && g.riskId === 'ORG1');
  const ref = referenceAnalyse(x, r, options).find((g) => g.level === 'USER' && g.holder === 'U1' && g.riskId === 'ORG1');
  expect(f?.orgValues, 'engine = reference').toEqual(ref ? (ref.orgValues ?? []) : undefined);
  return f;
}

describe('rule 15: one value per org field across every function', () => {
  it('holds at a company code both functions share, and not across two company codes', () => {
    expect(org1(user(post({ BUKRS: '1000' }), pay({ BUKRS: '1000' })))?.orgValues).toEqual(['1000']);
    expect(org1(user(post({ BUKRS: '1000' }), pay({ BUKRS: '2000' })))).toBeUndefined();
  });

  it('without org fields the same holder has the finding (org fields only take findings away)', () => {
    const x = user(post({ BUKRS: '1000' }), pay({ BUKRS: '2000' }));
    expect(org1(x, rules([]))?.orgValues).toEqual([]);
  });

  it('lists every shared plain value, sorted, and `*` when it also holds at values named nowhere', () => {
    expect(org1(user(post({ BUKRS: ['2000', '1000', '3000'] }), pay({ BUKRS: ['1000', '2000'] })))?.orgValues).toEqual(['1000', '2000']);
    expect(org1(user(post({ BUKRS: '*' }), pay({ BUKRS: ['1000', '*'] })))?.orgValues).toEqual(['1000', '*']);
    expect(org1(user(post({ BUKRS: '*' }), pay({ BUKRS: '*' })))?.orgValues).toEqual(['*']);
  });

  it('prefixes: `1*` meets 1000 but not 2000; two prefixes meet only at values named nowhere', () => {
    expect(org1(user(post({ BUKRS: '1*' }), pay({ BUKRS: '1000' })))?.orgValues).toEqual(['1000']);
    expect(org1(user(post({ BUKRS: '1*' }), pay({ BUKRS: '2000' })))).toBeUndefined();
    expect(org1(user(post({ BUKRS: '1*' }), pay({ BUKRS: '10*' })))?.orgValues).toEqual(['*']);
    expect(org1(user(post({ BUKRS: '1*' }), pay({ BUKRS: '2*' })))).toBeUndefined();
  });

  it('ranges: a value inside, a range meeting a range, and disjoint ranges', () => {
    expect(org1(user(post({ BUKRS: range('1000', '1999') }), pay({ BUKRS: '1500' })))?.orgValues).toEqual(['1500']);
    expect(org1(user(post({ BUKRS: range('1000', '1999') }), pay({ BUKRS: '2000' })))).toBeUndefined();
    expect(org1(user(post({ BUKRS: range('1000', '1999') }), pay({ BUKRS: range('1900', '2999') })))?.orgValues).toEqual(['*']);
    expect(org1(user(post({ BUKRS: range('1000', '1499') }), pay({ BUKRS: range('1500', '2999') })))).toBeUndefined();
  });

  it('org variables: resolved through AGR_1252; resolved to nothing the field is there with no value', () => {
    const withVar = (resolved: boolean): SystemExtract =>
      user(post({ BUKRS: '$BUKRS' }), pay({ BUKRS: '*' }), (x) => {
        if (resolved) x.org('R_POST', '$BUKRS', '1000');
      });
    expect(org1(withVar(true))?.orgValues).toEqual(['1000']);
    expect(org1(withVar(false))).toBeUndefined();
    // Without org fields the unresolved instance still meets ACTVT 01.
    expect(org1(withVar(false), rules([]))).toBeDefined();
  });

  it('instances without the field are not constrained', () => {
    expect(org1(user(post({}), pay({ BUKRS: '2000' })))?.orgValues).toEqual(['2000']);
    expect(org1(user(post({}), pay({})))?.orgValues).toEqual(['*']);
  });

  it('same-instance: the instance that meets the permission must cover the value; union merges first', () => {
    const x = user(
      [tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: '1000' }), inst('F_BKPF_BUK', { ACTVT: '03', BUKRS: '2000' })],
      pay({ BUKRS: '2000' }),
    );
    expect(org1(x)).toBeUndefined();
    expect(org1(x, rules(), { mode: 'union' })?.orgValues).toEqual(['2000']);
  });

  it('S_TCODE and the TSTCA start check are not constrained', () => {
    const x = user(
      [tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: '03', BUKRS: '3000' }), inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: '1000' })],
      pay({ BUKRS: '1000' }),
      (b) => b.tstca('FB01', 'F_BKPF_BUK', 'ACTVT', '03'),
    );
    expect(org1(x)?.orgValues).toEqual(['1000']);
  });

  it('joint fields: one value for each, jointly', () => {
    const r = rules(['BUKRS', 'WERKS']);
    expect(org1(user(post({ BUKRS: '1000', WERKS: '0001' }), pay({ BUKRS: ['1000', '2000'], WERKS: ['0001', '0002'] })), r)?.orgValues).toEqual([
      '1000+0001',
    ]);
    expect(org1(user(post({ BUKRS: '1000', WERKS: '0001' }), pay({ BUKRS: '1000', WERKS: '0002' })), r)).toBeUndefined();
    // Each function covers one field only: the other is free for it.
    expect(org1(user(post({ BUKRS: '1000' }), pay({ WERKS: '0001' })), r)?.orgValues).toEqual(['1000+0001']);
    expect(org1(user(post({ BUKRS: '1000' }), pay({})), r)?.orgValues).toEqual(['1000+*']);
  });

  it('composite roles: the user and the composite role hold it at the shared value', () => {
    const x = extract()
      .user('U1')
      .role('R_POST', ...post({ BUKRS: ['1000', '2000'] }))
      .role('R_PAY', ...pay({ BUKRS: '2000' }))
      .composite('C_FI', 'R_POST', 'R_PAY')
      .assign('U1', 'C_FI')
      .build();
    expect(org1(x)?.orgValues).toEqual(['2000']);
    const role = analyse(x, rules(), opts()).findings.find((f) => f.level === 'ROLE' && f.holder === 'C_FI');
    expect(role?.orgValues).toEqual(['2000']);
  });

  it('action level ignores org fields', () => {
    const x = user(post({ BUKRS: '1000' }), pay({ BUKRS: '2000' }));
    expect(org1(x, rules(), { level: 'action' })?.orgValues).toEqual([]);
  });

  it('acceptance for a role counts only when the role meets the org-level risk by itself', () => {
    const x = extract()
      .user('U1')
      .role('R_BOTH', ...post({ BUKRS: '1000' }), ...pay({ BUKRS: '2000' }))
      .role('R_PAY2', ...pay({ BUKRS: '1000' }))
      .assign('U1', 'R_BOTH')
      .assign('U1', 'R_PAY2')
      .build();
    const acceptance = {
      riskId: 'ORG1',
      scope: 'role' as const,
      holder: 'R_BOTH',
      message: 'm',
      author: 'a',
      createdAt: '2026-06-01T10:00:00.000Z',
      validFrom: null,
      validTo: null,
    };
    const f = analyse(x, rules(), opts({ acceptances: [acceptance] })).findings.find((g) => g.level === 'USER' && g.riskId === 'ORG1');
    expect(f?.orgValues).toEqual(['1000']);
    expect(f?.accepted).toBe(false);
  });
});

describe('rule 15 in simulation, comparison and output', () => {
  const x = extract()
    .user('U1')
    .role('R_POST', ...post({ BUKRS: '1000' }))
    .role('R_PAY_2000', ...pay({ BUKRS: '2000' }))
    .role('R_PAY_1000', ...pay({ BUKRS: '1000' }))
    .assign('U1', 'R_POST')
    .build();

  it('a simulation adds the finding only for a role in the same company code', () => {
    const other = simulate(x, rules(), opts(), { holder: { kind: 'user', bname: 'U1' }, addRoles: ['R_PAY_2000'], removeRoles: [] });
    expect(other.added.map((f) => f.riskId)).toEqual([]);
    const same = simulate(x, rules(), opts(), { holder: { kind: 'user', bname: 'U1' }, addRoles: ['R_PAY_1000'], removeRoles: [] });
    expect(same.added.map((f) => [f.riskId, f.orgValues])).toEqual([['ORG1', ['1000']]]);
    expect(findingRecord(same.added[0]).orgValues).toEqual(['BUKRS=1000']);
  });

  it('a role simulation that changes an org value is evaluated on the changed rows', () => {
    const y = extract().role('R_BOTH', ...post({ BUKRS: '1000' }), ...pay({ BUKRS: '2000' })).build();
    const change = simulate(y, rules(), opts(), {
      holder: { kind: 'role', role: 'R_BOTH' },
      addRoles: [],
      removeRoles: [],
      addAuthorisations: [{ object: 'F_REGU_BUK', auth: 'A004', field: 'BUKRS', low: '1000', high: '' }],
    });
    expect(change.added.map((f) => [f.riskId, f.orgValues])).toEqual([['ORG1', ['1000']]]);
    expect(change.added[0].functions[1].permissions![0].fields.BUKRS).toEqual(['2000', '1000']);
  });

  it('comparison sees an org-level finding appear when the company codes come together', () => {
    const before = analyse(x, rules(), opts()).findings;
    const y = structuredClone(x);
    y.roleAssignments.push({ role: 'R_PAY_1000', user: 'U1', from: null, to: null });
    const rows = compareFindings(before, analyse(y, rules(), opts()).findings);
    expect(rows.filter((r) => r.level === 'USER').map((r) => [r.riskId, r.status])).toEqual([['ORG1', 'new']]);
  });

  it('comparison flags a finding held in both whose org values changed, with both sides\' values', () => {
    const both = structuredClone(x);
    both.roleAssignments.push({ role: 'R_PAY_1000', user: 'U1', from: null, to: null });
    const older = analyse(both, rules(), opts()).findings;
    const newer = analyse(
      extract()
        .user('U1')
        .role('R_POST', ...post({ BUKRS: ['1000', '2000'] }))
        .role('R_PAY', ...pay({ BUKRS: ['1000', '2000'] }))
        .assign('U1', 'R_POST')
        .assign('U1', 'R_PAY')
        .build(),
      rules(),
      opts(),
    ).findings;
    const row = compareFindings(older, newer).find((r) => r.level === 'USER' && r.riskId === 'ORG1');
    expect(row).toMatchObject({ status: 'unchanged', orgValuesChanged: true, leftOrgValues: ['BUKRS=1000'], rightOrgValues: ['BUKRS=1000', 'BUKRS=2000'] });
    const same = compareFindings(older, older).find((r) => r.level === 'USER' && r.riskId === 'ORG1');
    expect(same).toMatchObject({ status: 'unchanged', orgValuesChanged: false });
  });

  it('a simulation lists a finding held before and after whose org values changed', () => {
    const y = structuredClone(x);
    y.roleAssignments.push({ role: 'R_PAY_1000', user: 'U1', from: null, to: null });
    const z = extract()
      .user('U1')
      .role('R_POST', ...post({ BUKRS: ['1000', '2000'] }))
      .role('R_PAY_1000', ...pay({ BUKRS: '1000' }))
      .role('R_PAY_2000', ...pay({ BUKRS: '2000' }))
      .assign('U1', 'R_POST')
      .assign('U1', 'R_PAY_1000')
      .build();
    const wider = simulate(z, rules(), opts(), { holder: { kind: 'user', bname: 'U1' }, addRoles: ['R_PAY_2000'], removeRoles: [] });
    expect(wider.added).toEqual([]);
    expect(wider.changed.map((f) => [f.riskId, f.orgValues])).toEqual([['ORG1', ['1000', '2000']]]);
    const none = simulate(y, rules(), opts(), { holder: { kind: 'user', bname: 'U1' }, addRoles: ['R_PAY_2000'], removeRoles: [] });
    expect(none.changed).toEqual([]);
  });

  it('the CSV has ORG_VALUES after SOURCES only when asked, FIELD=value items joined by ;', () => {
    const y = user(post({ BUKRS: ['1000', '*'] }), pay({ BUKRS: ['1000', '*'] }));
    const findings = analyse(y, rules(['BUKRS', 'WERKS']), opts()).findings.filter((f) => f.level === 'USER');
    const csv = findingsToCsv(findings, { orgValues: true }).trimEnd().split('\n');
    expect(csv[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,ORG_VALUES');
    expect(csv[1]).toBe('USER,U1,ORG1,HIGH,SOD,FN_POST:FB01;FN_PAY:F110,R:R_POST;R:R_PAY,BUKRS=1000+WERKS=*;BUKRS=*+WERKS=*');
    expect(findingsToCsv(findings).split('\n')[0]).toBe('LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES');
  });
});

describe('rule 11: the instance that met each permission, with its value rows', () => {
  it('names source, object, AUTH and the rows of the checked fields and org fields', () => {
    const x = extract()
      .user('U1')
      .role('R_POST', tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: ['01', '02'], BUKRS: [range('1000', '1999'), '2*'] }, 'POST1'))
      .role('R_PAY', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', BUKRS: '1500' }, 'PAY1'))
      .assign('U1', 'R_POST')
      .assign('U1', 'R_PAY')
      .build();
    const f = org1(x)!;
    expect(f.functions.map((m) => [m.functionId, m.permissions])).toEqual([
      ['FN_POST', [{ object: 'F_BKPF_BUK', auth: 'POST1', source: 'R:R_POST', fields: { ACTVT: ['01', '02'], BUKRS: ['1000-1999', '2*'] } }]],
      ['FN_PAY', [{ object: 'F_REGU_BUK', auth: 'PAY1', source: 'R:R_PAY', fields: { FBTCH: ['21'], BUKRS: ['1500'] } }]],
    ]);
  });

  it('of several meeting instances, names the first in source and extract order that covers the first org value', () => {
    const x = user(
      [tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: '3000' }, 'FIRST'), inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: '2000' }, 'SECOND')],
      pay({ BUKRS: '2000' }),
    );
    expect(org1(x)!.functions[0].permissions!.map((p) => p.auth)).toEqual(['SECOND']);
    const plain = analyse(x, rules([]), opts()).findings.find((g) => g.level === 'USER')!;
    expect(plain.functions[0].permissions!.map((p) => p.auth)).toEqual(['FIRST']);
  });

  it('union mode names every instance whose rows satisfy the permission', () => {
    const r = ruleset()
      .fn('FN_POST', ['FB01'], [perm('FB01', 'F_BKPF_BUK', 'ACTVT', '01'), perm('FB01', 'F_BKPF_BUK', 'BUKRS', '1000', { op: 'AND' })])
      .risk('R1', ['FN_POST'])
      .build();
    const x = extract()
      .user('U1')
      .role('R_A', tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: '01' }, 'A1'), inst('F_BKPF_BUK', { ACTVT: '03' }, 'A2'))
      .role('R_B', inst('F_BKPF_BUK', { BUKRS: '1000' }, 'B1'))
      .assign('U1', 'R_A')
      .assign('U1', 'R_B')
      .build();
    const f = analyse(x, r, opts({ mode: 'union' })).findings.find((g) => g.level === 'USER')!;
    expect(f.functions[0].permissions!.map((p) => `${p.source}/${p.auth}`)).toEqual(['R:R_A/A1', 'R:R_B/B1']);
    expect(analyse(x, r, opts()).findings.filter((g) => g.level === 'USER')).toEqual([]);
  });

  it('has no permissions at action level', () => {
    const x = user(post({ BUKRS: '1000' }), pay({ BUKRS: '1000' }));
    const f = analyse(x, rules(), opts({ level: 'action' })).findings.find((g) => g.level === 'USER')!;
    expect(f.functions.map((m) => m.permissions)).toEqual([[], []]);
  });
});
