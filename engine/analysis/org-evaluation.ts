import { hasBit } from '../bitset.ts';
import { isSingleValue, type ValueInterval } from '../authorisation/value-interval.ts';
import type { AuthorisationInstance } from '../landscape/instances.ts';
import type { InstanceMode } from '../model/analysis.ts';
import type { Alternative, CompiledRisk, CompiledRuleset } from '../ruleset/compiled.ts';
import type { OrgProblem, OrgProfile } from './org-values.ts';
import type { InstanceOverlay, SourceInstanceIndex } from './source-instances.ts';

/** An instance's rows of each org field; undefined where it lacks the field (DESIGN 5.15: not constrained). */
export function orgProfile(inst: AuthorisationInstance, fields: readonly string[]): OrgProfile {
  return fields.map((f) => inst.fields.get(f));
}

function allMet(alt: Alternative, bits: Uint32Array): boolean {
  for (const id of alt.checks) if (!hasBit(bits, id)) return false;
  return true;
}

const unconstrained = (p: OrgProfile): boolean => p.every((rows) => rows === undefined);

/**
 * Builds the org-level question of one risk for one holder (DESIGN 5.15) from the holder's
 * sources. Only alternatives met without org fields are looked at (org fields only ever take
 * findings away). Same-instance: per permission check, the instances that meet it. Union: per
 * object, one merged instance that has a field when any of the holder's instances has it.
 */
export function orgProblemOf(
  compiled: CompiledRuleset,
  index: SourceInstanceIndex,
  mode: InstanceMode,
  risk: CompiledRisk,
  keys: readonly string[],
  bits: Uint32Array,
  overlay?: InstanceOverlay,
): OrgProblem {
  const fields = risk.orgFields;
  const merged = new Map<string, OrgProfile>();
  const mergedProfile = (object: string): OrgProfile => {
    let p = merged.get(object);
    if (p) return p;
    const rows: (ValueInterval[] | undefined)[] = fields.map(() => undefined);
    for (const key of keys) {
      for (const inst of index.ofObject(key, object, overlay)) {
        fields.forEach((f, j) => {
          const own = inst.fields.get(f);
          if (own) rows[j] = [...(rows[j] ?? []), ...own];
        });
      }
    }
    merged.set(object, (p = rows));
    return p;
  };
  const profilesFor = (checkId: number): OrgProfile[] => {
    const object = compiled.checks[checkId].object;
    if (mode === 'union') return [mergedProfile(object)];
    const out: OrgProfile[] = [];
    for (const key of keys) {
      for (const inst of index.meetingCheck(key, checkId, object, overlay)) {
        const p = orgProfile(inst, fields);
        // An instance without the org fields meets the check at every value: nothing else matters.
        if (unconstrained(p)) return [p];
        out.push(p);
      }
    }
    return out;
  };

  const objects = new Set<string>();
  const functions = risk.functions.map((f) =>
    compiled.functions[f].alternatives.map((alt) => {
      for (const c of alt.permissionChecks) objects.add(compiled.checks[c].object);
      return allMet(alt, bits) ? alt.permissionChecks.map(profilesFor) : null;
    }),
  );

  // What the holder's rows of each org field name, over the objects the risk's permissions check.
  const named = fields.map(() => new Set<string>());
  const lowerEnds = fields.map(() => new Set<string>());
  for (const object of objects) {
    for (const key of keys) {
      for (const inst of index.ofObject(key, object, overlay)) {
        fields.forEach((f, j) => {
          for (const iv of inst.fields.get(f) ?? []) {
            lowerEnds[j].add(iv.lo);
            if (isSingleValue(iv)) named[j].add(iv.lo);
          }
        });
      }
    }
  }
  return { fieldCount: fields.length, functions, named, lowerEnds };
}
