/**
 * Usage in a stored analysis (DESIGN 5.17, issue 17): the period's usage rows within the
 * analysis's window go to the analysis thread, which works out EXECUTION and REMEDIATION with
 * the engine (usageOfFindings) for the user findings it stores, with the last day each used
 * tcode was run.
 */
import type { PreparedAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import { formatRemediation, usageOfFindings } from '../../engine/analysis/remediation.ts';
import { UsageIndex } from '../../engine/analysis/usage.ts';
import type { Finding } from '../../engine/model/analysis.ts';
import type { FindingUsage } from '../../engine/model/controls.ts';
import type { TcodeCheckRow } from '../../engine/model/extract.ts';
import { date8MinusDays, date8ToIso, parseDate8 } from '../../engine/model/dates.ts';
import { DEFAULT_USAGE_WINDOW_DAYS } from '../importers/usage-reader.ts';
import { copyText, COPY_NULL } from '../db/copy-text.ts';
import type { Database } from '../db/database.ts';
import { nextTurn } from '../db/next-turn.ts';

/**
 * A period's usage within a window, summed per user and tcode, users together (ordered by user):
 * names once, rows as numbers, so that 50,000 users × 40 tcodes cross to the thread cheaply.
 */
export interface AnalysisUsageData {
  users: string[];
  tcodes: string[];
  /** Per row: index into users, into tcodes, the summed count, the last day (YYYYMMDD, 0 when no row had a date). */
  user: Int32Array;
  tcode: Int32Array;
  count: Float64Array;
  lastDay: Int32Array;
}

/** Users per query when the usage is read: on the embedded database each query runs on the API's thread. */
const USERS_PER_QUERY = 1000;

/**
 * The window an analysis reads of its usage (DESIGN 4.1b): the bounds it chose, never past the
 * analysis date, and starting DEFAULT_USAGE_WINDOW_DAYS before it when it chose no start.
 * ISO dates; `analysisDate` as stored (ISO or YYYYMMDD).
 */
export function usageWindow(analysisDate: string, from: string | null, to: string | null): { from: string; to: string } {
  const d = parseDate8(analysisDate);
  if (!d) throw new Error(`The analysis date ${analysisDate} is not a date`);
  const end = date8ToIso(d);
  return { from: from ?? date8ToIso(date8MinusDays(d, DEFAULT_USAGE_WINDOW_DAYS)), to: to === null || to > end ? end : to };
}

/** The SQL condition on usage_rows for a window of $2 … $3 (open when null): a row counts when its days meet it; undated rows always count. */
export const USAGE_ROW_IN_WINDOW = '(day IS NULL OR (($2::date IS NULL OR day >= $2::date) AND ($3::date IS NULL OR coalesce(first_day, day) <= $3::date)))';

/**
 * Rows of a usage import within [from, to] (open bounds when null; rows without a day always
 * count), summed per user and tcode, read user batch by user batch with the event loop served
 * between the queries.
 */
export async function loadAnalysisUsage(db: Database, importId: string, from: string | null, to: string | null): Promise<AnalysisUsageData> {
  const { rows: names } = await db.query<{ bname: string }>('SELECT DISTINCT bname FROM usage_rows WHERE import_id = $1', [importId]);
  const allUsers = names.map((r) => r.bname);
  const users: string[] = [];
  const tcodes: string[] = [];
  const tcodeIds = new Map<string, number>();
  const user: number[] = [];
  const tcode: number[] = [];
  const count: number[] = [];
  const lastDay: number[] = [];
  for (let at = 0; at < allUsers.length; at += USERS_PER_QUERY) {
    const { rows } = await db.query<{ bname: string; tcode: string; n: string | number; last: number | null }>(
      `SELECT bname, tcode, sum(count) AS n, max(to_char(CASE WHEN $3::date IS NOT NULL AND day > $3::date THEN $3::date ELSE day END, 'YYYYMMDD')::int) AS last
       FROM usage_rows
       WHERE import_id = $1 AND bname = ANY($4::text[])
         AND ${USAGE_ROW_IN_WINDOW}
       GROUP BY bname, tcode ORDER BY bname`,
      [importId, from, to, allUsers.slice(at, at + USERS_PER_QUERY)],
    );
    for (const r of rows) {
      // Rows of one user come together (ordered by user; batches hold distinct users).
      if (users.length === 0 || users[users.length - 1] !== r.bname) users.push(r.bname);
      let t = tcodeIds.get(r.tcode);
      if (t === undefined) {
        t = tcodes.length;
        tcodeIds.set(r.tcode, t);
        tcodes.push(r.tcode);
      }
      user.push(users.length - 1);
      tcode.push(t);
      count.push(Number(r.n));
      lastDay.push(r.last ?? 0);
    }
    await nextTurn();
  }
  return { users, tcodes, user: Int32Array.from(user), tcode: Int32Array.from(tcode), count: Float64Array.from(count), lastDay: Int32Array.from(lastDay) };
}

/** The authorisation objects of the start checks (TSTCA) of used tcodes: what "can start" needs read. */
export function usageObjects(data: AnalysisUsageData, tcodeChecks: readonly TcodeCheckRow[]): Set<string> {
  const used = new Set<string>();
  for (let i = 0; i < data.count.length; i++) if (data.count[i] > 0) used.add(data.tcodes[data.tcode[i]]);
  const objects = new Set<string>();
  for (const c of tcodeChecks) if (used.has(c.tcode)) objects.add(c.object);
  return objects;
}

/** The usage in the analysis thread: the engine's index, and the last day per user and tcode. */
export class ThreadUsage {
  readonly index = new UsageIndex();
  private readonly rowsOfUser = new Map<string, [number, number]>();

  constructor(private readonly data: AnalysisUsageData) {
    let start = 0;
    for (let i = 0; i <= data.count.length; i++) {
      if (i === data.count.length || (i > start && data.user[i] !== data.user[start])) {
        if (i > start) this.rowsOfUser.set(data.users[data.user[start]], [start, i]);
        start = i;
      }
      if (i < data.count.length) this.index.add(data.users[data.user[i]].trim(), data.tcodes[data.tcode[i]].trim(), data.count[i]);
    }
  }

  /** The last day (ISO) the user ran the tcode within the window, or null when its rows had no date. */
  lastDay(user: string, tcode: string): string | null {
    const range = this.rowsOfUser.get(user);
    if (!range) return null;
    let best = 0;
    for (let i = range[0]; i < range[1]; i++) if (this.data.tcodes[this.data.tcode[i]].trim() === tcode && this.data.lastDay[i] > best) best = this.data.lastDay[i];
    if (best === 0) return null;
    const s = String(best);
    return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
  }

  /** EXECUTION and REMEDIATION of these findings (null for role and profile findings). */
  of(prepared: PreparedAnalysis, findings: readonly Finding[]): (FindingUsage | null)[] {
    return usageOfFindings(prepared, findings, this.index);
  }
}

/** The stored form of one finding's usage: per function its used tcodes (count, last day), and the remediation entries. */
export interface StoredFindingUsage {
  functions: Array<{ functionId: string; executed: boolean; tcodes: Array<{ tcode: string; count: number; lastDay: string | null }> }>;
  remediation: Array<{ kind: 'ROLE' | 'PROFILE'; name: string; lostTcodes: number }>;
}

/** The COPY fields `execution`, `remediation`, `usage` of one finding (all NULL without usage). */
export function usageCopyFields(holder: string, u: FindingUsage | null | undefined, usage: ThreadUsage | null): string[] {
  if (!u || !usage) return [COPY_NULL, COPY_NULL, COPY_NULL];
  const stored: StoredFindingUsage = {
    functions: u.functions.map((f) => ({
      functionId: f.functionId,
      executed: f.executed,
      tcodes: f.tcodes.map((t) => ({ tcode: t.tcode, count: t.count, lastDay: usage.lastDay(holder, t.tcode) })),
    })),
    remediation: u.remediation.map((e) => ({ kind: e.kind, name: e.name, lostTcodes: e.lostTcodes })),
  };
  return [u.execution, copyText(formatRemediation(u.remediation)), copyText(JSON.stringify(stored))];
}
