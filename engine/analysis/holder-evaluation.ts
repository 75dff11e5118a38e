import { forEachBit, hasBit, newBitset, orInto, setBit } from '../bitset.ts';
import type { InstanceMode } from '../model/analysis.ts';
import type { Alternative, CompiledRuleset } from '../ruleset/compiled.ts';
import { atomsMeet } from './source-evaluation.ts';

/**
 * Decides which functions and risks a holder meets from the bit sets of its sources
 * (DESIGN 5.8, 5.9). Work per holder is proportional to the checks it meets, not to the
 * size of the ruleset: only alternatives whose first check (the action's S_TCODE) is met
 * are looked at.
 */
export class HolderEvaluator {
  private readonly functionStamp: Int32Array;
  private stamp = 0;

  constructor(
    private readonly compiled: CompiledRuleset,
    private readonly mode: InstanceMode,
  ) {
    this.functionStamp = new Int32Array(compiled.functions.length);
    // Each risk is looked at only when its lead function is met: the one listed in the fewest
    // risks (in a dense ruleset a function is in hundreds), its other functions then checked by
    // stamp, read from flat arrays (no risk object loaded per look).
    const led = compiled.functions.map((): { risk: number; others: number[] }[] => []);
    for (const r of compiled.risks) {
      if (r.functions.length === 0) continue;
      let lead = r.functions[0];
      for (const f of r.functions) if (compiled.risksByFunction[f].length < compiled.risksByFunction[lead].length) lead = f;
      led[lead].push({ risk: r.index, others: r.functions.filter((f) => f !== lead) });
    }
    this.risksByLead = led.map((list) => {
      const starts = new Int32Array(list.length + 1);
      list.forEach((x, k) => (starts[k + 1] = starts[k] + x.others.length));
      return { risks: Int32Array.from(list, (x) => x.risk), starts, others: Int32Array.from(list.flatMap((x) => x.others)) };
    });
  }

  /** Per function, the risks it leads, and each one's other functions: others[starts[k], starts[k + 1]). */
  private readonly risksByLead: { risks: Int32Array; starts: Int32Array; others: Int32Array }[];

  /** The checks a holder meets, from its sources' bit sets. */
  checkBits(sources: Iterable<Uint32Array | null>): Uint32Array {
    const c = this.compiled;
    if (this.mode === 'same-instance') {
      const bits = newBitset(c.checks.length);
      for (const s of sources) if (s) orInto(bits, s);
      return bits;
    }
    const atoms = newBitset(c.atoms.length);
    let any = false;
    for (const s of sources) {
      if (s) {
        orInto(atoms, s);
        any = true;
      }
    }
    const bits = newBitset(c.checks.length);
    if (!any) return bits;
    for (const check of c.checks) {
      if (atomsMeet(check, atoms, c.objects.get(check.object)!.existsAtom)) setBit(bits, check.id);
    }
    return bits;
  }

  /**
   * checkBits of one source standing for all of a holder's: in same-instance mode its bits
   * themselves, not copied (the caller only reads them), or an empty set for null.
   */
  checksOf(source: Uint32Array | null): Uint32Array {
    if (this.mode !== 'same-instance') return this.checkBits([source]);
    return source ?? (this.noChecks ??= newBitset(this.compiled.checks.length));
  }

  private noChecks: Uint32Array | undefined;

  /** Indexes of the risks met by a holder with these check bits, in ruleset order. */
  metRisks(checks: Uint32Array): number[] {
    return this.risksOfStamped(this.stampMetFunctions(checks));
  }

  /** Indexes of the functions met by a holder with these check bits (in no particular order). */
  metFunctions(checks: Uint32Array): number[] {
    return this.stampMetFunctions(checks);
  }

  /**
   * Indexes of the risks whose every function is in `functions`, in ruleset order: a person's
   * functions met across systems (DESIGN 5.18), each possibly in another one.
   */
  risksOfFunctions(functions: Iterable<number>): number[] {
    const stamp = ++this.stamp;
    const list: number[] = [];
    for (const f of functions) {
      if (this.functionStamp[f] === stamp) continue;
      this.functionStamp[f] = stamp;
      list.push(f);
    }
    return this.risksOfStamped(list);
  }

  /** The functions met, each stamped with a new stamp. */
  private stampMetFunctions(checks: Uint32Array): number[] {
    const c = this.compiled;
    const stamp = ++this.stamp;
    const metFunctions: number[] = [];
    forEachBit(checks, (lead) => {
      const alts = c.alternativesByLeadCheck[lead];
      if (!alts) return;
      for (const [f, ai] of alts) {
        if (this.functionStamp[f] === stamp) continue;
        if (allMet(c.functions[f].alternatives[ai], checks)) {
          this.functionStamp[f] = stamp;
          metFunctions.push(f);
        }
      }
    });
    return metFunctions;
  }

  /** The risks met by the functions stamped with the current stamp (listed in `metFunctions`). */
  private risksOfStamped(metFunctions: readonly number[]): number[] {
    const stamp = this.stamp;
    // A risk is met when each of its functions is: asked of the risks each met function leads.
    const risks: number[] = [];
    const stamps = this.functionStamp;
    for (const f of metFunctions) {
      const { risks: led, starts, others } = this.risksByLead[f];
      for (let k = 0; k < led.length; k++) {
        let all = true;
        for (let j = starts[k]; j < starts[k + 1]; j++) {
          if (stamps[others[j]] !== stamp) {
            all = false;
            break;
          }
        }
        if (all) risks.push(led[k]);
      }
    }
    return risks.sort((a, b) => a - b);
  }

  /** The first alternative of a function, in the ruleset's action order, that the holder meets. */
  firstMetAlternative(functionIndex: number, checks: Uint32Array): Alternative | null {
    for (const alt of this.compiled.functions[functionIndex].alternatives) if (allMet(alt, checks)) return alt;
    return null;
  }
}

function allMet(alt: Alternative, checks: Uint32Array): boolean {
  for (const id of alt.checks) if (!hasBit(checks, id)) return false;
  return true;
}
