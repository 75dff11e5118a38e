import { beforeEach, describe, expect, it } from 'vitest';
import { buildDemoExtract } from '../../../src/demo/sample-extract.ts';
import { DEMO_ANALYSIS_ID } from '../../../src/demo/seed.ts';
import { signedIn, type DemoCall } from './harness.ts';

// The in-browser demo answers the user and role views (issue 15) as the server does.
let call: DemoCall;
beforeEach(async () => {
  ({ call } = await signedIn());
});

interface Finding {
  level: string;
  holder: string;
  riskId: string;
  functions: { sources: { kind: string; name: string }[][] }[];
}

const findings = async (filter: object): Promise<Finding[]> =>
  (await (await call('GET', `/api/findings?range=[0,9999]&filter=${encodeURIComponent(JSON.stringify(filter))}`)).json()) as Finding[];

describe('demo API: user and role views', () => {
  it("a user's view names its roles and counts its findings; the exact holder filter lists them", async () => {
    const users = await findings({ analysisId: DEMO_ANALYSIS_ID, level: ['USER'] });
    const extract = buildDemoExtract();
    const user = users.map((f) => f.holder).find((h) => extract.roleAssignments.some((r) => r.user === h))!;
    const r = await call('GET', `/api/reports/user-view?analysisId=${DEMO_ANALYSIS_ID}&user=${user}`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { roles: { role: string }[]; findings: number };
    expect(body.roles.map((x) => x.role).sort()).toEqual(extract.roleAssignments.filter((x) => x.user === user).map((x) => x.role).sort());
    const exact = await findings({ analysisId: DEMO_ANALYSIS_ID, level: ['USER'], holderExact: user });
    expect(exact.length).toBe(users.filter((f) => f.holder === user).length);
    expect(body.findings).toBe(exact.length);
    expect((await call('GET', `/api/reports/user-view?analysisId=${DEMO_ANALYSIS_ID}`)).status).toBe(400);
  });

  it("a role's view: what it causes alone, and the user findings it takes part in", async () => {
    const roles = await findings({ analysisId: DEMO_ANALYSIS_ID, level: ['ROLE'] });
    const role = roles[0].holder;
    const r = await call('GET', `/api/reports/role-view?analysisId=${DEMO_ANALYSIS_ID}&role=${role}`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { alone: { riskId: string }[]; combined: { holder: string; riskId: string }[]; usersTotal: number };
    const alone = roles.filter((f) => f.holder === role).map((f) => f.riskId);
    expect(body.alone.map((f) => f.riskId).sort()).toEqual(alone.sort());
    const users = await findings({ analysisId: DEMO_ANALYSIS_ID, level: ['USER'] });
    const expected = users.filter((f) => !alone.includes(f.riskId) && f.functions.some((m) => m.sources.some((p) => p.some((s) => s.kind === 'role' && s.name === role))));
    expect(body.combined.map((f) => `${f.holder}/${f.riskId}`).sort()).toEqual(expected.map((f) => `${f.holder}/${f.riskId}`).sort().slice(0, 500));
  });
});
