/**
 * fast-check arbitraries for mitigating-control assignments and usage exports over the small
 * landscapes of arbitraries.ts: valid, expired, future and open-ended rows around the analysis
 * date, stray rows (a risk, user or role the landscape lacks), several rows for one
 * (user, tcode) with counts that add up to 0 or below, padded tcodes, and tcodes no function
 * lists.
 */
import fc from 'fast-check';
import type { Date8, MitigationAssignment, RiskAcceptance, UsageRecord } from '../../engine/model/index.ts';
import { REF_USER, ROLES, TCODES, USERS } from './arbitraries.ts';

/** Bounds around LANDSCAPE_DATE (20260615): open, the day before, the day, the day after. */
const BOUNDS: Array<Date8 | null> = [null, null, 20260614, 20260615, 20260616];

export const mitigationArb: fc.Arbitrary<MitigationAssignment> = fc
  .record({
    controlId: fc.constantFrom('C1', 'C2', 'C3', 'C10', 'c1'),
    riskId: fc.constantFrom('RK1', 'RK2', 'RK3', 'RK4', 'RK5', 'RK5', 'RKX'),
    user: fc.constantFrom(true, true, false),
    userId: fc.constantFrom<string>(...USERS, REF_USER, 'UX'),
    roleId: fc.constantFrom<string>(...ROLES, ...ROLES, 'RX'),
    validFrom: fc.constantFrom(...BOUNDS),
    validTo: fc.constantFrom(...BOUNDS),
  })
  .map((m) => ({
    controlId: m.controlId,
    riskId: m.riskId,
    level: m.user ? ('USER' as const) : ('ROLE' as const),
    id: m.user ? m.userId : m.roleId,
    validFrom: m.validFrom,
    validTo: m.validTo,
  }));

export const mitigationsArb: fc.Arbitrary<MitigationAssignment[]> = fc.array(mitigationArb, { maxLength: 20 });

export const usageRecordArb: fc.Arbitrary<UsageRecord> = fc.record({
  user: fc.constantFrom<string>(...USERS, ...USERS, REF_USER, 'UX'),
  tcode: fc.constantFrom<string>(...TCODES, ...TCODES, ' T1 ', 'T9', 'T*'),
  count: fc.constantFrom(1, 1, 2, 5, 0, -1),
});

export const usageArb: fc.Arbitrary<UsageRecord[]> = fc.array(usageRecordArb, { maxLength: 24 });

/** Risk acceptances (rule 12): global, user and role scope, valid, expired, future and stray. */
export const acceptanceArb: fc.Arbitrary<RiskAcceptance> = fc
  .record({
    riskId: fc.constantFrom('RK1', 'RK2', 'RK3', 'RK4', 'RK5', 'RKX'),
    scope: fc.constantFrom<RiskAcceptance['scope']>('global', 'user', 'role', 'role', 'role'),
    userId: fc.constantFrom<string>(...USERS, REF_USER, 'UX'),
    roleId: fc.constantFrom<string>(...ROLES, ...ROLES, 'RX'),
    validFrom: fc.constantFrom(...BOUNDS),
    validTo: fc.constantFrom(...BOUNDS),
  })
  .map((a) => ({
    riskId: a.riskId,
    scope: a.scope,
    holder: a.scope === 'global' ? '' : a.scope === 'user' ? a.userId : a.roleId,
    message: `accepted ${a.scope}`,
    author: 'auditor',
    createdAt: '2026-06-01T10:00:00.000Z',
    validFrom: a.validFrom,
    validTo: a.validTo,
  }));

export const acceptancesArb: fc.Arbitrary<RiskAcceptance[]> = fc.array(acceptanceArb, { maxLength: 6 });
