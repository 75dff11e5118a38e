import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareAnalysis, simulateOn } from '../../../engine/index.ts';
import type { SystemExtract } from '../../../engine/model/extract.ts';
import { RoleAuthorisationColumns } from '../../../engine/model/role-authorisation-columns.ts';
import { allOptionCombinations, landscapeArb } from '../../reference/arbitraries.ts';

/** The same AGR_1251 rows as columns (what `segra analyze` reads them into, issue 12). */
function inColumns(extract: SystemExtract): SystemExtract {
  const columns = new RoleAuthorisationColumns();
  for (const r of extract.roleAuthorisations) columns.push(r.role, r.object, r.auth, r.field, r.low, r.high, r.deleted);
  return { ...extract, roleAuthorisations: [], roleAuthorisationColumns: columns };
}

describe('AGR_1251 rows as columns (RoleAuthorisationColumns)', () => {
  it('give the analysis, and a role simulation changing its own values, exactly what the row objects give', () => {
    fc.assert(
      fc.property(landscapeArb, fc.integer({ min: 0, max: 15 }), fc.nat(), (l, pick, which) => {
        const options = allOptionCombinations()[pick];
        const rows = prepareAnalysis(l.extract, l.ruleset, options);
        const columns = prepareAnalysis(inColumns(l.extract), l.ruleset, options);
        expect(columns.run()).toEqual(rows.run());
        const roles = [...new Set(l.extract.roleAuthorisations.map((r) => r.role))];
        if (roles.length === 0) return;
        const role = roles[which % roles.length];
        const own = l.extract.roleAuthorisations.filter((r) => r.role === role);
        const request = {
          holder: { kind: 'role' as const, role },
          addRoles: [],
          removeRoles: [],
          addAuthorisations: own.slice(0, 1).map((r) => ({ ...r, low: '*' })),
          removeAuthorisations: own.slice(1, 2),
        };
        expect(columns.ownRows(role)).toEqual(rows.ownRows(role));
        expect(simulateOn(columns, request)).toEqual(simulateOn(rows, request));
      }),
      { numRuns: 150 },
    );
  });
});
