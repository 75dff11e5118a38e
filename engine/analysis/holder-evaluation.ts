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
  private readonly riskStamp: Int32Array;
  private stamp = 0;

  constructor(
    private readonly compiled: CompiledRuleset,
    private readonly mode: InstanceMode,
  ) {
    this.functionStamp = new Int32Array(compiled.functions.length);
    this.riskStamp = new Int32Array(compiled.risks.length);
    this.riskCount = new Int32Array(compiled.risks.length);
    this.functionsNeeded = new Int32Array(compiled.risks.length);
    // risksByFunction lists a risk under a function as often as the risk names the function.
    compiled.risks.forEach((r, i) => (this.functionsNeeded[i] = r.functions.length));
  }

  private readonly riskCount: Int32Array;
  /** Per risk, how often risksByFunction lists it: all of them counted means every function is met. */
  private readonly functionsNeeded: Int32Array;

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

  /** Indexes of the risks met by a holder with these check bits, in ruleset order. */
  metRisks(checks: Uint32Array): number[] {
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
    // A risk is met when each of its distinct functions is: counted as its functions come up.
    const risks: number[] = [];
    const riskStamp = this.riskStamp;
    const riskCount = this.riskCount;
    const needed = this.functionsNeeded;
    for (const f of metFunctions) {
      const list = c.risksByFunction[f];
      for (let k = 0; k < list.length; k++) {
        const r = list[k];
        let n: number;
        if (riskStamp[r] !== stamp) {
          riskStamp[r] = stamp;
          n = riskCount[r] = 1;
        } else n = ++riskCount[r];
        if (n === needed[r]) risks.push(r);
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
