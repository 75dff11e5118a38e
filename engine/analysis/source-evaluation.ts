import { hasBit, newBitset, setBit } from '../bitset.ts';
import { coversValue, isSingleValue } from '../authorisation/value-interval.ts';
import { rowSatisfies } from '../authorisation/rule-value.ts';
import type { InstanceMode } from '../model/analysis.ts';
import type { Check, CompiledRuleset } from '../ruleset/compiled.ts';
import type { AuthorisationInstance } from '../landscape/instances.ts';

/**
 * Evaluates the instances of one source (a single role or a profile) once, so that holders
 * only OR bit sets together.
 * - same-instance mode: the result has a bit per check met by one of the source's instances;
 *   a holder meets a check when one of its sources does, because one instance suffices (5.6).
 * - union mode: the result has a bit per atom covered by any instance (plus "has an instance
 *   of the object"); every atom is "some row has property P", so a holder's merged values
 *   satisfy an atom exactly when one of its sources does, and checks are decided per holder.
 */
export class SourceEvaluator {
  private readonly atomStamp: Int32Array;
  private readonly checkStamp: Int32Array;
  private stamp = 0;
  private readonly stamped: number[] = [];

  constructor(
    private readonly compiled: CompiledRuleset,
    private readonly mode: InstanceMode,
  ) {
    this.atomStamp = new Int32Array(compiled.atoms.length);
    this.checkStamp = new Int32Array(compiled.checks.length);
  }

  /** The bit set of the source, or null when it meets nothing (shared emptiness costs nothing). */
  evaluate(instances: readonly AuthorisationInstance[] | undefined): Uint32Array | null {
    if (!instances || instances.length === 0) return null;
    const union = this.mode === 'union';
    let bits: Uint32Array | null = null;
    for (const inst of instances) {
      const plan = this.compiled.objects.get(inst.object);
      if (!plan) continue;
      const stamp = ++this.stamp;
      this.stampAtoms(inst, stamp);
      if (union) {
        bits ??= newBitset(this.compiled.atoms.length);
        setBit(bits, plan.existsAtom);
        for (const a of this.stamped) setBit(bits, a);
        continue;
      }
      const test = (checkId: number): void => {
        if (this.checkStamp[checkId] === stamp) return;
        this.checkStamp[checkId] = stamp;
        if (this.instanceMeets(this.compiled.checks[checkId], stamp)) {
          bits ??= newBitset(this.compiled.checks.length);
          setBit(bits, checkId);
        }
      };
      for (const a of this.stamped) for (const c of this.compiled.checksByAtom[a]) test(c);
      for (const c of plan.unconditionalChecks) test(c);
    }
    return bits;
  }

  /** Marks (with `stamp`) every atom of the instance's object that one of its rows satisfies. */
  private stampAtoms(inst: AuthorisationInstance, stamp: number): void {
    const plan = this.compiled.objects.get(inst.object)!;
    const stamped = this.stamped;
    stamped.length = 0;
    const mark = (a: number): void => {
      if (this.atomStamp[a] !== stamp) {
        this.atomStamp[a] = stamp;
        stamped.push(a);
      }
    };
    for (const [field, rows] of inst.fields) {
      const byValue = plan.valueAtoms.get(field);
      const patterns = plan.patternAtoms.get(field);
      if (!byValue && !patterns) continue;
      for (const row of rows) {
        if (byValue) {
          if (isSingleValue(row)) {
            const ids = byValue.get(row.lo);
            if (ids) for (const a of ids) mark(a);
          } else {
            for (const { value, atom } of plan.valueAtomList.get(field)!) if (coversValue(row, value)) mark(atom);
          }
        }
        if (patterns) for (const { rule, atom } of patterns) if (rowSatisfies(rule, row)) mark(atom);
      }
    }
  }

  private instanceMeets(check: Check, stamp: number): boolean {
    const s = this.atomStamp;
    for (const c of check.conditions) {
      if (c.anyOf.length > 0 && !c.anyOf.some((a) => s[a] === stamp)) return false;
      for (const a of c.allOf) if (s[a] !== stamp) return false;
      for (const a of c.noneOf) if (s[a] === stamp) return false;
    }
    return true;
  }
}

/** Union mode: whether merged atom bits of a holder meet a check. */
export function atomsMeet(check: Check, atoms: Uint32Array, existsAtom: number): boolean {
  if (!hasBit(atoms, existsAtom)) return false;
  for (const c of check.conditions) {
    if (c.anyOf.length > 0 && !c.anyOf.some((a) => hasBit(atoms, a))) return false;
    for (const a of c.allOf) if (!hasBit(atoms, a)) return false;
    for (const a of c.noneOf) if (hasBit(atoms, a)) return false;
  }
  return true;
}
