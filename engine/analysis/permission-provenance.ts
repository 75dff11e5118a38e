import { coversValue, isFullInterval, isSingleValue, type ValueInterval } from '../authorisation/value-interval.ts';
import type { AuthorisationInstance } from '../landscape/instances.ts';
import type { InstanceMode, PermissionMatch } from '../model/analysis.ts';
import type { Alternative, CompiledRuleset } from '../ruleset/compiled.ts';
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
  return orgFields.every((f, j) => {
    const rows = inst.fields.get(f);
    return rows === undefined || rows.some((iv) => coversValue(iv, witness[j]));
  });
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
 */
export function permissionMatches(
  ctx: ProvenanceContext,
  alt: Alternative,
  keys: readonly string[],
  orgFields: readonly string[],
  witness: readonly string[] | null,
  overlay?: InstanceOverlay,
): PermissionMatch[] {
  const out: PermissionMatch[] = [];
  for (const checkId of alt.permissionChecks) {
    const check = ctx.compiled.checks[checkId];
    const shown = [...new Set([...check.conditions.map((c) => c.field), ...orgFields])];
    const match = (key: string, inst: AuthorisationInstance): PermissionMatch => {
      const fields: Record<string, string[]> = {};
      for (const f of shown) {
        const rows = inst.fields.get(f);
        if (rows) fields[f] = rows.map(valueRowText);
      }
      return { object: inst.object, auth: inst.auth, source: key, fields };
    };
    if (ctx.mode === 'union') {
      const fed: PermissionMatch[] = [];
      for (const key of keys) {
        for (const inst of ctx.index.ofObject(key, check.object, overlay)) {
          if (!ctx.evaluator.instanceFeedsCheck(inst, checkId)) continue;
          fed.push(match(key, inst));
          if (check.positiveAtoms.length === 0) break;
        }
        if (check.positiveAtoms.length === 0 && fed.length > 0) break;
      }
      out.push(...fed);
      continue;
    }
    search: for (const key of keys) {
      for (const inst of ctx.index.meetingCheck(key, checkId, check.object, overlay)) {
        if (witness && !coversWitness(inst, orgFields, witness)) continue;
        out.push(match(key, inst));
        break search;
      }
    }
  }
  return out;
}
