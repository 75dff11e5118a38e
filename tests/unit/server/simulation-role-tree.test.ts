/**
 * The server's simulation applies role acceptances (DESIGN 5.12) through the roles the user
 * holds: the role tree (`Landscape.roleTreeOf`), as the engine's acceptance does, not the roles
 * on the source paths: a composite whose children loop back lies on no path yet is held.
 */
import { describe, expect, it } from 'vitest';
import { prepareAnalysis } from '../../../engine/index.ts';
import { roleTreeAfter, simulatePrepared, type SimulationAsk } from '../../../server/reports/simulate-prepared.ts';
import { PAY, VENDOR, acceptance, extract, opts, p2pRuleset } from '../../reference/fixture.ts';

// U1 is assigned C_OUTER = {C_LOOP, R_BOTH}; C_LOOP = {C_OUTER}; R_EXTRA is nobody's.
const x = extract()
  .users('U1')
  .role('R_BOTH', ...VENDOR, ...PAY)
  .role('R_EXTRA', ...VENDOR)
  .composite('C_OUTER', 'C_LOOP', 'R_BOTH')
  .composite('C_LOOP', 'C_OUTER')
  .assign('U1', 'C_OUTER')
  .build();
const prepared = prepareAnalysis(x, p2pRuleset().build(), opts({ includeLocked: true, includeExpired: true }));
const ask = (o: Partial<SimulationAsk>): SimulationAsk => ({ user: 'U1', addRoles: [], removeRoles: [], addAuthorisations: [], removeAuthorisations: [], ...o });
const accepted = (list: { riskId: string; accepted: boolean }[]) => list.filter((f) => f.accepted).map((f) => f.riskId);

describe('simulation: role acceptances through the role tree', () => {
  it('accept a user finding through a looped composite held inside the assigned one, before and after', () => {
    const r = simulatePrepared(prepared, ask({ addRoles: ['R_EXTRA'] }), [acceptance('P2P01', 'role', 'C_LOOP')]);
    if (!r.ok) throw new Error(r.notFound.message);
    expect(r.before.map((f) => f.riskId)).toContain('P2P01');
    expect(accepted(r.before)).toEqual(['P2P01']);
    expect(accepted(r.after)).toEqual(['P2P01']);
  });

  it('do not accept through a role the simulation removes, nor through what lies only below it', () => {
    // Removing C_OUTER removes C_LOOP with it; R_BOTH, added back, still meets the risk.
    const r = simulatePrepared(prepared, ask({ addRoles: ['R_BOTH'], removeRoles: ['C_OUTER'] }), [acceptance('P2P01', 'role', 'C_LOOP')]);
    if (!r.ok) throw new Error(r.notFound.message);
    expect(accepted(r.before)).toEqual(['P2P01']);
    expect(r.after.map((f) => f.riskId)).toContain('P2P01');
    expect(accepted(r.after)).toEqual([]);
  });

  it('roleTreeAfter is the engine’s role tree when nothing is removed', () => {
    const l = prepared.landscape;
    expect(roleTreeAfter(l, 'U1', opts().date, ['R_EXTRA'], new Set())).toEqual(l.roleTreeOf('U1', opts().date, ['C_OUTER', 'R_EXTRA']));
    expect([...roleTreeAfter(l, 'U1', opts().date, [], new Set())].sort()).toEqual(['C_LOOP', 'C_OUTER', 'R_BOTH']);
    expect([...roleTreeAfter(l, 'U1', opts().date, [], new Set(['C_LOOP']))].sort()).toEqual(['C_OUTER', 'R_BOTH']);
  });
});
