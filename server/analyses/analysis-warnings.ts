/**
 * The input warnings that applied to an analysis (DESIGN 4.1b: every warning shown where the
 * result is read), gathered when it runs from what it reads: the system period's import, the
 * risk period's ruleset, the customer's last mitigation file, and with usage the usage import's
 * warnings and the lines its window leaves out. The same set `segra analyze` prints on stderr
 * for the same files (one reader, both doors): each import stored what its reader said.
 */
import type { InputWarning } from '../../engine/model/controls.ts';
import type { Database } from '../db/database.ts';
import { MAX_EXAMPLES } from '../importers/data-warnings.ts';
import { USAGE_ROW_IN_WINDOW, usageWindow } from './analysis-usage.ts';
import type { AnalysisSystem } from '../../contracts/analysis-systems.ts';

export interface WarningSources {
  id: string;
  analysis_date: string;
  with_usage: boolean;
  usage_from: string | null;
  usage_to: string | null;
  /** A cross-system analysis's systems in SID order (DESIGN 5.18); [] for one system. */
  systems?: readonly AnalysisSystem[];
}

const listOf = (value: unknown): InputWarning[] =>
  Array.isArray(value) ? value.filter((w): w is InputWarning => typeof w === 'object' && w !== null && typeof (w as InputWarning).code === 'string') : [];

/**
 * Usage lines dated outside the analysis's window (DESIGN 4.1b): after its date, or before the
 * window's start. The import keeps rows summed per user, tcode and days with the number of lines
 * each stands for, so the count is the export's lines, as the command line counts them; the
 * examples name the summed rows (`USER/TCODE/DAY`), the lines themselves are not kept.
 */
export async function usageOutsideWindow(db: Database, importId: string, analysisDate: string, from: string | null, to: string | null): Promise<InputWarning | null> {
  const window = usageWindow(analysisDate, from, to);
  const outside = `import_id = $1 AND day IS NOT NULL AND NOT ${USAGE_ROW_IN_WINDOW}`;
  const params = [importId, window.from, window.to];
  const [total, examples] = await Promise.all([
    db.query<{ n: string | number | null }>(`SELECT sum(coalesce(lines, 1)) AS n FROM usage_rows WHERE ${outside}`, params),
    db.query<{ example: string }>(
      `SELECT bname || '/' || tcode || '/' || to_char(day, 'YYYY-MM-DD') AS example FROM usage_rows WHERE ${outside}
       ORDER BY day DESC, bname, tcode LIMIT ${MAX_EXAMPLES}`,
      params,
    ),
  ]);
  const count = Number(total.rows[0]?.n ?? 0);
  return count === 0 ? null : { code: 'USAGE_OUTSIDE_WINDOW', table: 'USAGE', count, examples: examples.rows.map((r) => r.example) };
}

/** The warnings of what analysis `a` reads, in the command line's order: extract and ruleset, mitigations, usage. */
export async function analysisWarnings(db: Database, a: WarningSources): Promise<InputWarning[]> {
  const { rows } = await db.query<{ system: unknown; ruleset: unknown; mitigations: unknown; usage: unknown; usage_import_id: string | null }>(
    `SELECT sp.warnings AS system, rp.warnings AS ruleset, c.mitigation_warnings AS mitigations, u.warnings AS usage, u.usage_import_id
     FROM analyses a
     JOIN system_periods sp ON sp.id = a.system_period_id
     JOIN risk_periods rp ON rp.id = a.risk_period_id
     JOIN customers c ON c.id = a.customer_id
     LEFT JOIN system_period_usage u ON u.system_period_id = a.system_period_id
     WHERE a.id = $1`,
    [a.id],
  );
  const r = rows[0];
  if (!r) return [];
  if (a.systems && a.systems.length > 1) return [...listOf(r.ruleset), ...(await systemsReadWarnings(db, a.systems)), ...listOf(r.mitigations)];
  const warnings = [...listOf(r.system), ...listOf(r.ruleset), ...listOf(r.mitigations)];
  if (a.with_usage && r.usage_import_id) {
    warnings.push(...listOf(r.usage));
    const outside = await usageOutsideWindow(db, r.usage_import_id, a.analysis_date, a.usage_from, a.usage_to);
    if (outside) warnings.push(outside);
  }
  return warnings;
}

/**
 * The read warnings of each system period of a cross-system analysis, in SID order, their table
 * named `SID/TABLE` as `segra analyze --system SID=DIR …` names them (which system said it).
 * The engine's own cross-system warnings are added when the run has read every system.
 */
async function systemsReadWarnings(db: Database, systems: readonly AnalysisSystem[]): Promise<InputWarning[]> {
  const { rows } = await db.query<{ id: string; warnings: unknown }>('SELECT id, warnings FROM system_periods WHERE id = ANY($1::uuid[])', [
    systems.map((s) => s.systemPeriodId),
  ]);
  const byPeriod = new Map(rows.map((r) => [r.id, listOf(r.warnings)]));
  return systems.flatMap((s) => (byPeriod.get(s.systemPeriodId) ?? []).map((w) => ({ ...w, table: `${s.sid}/${w.table}` })));
}
