/**
 * The stored `meeting_roles` of a user finding (the roles the server re-applies role acceptances
 * through, DESIGN 5.12) are the roles of the user's role tree that meet the whole risk by
 * themselves: the engine's own acceptance reading, so that accepting later on the server gives
 * what the analysis gives.
 */
import { describe, expect, it } from 'vitest';
import { prepareAnalysis } from '../../../engine/index.ts';
import { FINDING_COLUMNS, findingLines, singleSystemFacts } from '../../../server/analyses/finding-lines.ts';
import { PAY, VENDOR, extract, opts, p2pRuleset } from '../../reference/fixture.ts';

describe('finding lines: meeting_roles', () => {
  it('include a composite inside an assigned composite whose children loop back', () => {
    // U1 is assigned C_OUTER = {C_LOOP, R_BOTH}; C_LOOP = {C_OUTER}: C_LOOP lies on no path to a
    // single role, yet it is held and, as a role, meets P2P01.
    const x = extract().users('U1').role('R_BOTH', ...VENDOR, ...PAY).composite('C_OUTER', 'C_LOOP', 'R_BOTH').composite('C_LOOP', 'C_OUTER').assign('U1', 'C_OUTER').build();
    const p = prepareAnalysis(x, p2pRuleset().build(), opts());
    const result = p.run();
    const lines = [...findingLines('c', 'a', result.findings, singleSystemFacts(p))].join('').split('\n').filter((l) => l !== '');
    const col = (name: string): number => FINDING_COLUMNS.indexOf(name as (typeof FINDING_COLUMNS)[number]);
    const row = lines.map((l) => l.split('\t')).find((f) => f[col('level')] === 'USER' && f[col('holder')] === 'U1' && f[col('risk_id')] === 'P2P01');
    expect(row).toBeDefined();
    expect(row![col('meeting_roles')]).toBe('{"C_LOOP","C_OUTER","R_BOTH"}');
  });
});
