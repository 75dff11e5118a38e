import { describe, expect, it } from 'vitest';
import {
  coveredSystems,
  isCrossSystemAnalysis,
  nextOtherSystem,
  otherSystemPeriodIds,
  systemsOffered,
  withoutSystem,
} from '../../../src/resources/analyses/analysis-systems.ts';
import { findingsApiFilter, readFindingsUrlFilter } from '../../../src/custom-pages/analysis/findings-link.ts';
import { findingSystems, originsOf, parseProvenance } from '../../../src/custom-pages/analysis/helpers.ts';

const systems = [
  { id: 's-erp', sid: 'ERP' },
  { id: 's-srm', sid: 'SRM' },
  { id: 's-hcm', sid: 'HCM' },
];
const periods = [
  { id: 'p-erp-jul', name: 'July', systemId: 's-erp' },
  { id: 'p-erp-jun', name: 'June', systemId: 's-erp' },
  { id: 'p-srm-jun', name: 'June', systemId: 's-srm' },
  // HCM has no period: nothing to pick there.
];

describe('the other systems of a cross-system analysis on the create screen (issue 32)', () => {
  it('never offers the main period\'s system, nor one another row holds, nor one without periods', () => {
    expect(systemsOffered(systems, periods, 's-erp', []).map((s) => s.sid)).toEqual(['SRM']);
    expect(systemsOffered(systems, periods, 's-erp', [{ systemId: 's-srm', periodId: 'p-srm-jun' }])).toEqual([]);
    // A row keeps its own system among its choices.
    expect(systemsOffered(systems, periods, 's-erp', [{ systemId: 's-srm', periodId: 'p-srm-jun' }], 's-srm').map((s) => s.sid)).toEqual(['SRM']);
  });

  it('adds the next system with its first (newest) period, and nothing once every system is in', () => {
    expect(nextOtherSystem(systems, periods, 's-srm', [])).toEqual({ systemId: 's-erp', periodId: 'p-erp-jul' });
    expect(nextOtherSystem(systems, periods, 's-srm', [{ systemId: 's-erp', periodId: 'p-erp-jun' }])).toBeNull();
  });

  it('drops the row of the system the main period moves to, and sends only the periods picked', () => {
    const rows = [
      { systemId: 's-srm', periodId: 'p-srm-jun' },
      { systemId: 's-erp', periodId: '' },
    ];
    expect(withoutSystem(rows, 's-srm')).toEqual([{ systemId: 's-erp', periodId: '' }]);
    expect(otherSystemPeriodIds(rows)).toEqual(['p-srm-jun']);
  });

  it('reads the systems an analysis covers: several for a cross-system analysis, none otherwise', () => {
    const cross = { systems: [{ systemId: 's-erp', systemPeriodId: 'p-erp-jun', sid: 'ERP' }, { systemId: 's-srm', systemPeriodId: 'p-srm-jun', sid: 'SRM' }] };
    expect(coveredSystems(cross).map((s) => s.sid)).toEqual(['ERP', 'SRM']);
    expect(isCrossSystemAnalysis(cross)).toBe(true);
    expect(isCrossSystemAnalysis({ systems: [] })).toBe(false);
    expect(isCrossSystemAnalysis({})).toBe(false);
    expect(coveredSystems({ systems: [null, { sid: 1 }] })).toEqual([]);
  });
});

describe('a cross-system finding\'s functions (DESIGN 5.18)', () => {
  const functions = [
    { functionId: 'XS_F_VEND', action: 'ZXS_VEND', system: 'SRM', user: 'ANNA', systems: ['ERP', 'SRM'], sources: [[{ kind: 'role', name: 'Z_VEND' }]], permissions: [] },
    { functionId: 'XS_F_PAY', action: 'ZXS_PAY', system: 'ERP', user: 'AMUELLER', systems: ['ERP'], sources: [[{ kind: 'profile', name: 'SAP_ALL' }]], permissions: [] },
  ];

  it('keeps which system and user met each function, and every system meeting it', () => {
    const [vend] = parseProvenance(JSON.stringify(functions));
    expect(vend).toMatchObject({ system: 'SRM', user: 'ANNA', systems: ['ERP', 'SRM'] });
    // One system's findings carry none of it.
    expect(parseProvenance([{ functionId: 'F', action: 'A', sources: [], permissions: [] }])[0]).not.toHaveProperty('system');
  });

  it('lists the systems of a finding once each in SID order, and names its roles and profiles SID/NAME', () => {
    expect(findingSystems(functions)).toEqual(['ERP', 'SRM']);
    expect(findingSystems([{ functionId: 'F', action: 'A', sources: [] }])).toEqual([]);
    expect(originsOf(parseProvenance(functions))).toEqual({ roles: ['SRM/Z_VEND'], profiles: ['ERP/SAP_ALL'] });
  });

  it('filters the list to the cross-system findings through the URL', () => {
    const f = readFindingsUrlFilter(new URLSearchParams('crossSystem=true'));
    expect(findingsApiFilter('a1', f)).toMatchObject({ analysisId: 'a1', crossSystem: true });
    expect(findingsApiFilter('a1', readFindingsUrlFilter(new URLSearchParams('crossSystem=false')))).toMatchObject({ crossSystem: false });
    expect(findingsApiFilter('a1', readFindingsUrlFilter(new URLSearchParams('crossSystem=yes')))).not.toHaveProperty('crossSystem');
  });
});
