import type { ComparisonRow } from '../../engine/model/analysis.ts';
import { compareFindings } from '../../engine/analysis/compare.ts';
import { contentRange, csvFile, filterOf, json, notInDemo, parseJson } from './answers.ts';
import type { DemoContext } from './context.ts';
import { completedAnalysis, userTypesOf, type CompletedAnalysis } from './findings.ts';

/** Rows matching the list filter: `q` searches holder and risk id, other fields match one or a list of values. */
function filterRows<R extends ComparisonRow>(rows: R[], filter: Record<string, unknown>): R[] {
  let out = rows;
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    if (field === 'q') {
      const needle = String(value).toLowerCase();
      out = out.filter((r) => r.holder.toLowerCase().includes(needle) || r.riskId.toLowerCase().includes(needle));
    } else {
      const list = (Array.isArray(value) ? value : [value]).map(String);
      out = out.filter((r) => list.includes(String((r as unknown as Record<string, unknown>)[field])));
    }
  }
  return out;
}

function comparisonCsv(rows: readonly ComparisonRow[]): string {
  const lines = [
    'level,holder,riskId,status,leftRiskLevel,rightRiskLevel,levelChanged',
    ...rows.map((r) => [r.level, r.holder, r.riskId, r.status, r.leftRiskLevel ?? '', r.rightRiskLevel ?? '', r.levelChanged].join(',')),
  ];
  return lines.join('\n') + '\n';
}

const side = (a: CompletedAnalysis) => ({
  id: a.record.id,
  name: a.record.name,
  analysisDate: a.record.analysisDate,
  systemPeriodId: a.record.systemPeriodId,
  riskPeriodId: a.record.riskPeriodId,
  level: a.record.level,
  mode: a.record.mode,
  findings: a.findings.length,
});

/** `GET /api/analyses/compare?left=…&right=…`: a page of rows, or all of them as CSV with `format=csv`. */
export async function compare(ctx: DemoContext, q: URLSearchParams): Promise<Response> {
  const left = await completedAnalysis(ctx, q.get('left'), 'first');
  if (left instanceof Response) return left;
  const right = await completedAnalysis(ctx, q.get('right'), 'second');
  if (right instanceof Response) return right;
  // Each user's SAP user type, as the server names it (issue 27 item 6); the demo has one extract.
  const typeOf = userTypesOf(ctx.extract);
  const typed = compareFindings(left.findings, right.findings).map((r) => ({ ...r, userType: typeOf(r) }));
  const rows = filterRows(typed, filterOf(q));
  const summary = {
    new: rows.filter((r) => r.status === 'new').length,
    resolved: rows.filter((r) => r.status === 'resolved').length,
    unchanged: rows.filter((r) => r.status === 'unchanged').length,
    levelChanged: rows.filter((r) => r.levelChanged).length,
    orgValuesChanged: rows.filter((r) => r.orgValuesChanged).length,
    total: rows.length,
  };
  if (q.get('format') !== null) {
    if (q.get('format') !== 'csv') return notInDemo('only CSV export works in the demo');
    return csvFile(comparisonCsv(rows), 'comparison.csv');
  }
  const range = parseJson(q.get('range')) as [number, number] | undefined;
  const start = Array.isArray(range) ? Number(range[0]) : 0;
  const page = Array.isArray(range) ? rows.slice(start, Number(range[1]) + 1) : rows;
  return json(
    { left: side(left), right: side(right), summary, total: rows.length, rows: page.map((r) => ({ id: `${r.level}:${r.holder}:${r.riskId}`, ...r })) },
    200,
    { 'Content-Range': contentRange('comparison', start, page.length, rows.length) },
  );
}
