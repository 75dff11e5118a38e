import { hasBit, newBitset, setBit } from '../bitset.ts';
import { coversValue, isSingleValue } from '../authorisation/value-interval.ts';
import { rowSatisfies } from '../authorisation/rule-value.ts';
import type { InstanceMode } from '../model/analysis.ts';
import type { Check, CompiledRuleset, ObjectPlan } from '../ruleset/compiled.ts';
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
    const c = this.compiled;
    const union = this.mode === 'union';
    let bits: Uint32Array | null = null;
    for (const inst of instances) {
      const plan = c.objects.get(inst.object);
      if (!plan) continue;
      const stamp = ++this.stamp;
      this.stampAtoms(inst, plan, stamp);
      if (union) {
        bits ??= newBitset(c.atoms.length);
        setBit(bits, plan.existsAtom);
        for (const a of this.stamped) setBit(bits, a);
        continue;
      }
      // Plain loops, no closures: this runs once per instance of every relevant object.
      for (const a of this.stamped) {
        for (const id of c.checksByAtom[a]) bits = this.testCheck(id, stamp, bits);
      }
      for (const id of plan.unconditionalChecks) bits = this.testCheck(id, stamp, bits);
    }
    return bits;
  }

  /** Whether one instance meets one check by itself (for provenance and org levels, off the hot path). */
  instanceMeetsCheck(inst: AuthorisationInstance, checkId: number): boolean {
    const check = this.compiled.checks[checkId];
    const plan = this.compiled.objects.get(inst.object);
    if (!plan || check.object !== inst.object) return false;
    const stamp = ++this.stamp;
    this.stampAtoms(inst, plan, stamp);
    return this.instanceMeets(check, stamp);
  }

  /** Whether one of the instance's rows satisfies one of the check's positive atoms (union provenance). */
  instanceFeedsCheck(inst: AuthorisationInstance, checkId: number): boolean {
    const check = this.compiled.checks[checkId];
    const plan = this.compiled.objects.get(inst.object);
    if (!plan || check.object !== inst.object) return false;
    if (check.positiveAtoms.length === 0) return true;
    const stamp = ++this.stamp;
    this.stampAtoms(inst, plan, stamp);
    return check.positiveAtoms.some((a) => this.atomStamp[a] === stamp);
  }

  private testCheck(checkId: number, stamp: number, bits: Uint32Array | null): Uint32Array | null {
    if (this.checkStamp[checkId] === stamp) return bits;
    this.checkStamp[checkId] = stamp;
    if (!this.instanceMeets(this.compiled.checks[checkId], stamp)) return bits;
    bits ??= newBitset(this.compiled.checks.length);
    setBit(bits, checkId);
    return bits;
  }

  /** Marks (with `stamp`) every atom of the instance's object that one of its rows satisfies. */
  private stampAtoms(inst: AuthorisationInstance, plan: ObjectPlan, stamp: number): void {
    const stamped = this.stamped;
    const atomStamp = this.atomStamp;
    stamped.length = 0;
    for (const [field, rows] of inst.fields) {
      const byValue = plan.valueAtoms.get(field);
      const patterns = plan.patternAtoms.get(field);
      if (!byValue && !patterns) continue;
      for (const row of rows) {
        if (byValue) {
          if (isSingleValue(row)) {
            const ids = byValue.get(row.lo);
            if (ids) {
              for (const a of ids) {
                if (atomStamp[a] !== stamp) {
                  atomStamp[a] = stamp;
                  stamped.push(a);
                }
              }
            }
          } else {
            for (const { value, atom } of plan.valueAtomList.get(field)!) {
              if (atomStamp[atom] !== stamp && coversValue(row, value)) {
                atomStamp[atom] = stamp;
                stamped.push(atom);
              }
            }
          }
        }
        if (patterns) {
          for (const { rule, atom } of patterns) {
            if (atomStamp[atom] !== stamp && rowSatisfies(rule, row)) {
              atomStamp[atom] = stamp;
              stamped.push(atom);
            }
          }
        }
      }
    }
  }

  private instanceMeets(check: Check, stamp: number): boolean {
    const s = this.atomStamp;
    for (const c of check.conditions) {
      if (c.anyOf.length > 0) {
        let any = false;
        for (const a of c.anyOf) {
          if (s[a] === stamp) {
            any = true;
            break;
          }
        }
        if (!any) return false;
      }
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
