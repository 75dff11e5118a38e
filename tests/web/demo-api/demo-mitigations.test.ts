import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ANALYSIS_ID } from '../../../src/demo/seed.ts';
import { signedIn, type DemoCall } from './harness.ts';

// Issue 16 in demo mode: a mitigation or a control change re-mitigates the demo findings, as the
// server does (server/analyses/mitigations.ts); validity and the control status count.
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
