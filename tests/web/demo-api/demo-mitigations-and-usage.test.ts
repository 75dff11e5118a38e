import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ANALYSIS_ID } from '../../../src/demo/seed.ts';
import { signedIn, type DemoCall } from './harness.ts';

// Issues 16 and 17 in demo mode: a mitigation or a control change re-mitigates the demo findings, as the
// server does (server/analyses/mitigations.ts), validity and the control status counting; the
// findings carry execution and remediation against the demo usage.
let call: DemoCall;
beforeEach(async () => {
  ({ call } = await signedIn());
});

const list = (filter: Record<string, unknown>) =>
  `/api/findings?${new URLSearchParams({ range: JSON.stringify([0, 9999]), filter: JSON.stringify({ analysisId: DEMO_ANALYSIS_ID, ...filter }) }).toString()}`;

interface Row {
  id: string;
  level: string;
  holder: string;
  riskId: string;
  status: string;
  controls: string[];
}
const rows = async (filter: Record<string, unknown>): Promise<Row[]> => (await (await call('GET', list(filter))).json()) as Row[];

describe('demo API: deactivated risks (issue 27)', () => {
  it('a deactivated risk\'s findings show as deactivated in the list and the dashboard; reactivated, open again', async () => {
    const target = (await rows({ status: ['open'] }))[0];
    expect(target).toBeDefined();
    const ofRisk = (await rows({ riskId: [target.riskId] })).length;
    const dashboard = async () =>
      ((await (await call('GET', `/api/reports/dashboard?analysisId=${DEMO_ANALYSIS_ID}`)).json()) as { totals: { findings: number; accepted: number; deactivated: number; open: number } }).totals;
    const before = await dashboard();
    const created = await call('POST', '/api/risk-deactivations', { riskId: target.riskId, message: 'Not in scope' });
    expect(created.status).toBe(201);
    expect(new Set((await rows({ riskId: [target.riskId] })).map((r) => r.status))).toEqual(new Set(['deactivated']));
    expect(await rows({ status: ['deactivated'] })).toHaveLength(ofRisk);
    const after = await dashboard();
    expect(after.deactivated).toBe(ofRisk);
    expect(after.open).toBe(before.open - ofRisk);
    expect(after.open).toBe((await rows({ status: ['open'] })).length);

    const { id } = (await created.json()) as { id: string };
    expect((await call('DELETE', `/api/risk-deactivations/${id}`)).status).toBe(200);
    expect(await rows({ status: ['deactivated'] })).toEqual([]);
    expect(new Set((await rows({ riskId: [target.riskId] })).map((r) => r.status))).toEqual(new Set(['open']));
    expect(await dashboard()).toMatchObject({ deactivated: 0, open: before.open });
  });
});

describe('demo API: mitigations', () => {
  it('a mitigation turns the finding mitigated with its control; its control set inactive, or the mitigation deleted, turns it back', async () => {
    const target = (await rows({ level: 'USER', status: ['open'] }))[0];
    expect(target).toBeDefined();
    const control = (await (await call('POST', '/api/mitigating-controls', { controlId: 'MC-DEMO', status: 'active' })).json()) as { id: string };
    const created = await call('POST', '/api/mitigations', { mitigatingControlId: control.id, riskId: target.riskId, level: 'USER', holder: target.holder, validFrom: null, validTo: null });
    expect(created.status).toBe(201);
    const mitigation = (await created.json()) as { id: string };
    const mine = (await rows({ level: 'USER', holder: target.holder, riskId: target.riskId })).filter((r) => r.holder === target.holder);
    expect(mine.map((r) => [r.status, r.controls])).toEqual([['mitigated', ['MC-DEMO']]]);
    expect((await rows({ status: ['mitigated'] })).map((r) => r.id)).toEqual([target.id]);

    expect((await call('PUT', `/api/mitigating-controls/${control.id}`, { status: 'inactive' })).status).toBe(200);
    expect(await rows({ status: ['mitigated'] })).toEqual([]);
    expect((await call('PUT', `/api/mitigating-controls/${control.id}`, { status: 'active' })).status).toBe(200);
    expect((await rows({ status: ['mitigated'] })).map((r) => r.id)).toEqual([target.id]);

    expect((await call('DELETE', `/api/mitigations/${mitigation.id}`)).status).toBe(200);
    expect(await rows({ status: ['mitigated'] })).toEqual([]);
    expect((await rows({ level: 'USER', holder: target.holder, riskId: target.riskId })).find((r) => r.holder === target.holder)).toMatchObject({ status: 'open', controls: [] });
  });

  it('an expired mitigation mitigates nothing', async () => {
    const target = (await rows({ level: 'USER', status: ['open'] }))[0];
    const control = (await (await call('POST', '/api/mitigating-controls', { controlId: 'MC-OLD', status: 'active' })).json()) as { id: string };
    await call('POST', '/api/mitigations', { mitigatingControlId: control.id, riskId: target.riskId, level: 'USER', holder: target.holder, validFrom: null, validTo: '2020-12-31' });
    expect(await rows({ status: ['mitigated'] })).toEqual([]);
  });
});

describe('demo API: usage (issue 17)', () => {
  it('the demo findings carry the engine\'s EXECUTION and REMEDIATION against the demo usage, with the used tcodes per function', async () => {
    const users = (await rows({ level: 'USER' })) as Array<Row & { execution: string | null; executionRank: number; remediation: string | null; usage: { functions: Array<{ executed: boolean; tcodes: Array<{ tcode: string; count: number; lastDay: string }> }>; remediation: unknown[] } | null }>;
    expect(users.length).toBeGreaterThan(0);
    const kinds = new Set(users.map((f) => f.execution));
    // A mix, so that the list's filter and sort by execution show something in demo mode.
    expect(kinds.has('FULL') || kinds.has('PARTIAL')).toBe(true);
    expect(kinds.has('NONE') || kinds.has('PARTIAL')).toBe(true);
    for (const f of users) {
      expect(f.executionRank).toBe({ FULL: 3, PARTIAL: 2, NONE: 1 }[f.execution!]);
      const executed = f.usage!.functions.filter((x) => x.executed).length;
      expect(f.execution).toBe(executed === 0 ? 'NONE' : executed === f.usage!.functions.length ? 'FULL' : 'PARTIAL');
      for (const fn of f.usage!.functions) for (const t of fn.tcodes) expect(t).toMatchObject({ count: expect.any(Number), lastDay: '2026-10-31' });
    }
    expect(users.some((f) => (f.remediation ?? '') !== '' && f.usage!.remediation.length > 0)).toBe(true);
    // Role findings have none, as on the server.
    const role = (await rows({ level: 'ROLE' }))[0] as Row & { execution: string | null; usage: unknown };
    expect(role).toMatchObject({ execution: null, usage: null });
    // The list filters by execution.
    const full = await rows({ execution: ['FULL'] });
    expect(full.length).toBe(users.filter((f) => f.execution === 'FULL').length);
  });
});
