/**
 * DESIGN 5.14 — Simulation: for a user or a role, add/remove roles (or, for a role,
 * authorisation values) and show findings before, after, new and removed, without storing
 * anything. User-level findings for a user, role-level findings for a role.
 */
import { describe, it, expect } from 'vitest';
import { analyse, simulate } from '../../../engine/index.ts';
import type { Finding, SimulationRequest, SimulationResult } from '../../../engine/model/index.ts';
import { PAY, VENDOR, extract, inst, keys, opts, p2pRuleset, tcodes } from '../../reference/fixture.ts';

const rules = p2pRuleset().risk('CA_PAY', ['FN_PAY']).build();

/**
 * U1: R_VEND. U2: C_P2P (S_VEND + S_PAY). U3: R_VEND + R_PAY.
 * C_VEND: composite of S_VEND only. R_PAY's instances have fixed AUTH names TC and RUN.
 */
const base = () =>
  extract()
    .users('U1', 'U2', 'U3')
    .role('R_VEND', ...VENDOR)
    .role('R_PAY', inst('S_TCODE', { TCD: 'F110' }, 'TC'), inst('F_REGU_BUK', { FBTCH: '21' }, 'RUN'))
    .role('R_BOTH', ...VENDOR, ...PAY)
    .role('S_VEND', ...VENDOR)
    .role('S_PAY', ...PAY)
    .composite('C_P2P', 'S_VEND', 'S_PAY')
    .composite('C_VEND', 'S_VEND')
    .assign('U1', 'R_VEND')
    .assign('U2', 'C_P2P')
    .assign('U3', 'R_VEND')
    .assign('U3', 'R_PAY')
    .build();

function summary(s: SimulationResult): Record<'before' | 'after' | 'added' | 'removed', string[]> {
  return { before: keys(s.before), after: keys(s.after), added: keys(s.added), removed: keys(s.removed) };
}

const user = (bname: string, r: Partial<SimulationRequest> = {}): SimulationRequest => ({
  holder: { kind: 'user', bname },
  addRoles: [],
  removeRoles: [],
  ...r,
});
const role = (name: string, r: Partial<SimulationRequest> = {}): SimulationRequest => ({
  holder: { kind: 'role', role: name },
  addRoles: [],
  removeRoles: [],
  ...r,
});

describe('rule 14: simulation for a user', () => {
  it('adding a role shows the new findings', () => {
    const s = simulate(base(), rules, opts(), user('U1', { addRoles: ['R_PAY'] }));
    expect(summary(s)).toEqual({
      before: [],
      after: ['USER:U1:CA_PAY', 'USER:U1:P2P01'],
      added: ['USER:U1:CA_PAY', 'USER:U1:P2P01'],
      removed: [],
    });
  });

  it('adding a composite role expands it', () => {
    const s = simulate(base(), rules, opts(), user('U1', { addRoles: ['C_P2P'] }));
    expect(summary(s).after).toEqual(['USER:U1:CA_PAY', 'USER:U1:P2P01']);
  });

  it('removing a role shows the removed findings', () => {
    const s = simulate(base(), rules, opts(), user('U3', { removeRoles: ['R_PAY'] }));
    expect(summary(s)).toEqual({
      before: ['USER:U3:CA_PAY', 'USER:U3:P2P01'],
      after: [],
      added: [],
      removed: ['USER:U3:CA_PAY', 'USER:U3:P2P01'],
    });
  });

  it('removing a role takes it away wherever it appears in the user’s role tree (inside a composite too)', () => {
    const s = simulate(base(), rules, opts(), user('U2', { removeRoles: ['S_PAY'] }));
    expect(summary(s)).toEqual({
      before: ['USER:U2:CA_PAY', 'USER:U2:P2P01'],
      after: [],
      added: [],
      removed: ['USER:U2:CA_PAY', 'USER:U2:P2P01'],
    });
  });

  it('adding and removing at once: unchanged findings are neither added nor removed', () => {
    const s = simulate(base(), rules, opts(), user('U3', { removeRoles: ['R_PAY', 'R_VEND'], addRoles: ['R_BOTH'] }));
    expect(summary(s)).toEqual({
      before: ['USER:U3:CA_PAY', 'USER:U3:P2P01'],
      after: ['USER:U3:CA_PAY', 'USER:U3:P2P01'],
      added: [],
      removed: [],
    });
  });

  it('before is what the analysis finds for that user; only user-level findings of that user are shown', () => {
    const x = base();
    const s = simulate(x, rules, opts(), user('U3', { removeRoles: ['R_VEND'] }));
    const analysed = analyse(x, rules, opts()).findings.filter((f: Finding) => f.level === 'USER' && f.holder === 'U3');
    expect(keys(s.before)).toEqual(keys(analysed));
    expect(summary(s)).toEqual({
      before: ['USER:U3:CA_PAY', 'USER:U3:P2P01'],
      after: ['USER:U3:CA_PAY'],
      added: [],
      removed: ['USER:U3:P2P01'],
    });
  });

  it('follows the options (union mode)', () => {
    const x = extract()
      .user('U1')
      .role('R_A', tcodes('FK02'), inst('F_LFA1_APP', { ACTVT: '02', APPKZ: 'X' }))
      .role('R_B', inst('F_LFA1_APP', { ACTVT: '03', APPKZ: 'F' }))
      .role('R_PAY', ...PAY)
      .assign('U1', 'R_A')
      .assign('U1', 'R_PAY')
      .build();
    expect(keys(simulate(x, rules, opts(), user('U1', { addRoles: ['R_B'] })).added)).toEqual([]);
    expect(keys(simulate(x, rules, opts({ mode: 'union' }), user('U1', { addRoles: ['R_B'] })).added)).toEqual([
      'USER:U1:P2P01',
    ]);
  });
});

describe('rule 14: simulation for a role', () => {
  it('adding roles as children', () => {
    const s = simulate(base(), rules, opts(), role('C_VEND', { addRoles: ['S_PAY'] }));
    expect(summary(s)).toEqual({
      before: [],
      after: ['ROLE:C_VEND:CA_PAY', 'ROLE:C_VEND:P2P01'],
      added: ['ROLE:C_VEND:CA_PAY', 'ROLE:C_VEND:P2P01'],
      removed: [],
    });
  });

  it('removing roles from its children', () => {
    const s = simulate(base(), rules, opts(), role('C_P2P', { removeRoles: ['S_VEND'] }));
    expect(summary(s)).toEqual({
      before: ['ROLE:C_P2P:CA_PAY', 'ROLE:C_P2P:P2P01'],
      after: ['ROLE:C_P2P:CA_PAY'],
      added: [],
      removed: ['ROLE:C_P2P:P2P01'],
    });
  });

  it('adding authorisation values to the role', () => {
    const s = simulate(
      base(),
      rules,
      opts(),
      role('R_VEND', {
        addAuthorisations: [
          { object: 'S_TCODE', auth: 'NEW_TC', field: 'TCD', low: 'F110', high: '' },
          { object: 'F_REGU_BUK', auth: 'NEW_RUN', field: 'FBTCH', low: '20', high: '29' },
        ],
      }),
    );
    expect(summary(s)).toEqual({
      before: [],
      after: ['ROLE:R_VEND:CA_PAY', 'ROLE:R_VEND:P2P01'],
      added: ['ROLE:R_VEND:CA_PAY', 'ROLE:R_VEND:P2P01'],
      removed: [],
    });
  });

  it('adding a value to an existing instance of the role', () => {
    const x = base();
    x.roleAuthorisations.push({
      role: 'R_VEND',
      object: 'S_TCODE',
      auth: 'TC2',
      field: 'TCD',
      low: 'F110',
      high: '',
      deleted: false,
    });
    x.roleAuthorisations.push({
      role: 'R_VEND',
      object: 'F_REGU_BUK',
      auth: 'DISP',
      field: 'FBTCH',
      low: '03',
      high: '',
      deleted: false,
    });
    const s = simulate(
      x,
      rules,
      opts(),
      role('R_VEND', {
        addAuthorisations: [{ object: 'F_REGU_BUK', auth: 'DISP', field: 'FBTCH', low: '25', high: '' }],
      }),
    );
    expect(summary(s).added).toEqual(['ROLE:R_VEND:CA_PAY', 'ROLE:R_VEND:P2P01']);
  });

  it('removing authorisation values from the role', () => {
    const s = simulate(
      base(),
      rules,
      opts(),
      role('R_PAY', {
        removeAuthorisations: [{ object: 'F_REGU_BUK', auth: 'RUN', field: 'FBTCH', low: '21', high: '' }],
      }),
    );
    expect(summary(s)).toEqual({
      before: ['ROLE:R_PAY:CA_PAY'],
      after: [],
      added: [],
      removed: ['ROLE:R_PAY:CA_PAY'],
    });
  });

  it('removing a value the role does not have changes nothing', () => {
    const s = simulate(
      base(),
      rules,
      opts(),
      role('R_PAY', {
        removeAuthorisations: [{ object: 'F_REGU_BUK', auth: 'RUN', field: 'FBTCH', low: '25', high: '' }],
      }),
    );
    expect(summary(s)).toEqual({ before: ['ROLE:R_PAY:CA_PAY'], after: ['ROLE:R_PAY:CA_PAY'], added: [], removed: [] });
  });
});

describe('rule 14: nothing is stored', () => {
  const requests: SimulationRequest[] = [
    user('U1', { addRoles: ['R_PAY', 'C_P2P'] }),
    user('U2', { removeRoles: ['S_PAY', 'C_P2P'] }),
    role('C_VEND', { addRoles: ['S_PAY'], removeRoles: ['S_VEND'] }),
    role('R_PAY', {
      addAuthorisations: [{ object: 'F_LFA1_APP', auth: 'X', field: 'ACTVT', low: '02', high: '' }],
      removeAuthorisations: [{ object: 'F_REGU_BUK', auth: 'RUN', field: 'FBTCH', low: '21', high: '' }],
    }),
  ];

  for (const request of requests) {
    it(`leaves the extract and the ruleset unchanged (${request.holder.kind} ${'bname' in request.holder ? request.holder.bname : request.holder.role})`, () => {
      const x = base();
      const r = structuredClone(rules);
      const xBefore = structuredClone(x);
      const rBefore = structuredClone(r);
      const requestBefore = structuredClone(request);
      const findingsBefore = keys(analyse(x, r, opts()).findings);
      simulate(x, r, opts(), request);
      expect(x).toEqual(xBefore);
      expect(r).toEqual(rBefore);
      expect(request).toEqual(requestBefore);
      expect(keys(analyse(x, r, opts()).findings)).toEqual(findingsBefore);
    });
  }

  it('two simulations in a row do not see each other', () => {
    const x = base();
    simulate(x, rules, opts(), user('U1', { addRoles: ['R_PAY'] }));
    const s = simulate(x, rules, opts(), user('U1', { addRoles: [] }));
    expect(summary(s)).toEqual({ before: [], after: [], added: [], removed: [] });
  });
});
