import { describe, expect, it } from 'vitest';
import type { DataQualitySummary, ScopedUser } from '../../../contracts/data-quality.ts';
import { scopeUsers } from '../../../engine/analysis/scope.ts';
import { DEMO_PERIOD_DATE } from '../../../src/demo/sample-extract.ts';
import { DEMO_SYSTEM_PERIOD_ID } from '../../../src/demo/seed.ts';
import { signedIn } from './harness.ts';

// The demo answers the data-quality view of its sample period as the server does (issue 13 item 4).
describe('demo API: data quality of the sample period', () => {
  it('sums up rows per table and users in and out of scope as the engine scopes them', async () => {
    const { api, call } = await signedIn();
    const r = await call('GET', `/api/system-periods/${DEMO_SYSTEM_PERIOD_ID}/data-quality`);
    expect(r.status).toBe(200);
    const s = (await r.json()) as DataQualitySummary;
    expect(s.tables.find((t) => t.table === 'USR02')?.rows).toBe(api.extract.users.length);
    const engine = scopeUsers(api.extract.users, { date: DEMO_PERIOD_DATE, includeLocked: false, includeExpired: false });
    expect(s.users.inScope).toBe(engine.inScope.length);
    expect(s.users.outOfScope).toBe(engine.excluded.length + s.users.byReason['missing-from-usr02']);
    expect(s.users.byReason.locked).toBe(engine.excluded.filter((u) => u.reasons.includes('locked')).length);
    expect(s.users.inScope + s.users.outOfScope).toBeGreaterThan(0);
  });

  it('pages and filters the users with the simple-rest parameters', async () => {
    const { call } = await signedIn();
    const all = await call('GET', `/api/system-periods/${DEMO_SYSTEM_PERIOD_ID}/data-quality/users?range=[0,999]`);
    const everyone = (await all.json()) as ScopedUser[];
    expect(everyone.map((u) => u.bname)).toEqual([...everyone.map((u) => u.bname)].sort());
    const page = await call('GET', `/api/system-periods/${DEMO_SYSTEM_PERIOD_ID}/data-quality/users?range=[0,4]&filter={"scope":"in"}`);
    expect(page.headers.get('Content-Range')).toBe(`users 0-4/${everyone.filter((u) => u.inScope).length}`);
    expect(((await page.json()) as ScopedUser[]).every((u) => u.inScope)).toBe(true);
    expect((await call('GET', '/api/system-periods/00000000-0000-4000-8000-000000000000/data-quality')).status).toBe(404);
    // By SAP user type (issue 27 item 6), as the server filters.
    const technical = await call('GET', `/api/system-periods/${DEMO_SYSTEM_PERIOD_ID}/data-quality/users?range=[0,99]&filter=${encodeURIComponent('{"userType":["B","S"]}')}`);
    expect(((await technical.json()) as ScopedUser[]).map((u) => `${u.bname}:${u.userType}`)).toEqual(['BATCH_FI:B', 'SRV_SHARED:S', 'WF-BATCH:B']);
  });
});
