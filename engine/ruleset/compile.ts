import { parseRuleValue, plainRuleValue, ruleValueKey, type RuleValue } from '../authorisation/rule-value.ts';
import { normaliseValue } from '../authorisation/value-interval.ts';
import type { AnalysisLevel } from '../model/analysis.ts';
import type { TcodeCheckRow } from '../model/extract.ts';
import { countsInSystem, type PermissionLine, type Ruleset } from '../model/ruleset.ts';
import type {
  Alternative,
  Atom,
  Check,
  CompiledFunction,
  CompiledRisk,
  CompiledRuleset,
  FieldCondition,
  ObjectPlan,
} from './compiled.ts';

export interface CompileOptions {
  level: AnalysisLevel;
  /** TSTCA rows of the system: start checks of transactions (DESIGN 5.7). */
  tcodeChecks: readonly TcodeCheckRow[];
  deactivatedRiskIds?: readonly string[];
  /**
   * The system analysed (DESIGN 5.18): only actions and permission lines whose SYSTEM is empty
   * or this SID count. Absent: SYSTEM is ignored (a single system without SID).
   */
  system?: string;
}

interface LineSpec {
  field: string;
  rule: RuleValue | null;
  operator: 'OR' | 'AND' | 'NOT';
}

class RulesetCompiler {
  readonly atoms: Atom[] = [];
  readonly checks: Check[] = [];
  private readonly atomIds = new Map<string, number>();
  private readonly checkIds = new Map<string, number>();
  readonly objects = new Map<string, ObjectPlan>();

  plan(object: string): ObjectPlan {
    let p = this.objects.get(object);
    if (!p) {
      p = {
        object,
        valueAtoms: new Map(),
        valueAtomList: new Map(),
        patternAtoms: new Map(),
        unconditionalChecks: [],
        existsAtom: -1,
      };
      this.objects.set(object, p);
      p.existsAtom = this.newAtom(object, '', { kind: 'full' }, `exists\u0001${object}`);
    }
    return p;
  }

  private newAtom(object: string, field: string, rule: RuleValue, key: string): number {
    const id = this.atoms.length;
    this.atoms.push({ id, object, field, rule });
    this.atomIds.set(key, id);
    return id;
  }

  atom(object: string, field: string, rule: RuleValue): number {
    const key = `${object}\u0000${field}\u0000${ruleValueKey(rule)}`;
    const known = this.atomIds.get(key);
    if (known !== undefined) return known;
    const plan = this.plan(object);
    const id = this.newAtom(object, field, rule, key);
    if (rule.kind === 'value') {
      let byValue = plan.valueAtoms.get(field);
      if (!byValue) plan.valueAtoms.set(field, (byValue = new Map()));
      const list = byValue.get(rule.value);
      if (list) list.push(id);
      else byValue.set(rule.value, [id]);
      let all = plan.valueAtomList.get(field);
      if (!all) plan.valueAtomList.set(field, (all = []));
      all.push({ value: rule.value, atom: id });
    } else {
      let list = plan.patternAtoms.get(field);
      if (!list) plan.patternAtoms.set(field, (list = []));
      list.push({ rule, atom: id });
    }
    return id;
  }

  /** One check on one object from its lines; equal checks share one id. */
  check(object: string, lines: readonly LineSpec[]): number {
    this.plan(object);
    const byField = new Map<string, FieldCondition>();
    for (const line of lines) {
      if (line.field === '' || line.rule === null) continue; // not checked (DUMMY)
      let c = byField.get(line.field);
      if (!c) byField.set(line.field, (c = { field: line.field, anyOf: [], allOf: [], noneOf: [] }));
      const a = this.atom(object, line.field, line.rule);
      const target = line.operator === 'AND' ? c.allOf : line.operator === 'NOT' ? c.noneOf : c.anyOf;
      if (!target.includes(a)) target.push(a);
    }
    const conditions = [...byField.values()].sort((x, y) => (x.field < y.field ? -1 : x.field > y.field ? 1 : 0));
    for (const c of conditions) for (const list of [c.anyOf, c.allOf, c.noneOf]) list.sort((x, y) => x - y);
    const key = `${object}\u0000${conditions.map((c) => `${c.field}:${c.anyOf}|${c.allOf}|${c.noneOf}`).join('\u0000')}`;
    const known = this.checkIds.get(key);
    if (known !== undefined) return known;
    const id = this.checks.length;
    const positiveAtoms = [...new Set(conditions.flatMap((c) => [...c.anyOf, ...c.allOf]))];
    this.checks.push({ id, object, conditions, positiveAtoms });
    this.checkIds.set(key, id);
    if (positiveAtoms.length === 0) this.plan(object).unconditionalChecks.push(id);
    return id;
  }
}

function activeLines(lines: readonly PermissionLine[]): PermissionLine[] {
  return lines.filter((l) => l.active);
}

/** Groups lines by a key, keeping first-seen order. */
function groupBy<T>(items: readonly T[], key: (t: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

function lineSpecs(lines: readonly PermissionLine[]): LineSpec[] {
  return lines.map((l) => ({ field: l.field.trim(), rule: parseRuleValue(l.low, l.high), operator: l.operator }));
}

/** Compiles the ruleset for one analysis level (DESIGN 5.5–5.9). */
export function compileRuleset(ruleset: Ruleset, options: CompileOptions): CompiledRuleset {
  const c = new RulesetCompiler();
  const startChecks = new Map<string, TcodeCheckRow[][]>();
  for (const [tcode, rows] of groupBy(options.tcodeChecks, (r) => r.tcode).map((g) => [g[0].tcode, g] as const)) {
    startChecks.set(tcode, groupBy(rows, (r) => r.object));
  }
  const actionChecks = new Map<string, number[]>();
  const checksForAction = (action: string): number[] => {
    let ids = actionChecks.get(action);
    if (ids) return ids;
    ids = [c.check('S_TCODE', [{ field: 'TCD', rule: plainRuleValue(action), operator: 'OR' }])];
    for (const objectRows of startChecks.get(action) ?? []) {
      // TSTCA: one check on one instance per object; each listed field value must be
      // covered (the kernel checks every ID it is given); blank values are not checked.
      const lines: LineSpec[] = objectRows.map((r) => {
        const v = normaliseValue(r.value);
        return { field: r.field.trim(), rule: v === '' ? null : parseRuleValue(r.value, ''), operator: 'AND' };
      });
      ids.push(c.check(objectRows[0].object, lines));
    }
    actionChecks.set(action, ids);
    return ids;
  };

  const functions: CompiledFunction[] = [];
  const functionIndex = new Map<string, number>();
  const sid = options.system;
  for (const f of ruleset.functions) {
    const alternatives: Alternative[] = [];
    let lines = activeLines(f.permissions);
    const active = f.actions.filter((a) => a.active);
    let actions = active;
    if (sid !== undefined) {
      lines = lines.filter((l) => countsInSystem(l, sid));
      actions = active.filter((a) => countsInSystem(a, sid));
    }
    const listed = new Set<string>();
    for (const a of actions) {
      // An action listed once per system (5.18) is one alternative: its checks are the same.
      if (listed.has(a.action)) continue;
      listed.add(a.action);
      const checks = [...checksForAction(a.action)];
      const permissionChecks: number[] = [];
      if (options.level === 'permission') {
        // Rule 8: a line with an empty ACTION is function-wide, listed for every active action.
        for (const group of groupBy(
          lines.filter((l) => l.action === a.action || l.action === ''),
          (l) => l.object,
        )) {
          permissionChecks.push(c.check(group[0].object, lineSpecs(group)));
        }
      }
      alternatives.push({
        action: a.action,
        checks: [...new Set([...checks, ...permissionChecks])],
        permissionChecks: [...new Set(permissionChecks)],
      });
    }
    // Only a function with no active action anywhere is met on its lines alone: one whose
    // actions are all bound to other systems is not met here (5.18).
    if (active.length === 0 && options.level === 'permission' && lines.length > 0) {
      const checks = groupBy(lines, (l) => `${l.action}\u0000${l.object}`).map((g) => c.check(g[0].object, lineSpecs(g)));
      alternatives.push({ action: null, checks: [...new Set(checks)], permissionChecks: [...new Set(checks)] });
    }
    functionIndex.set(f.id, functions.length);
    functions.push({ index: functions.length, id: f.id, alternatives });
  }

  const deactivated = new Set(options.deactivatedRiskIds ?? []);
  const risks: CompiledRisk[] = [];
  for (const risk of ruleset.risks) {
    if (!risk.active || deactivated.has(risk.id)) continue;
    if (options.level === 'action' && risk.type === 'CRITICAL_PERMISSION') continue;
    const fs = risk.functionIds.map((id) => functionIndex.get(id));
    if (fs.length === 0 || fs.some((i) => i === undefined)) continue; // cannot be met
    // Org fields constrain permissions only, so they play no part at action level (5.15).
    const orgFields = options.level === 'permission' ? [...new Set((risk.orgFields ?? []).map((f) => f.trim()).filter((f) => f !== ''))] : [];
    risks.push({ index: risks.length, risk, functions: [...new Set(fs as number[])], orgFields });
  }

  const checksByAtom: number[][] = c.atoms.map(() => []);
  for (const check of c.checks) for (const a of check.positiveAtoms) checksByAtom[a].push(check.id);
  const alternativesByLeadCheck: Array<Array<[number, number]> | undefined> = new Array(c.checks.length);
  functions.forEach((f) =>
    f.alternatives.forEach((alt, ai) => {
      const lead = alt.checks[0];
      (alternativesByLeadCheck[lead] ??= []).push([f.index, ai]);
    }),
  );
  const risksByFunction: number[][] = functions.map(() => []);
  for (const r of risks) for (const f of r.functions) risksByFunction[f].push(r.index);

  return {
    atoms: c.atoms,
    checks: c.checks,
    checksByAtom,
    objects: c.objects,
    functions,
    risks,
    alternativesByLeadCheck,
    risksByFunction,
  };
}
