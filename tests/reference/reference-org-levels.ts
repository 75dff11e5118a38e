/**
 * Reference reading of org-level risks (DESIGN.md 5, rule 15), naive on purpose: it tries a
 * broad set of probe values per org field (every string the holder's rows spell, each with its
 * successor s + U+0000, the blank value, and every string of one or two characters over a
 * small alphabet) and evaluates the risk literally at each value tuple with the instances of
 * reference-evaluator.ts. It shares nothing with the engine's method (testing lower ends only,
 * docs/decisions/2026-11-25-org-level-risks.md), so the property tests compare two readings.
 *
 * READING (tests/reference/READINGS.md 41–46): the plain values a finding can name are the
 * single values (a LOW without HIGH or `*`, or LOW..HIGH with LOW = HIGH) of the field in the
 * holder's instances of the objects the risk's permissions check; `*` stands for any other
 * value. The action reported per function is the first one met at some value tuple of the
 * first reported org value.
 */
import type { AnalysisOptions, Ruleset, SystemExtract } from '../../engine/model/index.ts';
import { cmpCodePoints, riskMetBy, type RefInstance, type RefOrgAt, type ValueRow } from './reference-evaluator.ts';

type Risk = Ruleset['risks'][number];

const ALPHABET = ['A', 'B', 'C', 'D', 'Z', 'a', '0'];

export function refOrgFields(risk: Risk): string[] {
  return [...new Set((risk.orgFields ?? []).map((f) => f.trim()).filter((f) => f !== ''))];
}

/** Objects of the permission lines rule 8 looks at for the risk's functions. */
function permissionObjects(ruleset: Ruleset, risk: Risk): Set<string> {
  const out = new Set<string>();
  for (const id of risk.functionIds) {
    const fn = ruleset.functions.find((f) => f.id === id);
    if (!fn) continue;
    const actions = fn.actions.filter((a) => a.active).map((a) => a.action);
    for (const l of fn.permissions) {
      // Amended rule 8: an empty ACTION is function-wide, listed for every active action.
      if (l.active && (actions.length === 0 || l.action === '' || actions.includes(l.action))) out.add(l.object);
    }
  }
  return out;
}

function spelled(row: ValueRow): string[] {
  switch (row.kind) {
    case 'all':
      return [''];
    case 'prefix':
      return [row.prefix];
    case 'exact':
      return [row.value];
    case 'range':
      return [row.low, row.high];
  }
}

function plainValue(row: ValueRow): string | null {
  if (row.kind === 'exact') return row.value;
  if (row.kind === 'range' && !row.highStar && row.low === row.high) return row.low;
  return null;
}

function probes(rows: readonly ValueRow[]): string[] {
  const out = new Set<string>(['']);
  for (const a of ALPHABET) {
    out.add(a);
    for (const b of ALPHABET) out.add(a + b);
  }
  for (const r of rows) {
    for (const s of spelled(r)) {
      out.add(s);
      out.add(s + '\u0000');
    }
  }
  return [...out];
}

function compareLabel(a: readonly string[], b: readonly string[]): number {
  for (let j = 0; j < a.length; j++) {
    if (a[j] === b[j]) continue;
    if (a[j] === '*') return 1;
    if (b[j] === '*') return -1;
    return cmpCodePoints(a[j], b[j]);
  }
  return 0;
}

/** Rule 15 for one holder and one org-level risk: the finding's functions and org values, or null. */
export function referenceOrgFinding(
  x: SystemExtract,
  ruleset: Ruleset,
  instances: readonly RefInstance[],
  risk: Risk,
  options: Pick<AnalysisOptions, 'level' | 'mode'>,
): { functions: Array<{ functionId: string; action: string | null }>; orgValues: string[] } | null {
  const fields = refOrgFields(risk);
  const at = (values: (string | null)[]): RefOrgAt => ({ fields, values });
  if (!riskMetBy(x, ruleset, instances, risk, options, at(fields.map(() => null)))) return null;
  const objects = permissionObjects(ruleset, risk);
  const held = instances.filter((i) => objects.has(i.object));
  const rowsOf = (f: string): ValueRow[] => held.flatMap((i) => i.fields.get(f) ?? []);
  const named = fields.map((f) => new Set(rowsOf(f).map(plainValue).filter((v): v is string => v !== null)));
  // Fewer constraints can only help, so a value failing with the other fields free fails everywhere.
  const candidates = fields.map((f, j) =>
    probes(rowsOf(f)).filter((v) => riskMetBy(x, ruleset, instances, risk, options, at(fields.map((_, i) => (i === j ? v : null))))),
  );
  const found = new Map<string, { label: string[]; actionIndex: number[]; actions: (string | null)[] }>();
  const actionOrder = (functionId: string, action: string | null): number => {
    const fn = ruleset.functions.find((f) => f.id === functionId)!;
    return action === null ? 0 : fn.actions.filter((a) => a.active).findIndex((a) => a.action === action);
  };
  const tuple: string[] = [];
  const visit = (j: number): void => {
    if (j === fields.length) {
      const fns = riskMetBy(x, ruleset, instances, risk, options, at([...tuple]));
      if (!fns) return;
      const label = tuple.map((v, i) => (named[i].has(v) ? v : '*'));
      const key = JSON.stringify(label);
      const idx = fns.map((m) => actionOrder(m.functionId, m.action));
      const seen = found.get(key);
      if (!seen) {
        found.set(key, { label, actionIndex: idx, actions: fns.map((m) => m.action) });
        return;
      }
      idx.forEach((n, f) => {
        if (n < seen.actionIndex[f]) {
          seen.actionIndex[f] = n;
          seen.actions[f] = fns[f].action;
        }
      });
      return;
    }
    for (const v of candidates[j]) {
      tuple[j] = v;
      visit(j + 1);
    }
  };
  visit(0);
  const labels = [...found.values()].sort((a, b) => compareLabel(a.label, b.label));
  if (labels.length === 0) return null;
  const first = labels[0];
  return {
    functions: risk.functionIds.map((functionId, f) => ({ functionId, action: first.actions[f] })),
    orgValues: labels.map((l) => l.label.join('+')),
  };
}
