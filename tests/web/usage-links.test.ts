import { describe, expect, it } from 'vitest';
import { findingsApiFilter, findingsListLink, readFindingsUrlFilter } from '../../src/custom-pages/analysis/findings-link.ts';
import { readSimulationPrefill, simulateRemovalLink } from '../../src/custom-pages/usage/simulate-removal.ts';
import { usageRequest } from '../../src/custom-pages/usage/UsageWindowFields.tsx';

describe('usage links (issue 17)', () => {
  it('"simulate this removal" opens the simulation with the user, the role to remove, the periods, level and mode', () => {
    const link = simulateRemovalLink({ systemPeriodId: 'sp', riskPeriodId: 'rp', user: 'J DOE', role: 'Z_AP&CLERK', level: 'action', mode: 'union' });
    expect(link.startsWith('/app/simulation?')).toBe(true);
    const prefill = readSimulationPrefill(new URLSearchParams(link.slice(link.indexOf('?') + 1)));
    expect(prefill).toEqual({ systemPeriodId: 'sp', riskPeriodId: 'rp', user: 'J DOE', removeRoles: ['Z_AP&CLERK'], level: 'action', mode: 'union' });
  });

  it('ignores what the simulation cannot take: a role without a user, an unknown level or mode', () => {
    expect(readSimulationPrefill(new URLSearchParams('removeRole=Z_X&level=deep&mode=both'))).toEqual({});
  });

  it('the findings list keeps an execution filter in its URL and sends it to the API', () => {
    const link = findingsListLink({ execution: 'FULL', level: 'USER' });
    const filter = readFindingsUrlFilter(new URLSearchParams(link.slice(link.indexOf('?') + 1)));
    expect(filter).toEqual({ execution: 'FULL', level: 'USER' });
    expect(findingsApiFilter('a1', filter)).toMatchObject({ analysisId: 'a1', execution: ['FULL'], level: ['USER'] });
    expect(readFindingsUrlFilter(new URLSearchParams('execution=SOMETIMES'))).toEqual({});
  });

  it('an analysis request carries the usage window only when usage is used; empty dates are open bounds', () => {
    expect(usageRequest({ withUsage: false, usageFrom: '2026-01-01', usageTo: '' })).toEqual({});
    expect(usageRequest({ withUsage: true, usageFrom: '2026-01-01', usageTo: '' })).toEqual({ withUsage: true, usageFrom: '2026-01-01', usageTo: null });
  });
});
