import { coversValue, isFullInterval, isSingleValue, type ValueInterval } from '../authorisation/value-interval.ts';
import type { AuthorisationInstance } from '../landscape/instances.ts';
import type { InstanceMode, PermissionMatch } from '../model/analysis.ts';
import type { Alternative, Check, CompiledRuleset } from '../ruleset/compiled.ts';
import type { SourceEvaluator } from './source-evaluation.ts';
import type { InstanceOverlay, SourceInstanceIndex } from './source-instances.ts';

/** A value row as provenance writes it: `*`, `X*`, `LOW`, or `LOW-HIGH` (HIGH may end in `*`). */
export function valueRowText(iv: ValueInterval): string {
  if (isFullInterval(iv)) return '*';
  if (isSingleValue(iv)) return iv.lo;
  if (iv.hiPrefix && iv.lo === iv.hi) return `${iv.lo}*`;
  return `${iv.lo}-${iv.hi}${iv.hiPrefix ? '*' : ''}`;
}

function coversWitness(inst: AuthorisationInstance, orgFields: readonly string[], witness: readonly string[]): boolean {
  for (let j = 0; j < orgFields.length; j++) {
    const rows = inst.fields.get(orgFields[j]);
    if (rows !== undefined && !rows.some((iv) => coversValue(iv, witness[j]))) return false;
  }
  return true;
}

function matchOf(check: Check, orgFields: readonly string[], key: string, inst: AuthorisationInstance): PermissionMatch {
  const fields: Record<string, string[]> = {};
  for (const c of check.conditions) {
    const rows = inst.fields.get(c.field);
    if (rows) fields[c.field] = rows.map(valueRowText);
  }
  for (const f of orgFields) {
    const rows = inst.fields.get(f);
    if (rows && !(f in fields)) fields[f] = rows.map(valueRowText);
  }
  return { object: inst.object, auth: inst.auth, source: key, fields };
}

export interface ProvenanceContext {
  compiled: CompiledRuleset;
  index: SourceInstanceIndex;
  evaluator: SourceEvaluator;
  mode: InstanceMode;
}

/**
 * Per permission check of the reported alternative, the instance(s) named (DESIGN 5.11).
 * Same-instance: the first instance, in the holder's source order then extract order, that
 * meets the check (for an org-level risk: and covers the witness org values). Union: no single
 * instance meets it, so every instance of the object whose rows satisfy one of the check's
 * values is named (the first one for a check that only asks for an instance).
 * A source's answer for a check without org fields is the same for every holder: it is kept.
 */
export class PermissionProvenance {
  /** Per source, per check id: its first meeting instance as named (null: none). */
  private readonly firstMatch = new Map<string, (PermissionMatch | null | undefined)[]>();

  constructor(private readonly ctx: ProvenanceContext) {}

  private sourceMatch(key: string, checkId: number, overlay?: InstanceOverlay): PermissionMatch | null {
    const simulated = overlay?.has(key) ?? false;
    let byCheck: (PermissionMatch | null | undefined)[] | undefined;
    if (!simulated) {
      byCheck = this.firstMatch.get(key);
      if (!byCheck) this.firstMatch.set(key, (byCheck = []));
      const known = byCheck[checkId];
      if (known !== undefined) return known;
    }
    const check = this.ctx.compiled.checks[checkId];
    const first = this.ctx.index.meetingCheck(key, checkId, check.object, overlay)[0];
    const match = first ? matchOf(check, [], key, first) : null;
    if (byCheck) byCheck[checkId] = match;
    return match;
  }

  matches(
    alt: Alternative,
    keys: readonly string[],
    orgFields: readonly string[],
    witness: readonly string[] | null,
    overlay?: InstanceOverlay,
  ): PermissionMatch[] {
    const out: PermissionMatch[] = [];
    for (const checkId of alt.permissionChecks) {
      if (this.ctx.mode === 'union') this.unionMatches(checkId, keys, orgFields, out, overlay);
      else if (witness === null || orgFields.length === 0) {
        for (const key of keys) {
          const m = this.sourceMatch(key, checkId, overlay);
          if (m) {
            out.push(m);
            break;
          }
        }
      } else this.orgMatch(checkId, keys, orgFields, witness, out, overlay);
    }
    return out;
  }

  private orgMatch(
    checkId: number,
    keys: readonly string[],
    orgFields: readonly string[],
    witness: readonly string[],
    out: PermissionMatch[],
    overlay?: InstanceOverlay,
  ): void {
    const check = this.ctx.compiled.checks[checkId];
    for (const key of keys) {
      for (const inst of this.ctx.index.meetingCheck(key, checkId, check.object, overlay)) {
        if (!coversWitness(inst, orgFields, witness)) continue;
        out.push(matchOf(check, orgFields, key, inst));
        return;
      }
    }
  }

  private unionMatches(checkId: number, keys: readonly string[], orgFields: readonly string[], out: PermissionMatch[], overlay?: InstanceOverlay): void {
    const check = this.ctx.compiled.checks[checkId];
    const existence = check.positiveAtoms.length === 0;
    for (const key of keys) {
      for (const inst of this.ctx.index.ofObject(key, check.object, overlay)) {
        if (!this.ctx.evaluator.instanceFeedsCheck(inst, checkId)) continue;
        out.push(matchOf(check, orgFields, key, inst));
        if (existence) return;
      }
    }
  }
}
