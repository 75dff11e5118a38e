import type { Database } from '../db/database.ts';

/** DESIGN 10: "the first simulation on an L period < 1 s", warm ones < 200 ms through the API (< 50 ms in the engine). */
export interface SimulationLoad {
  /** The first simulation on the period after the server started: nothing of it cached. */
  firstMs: number;
  warmCount: number;
  warmMedianMs: number;
  warmP99Ms: number;
  warmMaxMs: number;
  /** The engine's share of a warm one (simulateOn), median. */
  engineMedianMs: number;
  /** Decoding and preparing the holder's rows of the period in the simulation thread, median. */
  prepareMedianMs: number;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (ms: number): number => Math.round(ms * 10) / 10;

/**
 * One user after another gets three roles it does not have (`POST /api/simulations`, as the
 * simulation page asks), one at a time, timed from the client: the first on a freshly started
 * server, then `warm` more.
 */
export async function benchSimulations(
  db: Database,
  base: string,
  headers: Record<string, string>,
  targets: { systemPeriodId: string; riskPeriodId: string },
  warm = 40,
): Promise<SimulationLoad> {
  const { rows: period } = await db.query<{ data_import_id: string }>('SELECT data_import_id FROM system_periods WHERE id = $1', [targets.systemPeriodId]);
  const importId = period[0].data_import_id;
  const { rows: users } = await db.query<{ bname: string }>(
    `SELECT bname FROM sap_usr02 WHERE import_id = $1 AND ustyp = 'A' AND uflag = 0 ORDER BY seq LIMIT $2`,
    [importId, warm + 1],
  );
  const { rows: roles } = await db.query<{ agr_name: string }>('SELECT agr_name FROM sap_agr_define WHERE import_id = $1 ORDER BY seq', [importId]);
  const times: number[] = [];
  const engine: number[] = [];
  const prepare: number[] = [];
  for (const [i, u] of users.entries()) {
    const addRoles = [0, 1, 2].map((k) => roles[(i * 111 + k * 37) % roles.length].agr_name);
    const started = performance.now();
    const r = await fetch(`${base}/api/simulations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ...targets, user: u.bname, addRoles }),
    });
    const body = (await r.json()) as { timings?: { simulateMs: number; prepareMs?: number } };
    const ms = performance.now() - started;
    if (r.status !== 200) throw new Error(`simulation answered ${r.status}: ${JSON.stringify(body).slice(0, 200)}`);
    times.push(ms);
    engine.push(body.timings?.simulateMs ?? NaN);
    prepare.push(body.timings?.prepareMs ?? NaN);
  }
  const warmTimes = times.slice(1).sort((a, b) => a - b);
  return {
    firstMs: round(times[0]),
    warmCount: warmTimes.length,
    warmMedianMs: round(quantile(warmTimes, 0.5)),
    warmP99Ms: round(quantile(warmTimes, 0.99)),
    warmMaxMs: round(warmTimes[warmTimes.length - 1]),
    engineMedianMs: round(quantile(engine.slice(1).sort((a, b) => a - b), 0.5)),
    prepareMedianMs: round(quantile(prepare.slice(1).sort((a, b) => a - b), 0.5)),
  };
}
