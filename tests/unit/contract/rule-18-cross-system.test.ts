/**
 * DESIGN 5.18 — cross-system risks, one hand-made case per bullet: actions and permission
 * lines bound to a system, persons across systems (by BNAME or the user mapping), functions met
 * in different systems, org-level risks only within one system, role and profile levels per
 * system (`SID/NAME`), CROSS_SYSTEM, source paths prefixed `SID/`, acceptances naming the person.
 */
import { describe, expect, it } from 'vitest';
import { analyse, analyseSystems, findingsToCsv, SystemsError, systemsWarnings, type SystemInput } from '../../../engine/index.ts';
import type { FunctionAction, PermissionLine, Ruleset, SystemExtract } from '../../../engine/model/index.ts';
import { acceptance, extract, findingOf, inst, keys, opts, perm, ruleset, tcodes } from '../../reference/fixture.ts';

const on = (system: string, action: string): FunctionAction => ({ action, active: true, system });
const lineOn = (system: string, line: PermissionLine): PermissionLine => ({ ...line, system });

/** SOD1: maintain vendors (XK01) and pay (F110); CA1: pay alone. */
const p2p = (vend: (string | FunctionAction)[] = ['XK01'], pay: (string | FunctionAction)[] = ['F110']): Ruleset =>
  ruleset().fn('FN_VEND', vend).fn('FN_PAY', pay).risk('SOD1', ['FN_VEND', 'FN_PAY']).risk('CA1', ['FN_PAY']).build();

const vendorUser = (bname: string, o: { uflag?: number } = {}): SystemExtract =>
  extract().user(bname, o).role('Z_VEND', tcodes('XK01')).assign(bname, 'Z_VEND').build();
const payUser = (bname: string, o: { uflag?: number } = {}): SystemExtract =>
  extract().user(bname, o).role('Z_PAY', tcodes('F110')).assign(bname, 'Z_PAY').build();

const sys = (sid: string, x: SystemExtract): SystemInput => ({ sid, extract: x });

describe('rule 18: a person meets a risk with functions met in different systems', () => {
  it('the same BNAME in two systems is one person: SOD1 met across ERP and SRM is a cross-system finding', () => {
    const r = analyseSystems([sys('SRM', payUser('ANNA')), sys('ERP', vendorUser('ANNA'))], p2p(), opts());
    const sod = findingOf(r.findings, 'USER', 'ANNA', 'SOD1');
    expect(sod.crossSystem).toBe(true);
    expect(sod.functions.map((m) => [m.functionId, m.system, m.user, m.systems])).toEqual([
      ['FN_VEND', 'ERP', 'ANNA', ['ERP']],
      ['FN_PAY', 'SRM', 'ANNA', ['SRM']],
    ]);
    // Single-function risks are never cross-system.
    expect(findingOf(r.findings, 'USER', 'ANNA', 'CA1').crossSystem).toBe(false);
    // Neither system alone has the SoD finding.
    expect(keys(analyse(vendorUser('ANNA'), p2p(), opts()).findings)).not.toContain('USER:ANNA:SOD1');
    expect(keys(analyse(payUser('ANNA'), p2p(), opts()).findings)).not.toContain('USER:ANNA:SOD1');
  });

  it('every source path starts with SID/, and the CSV has CROSS_SYSTEM after SOURCES', () => {
    const r = analyseSystems([sys('ERP', vendorUser('ANNA')), sys('SRM', payUser('ANNA'))], p2p(), opts());
    expect(findingsToCsv(r.findings, { crossSystem: true })).toBe(
      [
        'LEVEL,ID,RISK_ID,RISK_LEVEL,RISK_TYPE,FUNCTIONS,SOURCES,CROSS_SYSTEM',
        // A single role holds itself: its empty path is written `SRM/` (every path starts with SID/).
        'ROLE,SRM/Z_PAY,CA1,HIGH,CRITICAL_ACTION,FN_PAY:F110,SRM/,',
        'USER,ANNA,CA1,HIGH,CRITICAL_ACTION,FN_PAY:F110,SRM/R:Z_PAY,',
        'USER,ANNA,SOD1,HIGH,SOD,FN_VEND:XK01;FN_PAY:F110,ERP/R:Z_VEND;SRM/R:Z_PAY,X',
        '',
      ].join('\n'),
    );
  });

  it('a person met wholly in one system is not cross-system, and its functions name that system', () => {
    const both = extract().user('ANNA').role('Z_VEND', tcodes('XK01')).role('Z_PAY', tcodes('F110')).assign('ANNA', 'Z_VEND').assign('ANNA', 'Z_PAY').build();
    // ERP meets FN_VEND too, but SRM meets the whole risk: the finding names SRM for both functions.
    const r = analyseSystems([sys('ERP', vendorUser('ANNA')), sys('SRM', both)], p2p(), opts());
    const sod = findingOf(r.findings, 'USER', 'ANNA', 'SOD1');
    expect(sod.crossSystem).toBe(false);
    expect(sod.functions.map((m) => [m.system, m.systems])).toEqual([
      ['SRM', ['ERP', 'SRM']],
      ['SRM', ['SRM']],
    ]);
  });

  it('a user locked in one system meets nothing there (rule 2 per system), unless locked users are included', () => {
    const systems = [sys('ERP', vendorUser('ANNA', { uflag: 64 })), sys('SRM', payUser('ANNA'))];
    const r = analyseSystems(systems, p2p(), opts());
    expect(keys(r.findings.filter((f) => f.level === 'USER'))).toEqual(['USER:ANNA:CA1']);
    expect(r.excludedUsers).toEqual([{ bname: 'ANNA', reasons: ['locked'], system: 'ERP' }]);
    expect(r.counts).toMatchObject({ usersInScope: 1, usersExcluded: 1 });
    expect(keys(analyseSystems(systems, p2p(), opts({ includeLocked: true })).findings)).toContain('USER:ANNA:SOD1');
  });

  it('a person mapped under another name in another system (SYSTEM, BNAME, PERSON) is one person; unmapped names stay apart', () => {
    const systems = [sys('ERP', vendorUser('AMUELLER')), sys('SRM', payUser('ANNA.M'))];
    expect(keys(analyseSystems(systems, p2p(), opts()).findings.filter((f) => f.riskId === 'SOD1'))).toEqual([]);
    const map = [
      { system: 'ERP', bname: 'AMUELLER', person: 'ANNA' },
      { system: 'SRM', bname: 'ANNA.M', person: 'ANNA' },
    ];
    const r = analyseSystems(systems, p2p(), opts(), map);
    const sod = findingOf(r.findings, 'USER', 'ANNA', 'SOD1');
    expect(sod.functions.map((m) => `${m.system}:${m.user}`)).toEqual(['ERP:AMUELLER', 'SRM:ANNA.M']);
    expect(r.persons).toBe(1);
    // The mapping is per (SYSTEM, BNAME): the same BNAME in another system is another person.
    const other = analyseSystems([sys('ERP', vendorUser('AMUELLER')), sys('SRM', payUser('AMUELLER'))], p2p(), opts(), [
      { system: 'ERP', bname: 'AMUELLER', person: 'ANNA' },
    ]);
    expect(keys(other.findings.filter((f) => f.level === 'USER'))).toEqual(['USER:AMUELLER:CA1']);
  });

  it('names in the user mapping that are no user of that system, or of no analysed system, are counted in warnings', () => {
    const systems = [sys('ERP', vendorUser('ANNA')), sys('SRM', payUser('ANNA'))];
    const map = [
      { system: 'ERP', bname: 'ANNA', person: 'A' },
      { system: 'ERP', bname: 'GHOST', person: 'G' },
      { system: 'HR1', bname: 'ANNA', person: 'A' },
    ];
    expect(systemsWarnings(systems, p2p(), map)).toEqual([
      { code: 'USER_MAP_SYSTEM_NOT_ANALYSED', table: 'USER_MAP', count: 1, examples: ['HR1/ANNA'] },
      { code: 'USER_MAP_USER_UNKNOWN', table: 'USER_MAP', count: 1, examples: ['ERP/GHOST'] },
    ]);
  });
});

describe('rule 18: actions and permission lines bound to a system', () => {
  it('an action bound to a system where the person has no user does not count in the systems the person has', () => {
    // F110 counts only in FIN; ANNA has F110 in SRM but no user in FIN.
    const rules = p2p(['XK01'], [on('FIN', 'F110')]);
    const r = analyseSystems([sys('ERP', vendorUser('ANNA')), sys('SRM', payUser('ANNA'))], rules, opts());
    expect(keys(r.findings)).toEqual([]);
    expect(systemsWarnings([sys('ERP', vendorUser('ANNA'))], rules, [])).toEqual([
      { code: 'SYSTEM_NOT_ANALYSED', table: 'FUNCTION_ACTIONS', count: 1, examples: ['FN_PAY/F110@FIN'] },
    ]);
    // The same action bound to SRM counts there.
    expect(keys(analyseSystems([sys('ERP', vendorUser('ANNA')), sys('SRM', payUser('ANNA'))], p2p(['XK01'], [on('SRM', 'F110')]), opts()).findings)).toContain(
      'USER:ANNA:SOD1',
    );
  });

  it('a function whose active actions are all bound to other systems is not met in S (no fall-back to its permission lines)', () => {
    // FN_DEBUG: action SE38 bound to ERP, and a function-wide line S_DEVELOP; in SRM, nothing is left of its actions.
    const rules = ruleset()
      .fn('FN_DEBUG', [on('ERP', 'SE38')], [perm('', 'S_DEVELOP', 'ACTVT', '02')])
      .risk('CP1', ['FN_DEBUG'], { type: 'CRITICAL_PERMISSION' })
      .build();
    const holder = extract().user('BEN').role('Z_DEV', inst('S_DEVELOP', { ACTVT: '02' })).assign('BEN', 'Z_DEV').build();
    expect(keys(analyseSystems([sys('SRM', holder)], rules, opts()).findings)).toEqual([]);
    // A function with no active action anywhere is met on its lines alone, in any system.
    const noActions = ruleset().fn('FN_DEBUG', [], [perm('', 'S_DEVELOP', 'ACTVT', '02')]).risk('CP1', ['FN_DEBUG'], { type: 'CRITICAL_PERMISSION' }).build();
    expect(keys(analyseSystems([sys('SRM', holder)], noActions, opts()).findings)).toEqual(['ROLE:SRM/Z_DEV:CP1', 'USER:BEN:CP1']);
    // ... and its lines filtered the same way: a line bound to ERP does not count in SRM.
    const boundLine = ruleset()
      .fn('FN_DEBUG', [], [lineOn('ERP', perm('', 'S_DEVELOP', 'ACTVT', '02'))])
      .risk('CP1', ['FN_DEBUG'], { type: 'CRITICAL_PERMISSION' })
      .build();
    expect(keys(analyseSystems([sys('SRM', holder)], boundLine, opts()).findings)).toEqual([]);
    expect(keys(analyseSystems([sys('ERP', holder)], boundLine, opts()).findings)).toEqual(['ROLE:ERP/Z_DEV:CP1', 'USER:BEN:CP1']);
  });

  it('permission lines bound to another system are not checked in S: the action alone decides there', () => {
    const rules = ruleset()
      .fn('FN_PAY', ['F110'], [lineOn('ERP', perm('F110', 'F_REGU_BUK', 'FBTCH', '21'))])
      .risk('CA1', ['FN_PAY'], { type: 'CRITICAL_PERMISSION' })
      .build();
    const x = payUser('ANNA');
    expect(keys(analyseSystems([sys('ERP', x)], rules, opts()).findings)).toEqual([]);
    expect(keys(analyseSystems([sys('SRM', x)], rules, opts()).findings)).toEqual(['ROLE:SRM/Z_PAY:CA1', 'USER:ANNA:CA1']);
  });

  it('an action listed once per system counts in each, once', () => {
    const rules = p2p([on('ERP', 'XK01'), on('S4H', 'XK01')], ['F110']);
    const r = analyseSystems([sys('S4H', vendorUser('ANNA')), sys('SRM', payUser('ANNA'))], rules, opts());
    expect(findingOf(r.findings, 'USER', 'ANNA', 'SOD1').functions[0]).toMatchObject({ functionId: 'FN_VEND', action: 'XK01', system: 'S4H' });
  });
});

describe('rule 18: org-level risks only within one system', () => {
  const rules = ruleset()
    .fn('FN_POST', ['FB01'], [perm('FB01', 'F_BKPF_BUK', 'ACTVT', '01')])
    .fn('FN_PAY', ['F110'], [perm('F110', 'F_REGU_BUK', 'FBTCH', '21')])
    .risk('ORG1', ['FN_POST', 'FN_PAY'], { org: ['BUKRS'] })
    .build();
  const poster = extract().user('ANNA').role('Z_POST', tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: '1000' })).assign('ANNA', 'Z_POST').build();
  const payer = extract().user('ANNA').role('Z_PAY', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', BUKRS: '1000' })).assign('ANNA', 'Z_PAY').build();

  it('is not met across systems, even when the org values agree', () => {
    expect(keys(analyseSystems([sys('ERP', poster), sys('SRM', payer)], rules, opts()).findings)).toEqual([]);
    // Without org fields the same risk is a cross-system finding.
    const plain = { ...rules, risks: rules.risks.map((r) => ({ ...r, orgFields: [] })) };
    expect(findingOf(analyseSystems([sys('ERP', poster), sys('SRM', payer)], plain, opts()).findings, 'USER', 'ANNA', 'ORG1').crossSystem).toBe(true);
  });

  it('is met within one system, with its org values and CROSS_SYSTEM empty', () => {
    const both = extract()
      .user('ANNA')
      .role('Z_POST', tcodes('FB01'), inst('F_BKPF_BUK', { ACTVT: '01', BUKRS: '1000' }))
      .role('Z_PAY', tcodes('F110'), inst('F_REGU_BUK', { FBTCH: '21', BUKRS: '1000' }))
      .assign('ANNA', 'Z_POST')
      .assign('ANNA', 'Z_PAY')
      .build();
    const f = findingOf(analyseSystems([sys('ERP', poster), sys('SRM', both)], rules, opts()).findings, 'USER', 'ANNA', 'ORG1');
    expect(f).toMatchObject({ crossSystem: false, orgValues: ['1000'] });
    expect(f.functions.map((m) => m.system)).toEqual(['SRM', 'SRM']);
  });
});

describe('rule 18: roles and profiles per system, acceptances by person', () => {
  it('role and profile findings are per system, with ID SID/NAME and source paths SID/…', () => {
    const x = extract()
      .user('ANNA')
      .role('Z_PAY', tcodes('F110'))
      .composite('Z_COMP', 'Z_PAY')
      .assign('ANNA', 'Z_COMP')
      .profile('ZP_PAY', tcodes('F110'))
      .assignProfile('ANNA', 'ZP_PAY')
      .build();
    const r = analyseSystems([sys('ERP', x), sys('SRM', x)], p2p(), opts());
    expect(keys(r.findings)).toEqual(['PROFILE:ERP/ZP_PAY:CA1', 'PROFILE:SRM/ZP_PAY:CA1', 'ROLE:ERP/Z_COMP:CA1', 'ROLE:ERP/Z_PAY:CA1', 'ROLE:SRM/Z_COMP:CA1', 'ROLE:SRM/Z_PAY:CA1', 'USER:ANNA:CA1']);
    const csv = findingsToCsv(r.findings, { crossSystem: true });
    expect(csv).toContain('USER,ANNA,CA1,HIGH,CRITICAL_ACTION,FN_PAY:F110,ERP/R:Z_COMP>R:Z_PAY;ERP/P:ZP_PAY,\n');
    expect(csv).toContain('ROLE,SRM/Z_COMP,CA1,HIGH,CRITICAL_ACTION,FN_PAY:F110,SRM/R:Z_PAY,\n');
    expect(r.findings.every((f) => f.crossSystem === false)).toBe(true);
  });

  it('a user-level acceptance names the person; a role acceptance names SID/ROLE', () => {
    const map = [{ system: 'ERP', bname: 'AMUELLER', person: 'ANNA' }];
    const systems = [sys('ERP', vendorUser('AMUELLER')), sys('SRM', payUser('ANNA'))];
    const byPerson = analyseSystems(systems, p2p(), opts({ acceptances: [acceptance('SOD1', 'user', 'ANNA')] }), map);
    expect(findingOf(byPerson.findings, 'USER', 'ANNA', 'SOD1').accepted).toBe(true);
    const byBname = analyseSystems(systems, p2p(), opts({ acceptances: [acceptance('SOD1', 'user', 'AMUELLER')] }), map);
    expect(findingOf(byBname.findings, 'USER', 'ANNA', 'SOD1').accepted).toBe(false);
    const byRole = analyseSystems(systems, p2p(), opts({ acceptances: [acceptance('CA1', 'role', 'SRM/Z_PAY')] }), map);
    expect(findingOf(byRole.findings, 'ROLE', 'SRM/Z_PAY', 'CA1').accepted).toBe(true);
    // The person holds SRM/Z_PAY, which meets CA1 by itself: the user finding is accepted too.
    expect(findingOf(byRole.findings, 'USER', 'ANNA', 'CA1').accepted).toBe(true);
    expect(byRole.counts.acceptedFindings).toBe(2);
  });

  it('refuses a SID given twice or one that cannot be a system id', () => {
    expect(() => analyseSystems([sys('ERP', payUser('A')), sys('ERP', payUser('B'))], p2p(), opts())).toThrow(SystemsError);
    expect(() => analyseSystems([sys('ERP/1', payUser('A'))], p2p(), opts())).toThrow(/not a system id/);
  });

  it('one system analysed with its SID finds what the single-system analysis finds (IDs and paths prefixed)', () => {
    const x = extract()
      .users('ANNA', 'BEN')
      .role('Z_VEND', tcodes('XK01'))
      .role('Z_PAY', tcodes('F110'))
      .assign('ANNA', 'Z_VEND')
      .assign('ANNA', 'Z_PAY')
      .assign('BEN', 'Z_PAY')
      .build();
    const one = analyse(x, p2p(), opts()).findings.map((f) => `${f.level}:${f.level === 'USER' ? '' : 'ERP/'}${f.holder}:${f.riskId}`);
    expect(keys(analyseSystems([sys('ERP', x)], p2p(), opts()).findings)).toEqual(one.sort());
  });
});

describe('rule 18: SYSTEM and the analysis of one system without SID', () => {
  it('one system without SID ignores SYSTEM: an action bound to any system counts, once', () => {
    const rules = p2p([on('ERP', 'XK01'), on('S4H', 'XK01')], [on('FIN', 'F110')]);
    const x = extract().user('ANNA').role('Z_ALL', tcodes('XK01', 'F110')).assign('ANNA', 'Z_ALL').build();
    const f = findingOf(analyse(x, rules, opts()).findings, 'USER', 'ANNA', 'SOD1');
    expect(f.functions.map((m) => [m.functionId, m.action, m.system])).toEqual([
      ['FN_VEND', 'XK01', undefined],
      ['FN_PAY', 'F110', undefined],
    ]);
    expect(f.crossSystem).toBeUndefined();
  });

  it('filters the same way at action level and in union mode', () => {
    const rules = p2p(['XK01'], [on('SRM', 'F110')]);
    const systems = [sys('ERP', vendorUser('ANNA')), sys('SRM', payUser('ANNA')), sys('HR1', payUser('ANNA'))];
    for (const o of [opts({ level: 'action' }), opts({ mode: 'union' })]) {
      const r = analyseSystems(systems, rules, o);
      expect(keys(r.findings)).toEqual(['ROLE:SRM/Z_PAY:CA1', 'USER:ANNA:CA1', 'USER:ANNA:SOD1']);
      expect(findingOf(r.findings, 'USER', 'ANNA', 'SOD1').functions.map((m) => m.system)).toEqual(['ERP', 'SRM']);
    }
  });
});
