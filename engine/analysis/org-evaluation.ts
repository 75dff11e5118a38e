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

/** A profile's rows as text: profiles of equal rows are one (roles repeat the same org values). */
function profileText(p: OrgProfile): string {
  let text = '';
  for (const rows of p) {
    if (rows === undefined) text += '\u0001';
    else for (const iv of rows) text += `${iv.lo}\u0002${iv.hi}\u0002${iv.hiPrefix ? 1 : 0}\u0003`;
    text += '\u0004';
  }
  return text;
}

/** One source's rows of one org field over one object: what the candidate values are made of. */
interface FieldRows {
  lowerEnds: string[];
  named: string[];
  /** Every row of the field, for the merged instance of union mode; null when no instance has the field. */
  rows: ValueInterval[] | null;
}

/** One source's org rows over the objects of one risk, per org field. */
interface RiskRows {
  anyField: boolean;
  lowerEnds: string[][];
  named: string[][];
}

/** One source's part in one risk's question: its rows, and its profiles per check id (filled as asked). */
interface SourceOrg {
  key: string;
  rows: RiskRows;
  /** Undefined for a simulated source: its profiles are made each time. */
  byCheck: (OrgProfile[] | undefined)[] | undefined;
}

const NO_FIELD: FieldRows = Object.freeze({ lowerEnds: [], named: [], rows: null });
const NO_ROWS: RiskRows = Object.freeze({ anyField: false, lowerEnds: [], named: [] });

/**
 * Builds the org-level question of one risk for one holder (DESIGN 5.15) from the holder's
 * sources. Only alternatives met without org fields are looked at (org fields only ever take
 * findings away). Same-instance: per permission check, the instances that meet it. Union: per
 * object, one merged instance that has a field when any of the holder's instances has it.
 * What a source contributes is worked out once per source and kept: roles are shared by many
 * users, and only org-level risks pay for any of this.
 */
export class OrgEvaluator {
  /** Per org fields (joined), per source, per check id. */
  private readonly profileCache = new Map<string, Map<string, (OrgProfile[] | undefined)[]>>();
  /** Every profile made, one object per distinct rows: the holder's lists hold each once. */
  private readonly distinctProfiles = new Map<string, OrgProfile>();
  /** Per org fields (joined), each instance's distinct profile: an instance meets many checks. */
  private readonly instanceProfiles = new Map<string, WeakMap<AuthorisationInstance, OrgProfile>>();
  /** Per source, per object, per field. */
  private readonly rowCache = new Map<string, Map<string, Map<string, FieldRows>>>();
  private readonly objectsByRisk = new Map<number, string[]>();
  /** Per risk index, per source: its rows and its profiles per check, found with one lookup per holder and risk. */
  private readonly sourceCache: (Map<string, SourceOrg> | undefined)[] = [];

  /** Per risk index: whether any instance of the landscape has one of its org fields on one of its objects. */
  private orgPossible: boolean[] | null = null;

  /**
   * @param allInstances every source's instances (not simulated ones), scanned once to rule out
   *   org-level risks whose objects never carry their org fields anywhere.
   */
  constructor(
    private readonly compiled: CompiledRuleset,
    private readonly index: SourceInstanceIndex,
    private readonly mode: InstanceMode,
    private readonly allInstances: () => Iterable<readonly AuthorisationInstance[]> = () => [],
  ) {}

  private possible(risk: CompiledRisk): boolean {
    if (!this.orgPossible) {
      const orgRisks = this.compiled.risks.filter((r) => r.orgFields.length > 0);
      const objects = new Set(orgRisks.flatMap((r) => this.objects(r)));
      const fields = [...new Set(orgRisks.flatMap((r) => r.orgFields))];
      const present = new Set<string>();
      for (const list of this.allInstances()) {
        for (const inst of list) {
          if (!objects.has(inst.object)) continue;
          for (const f of fields) if (inst.fields.has(f)) present.add(`${inst.object}\u0000${f}`);
        }
      }
      this.orgPossible = this.compiled.risks.map((r) => this.objects(r).some((o) => r.orgFields.some((f) => present.has(`${o}\u0000${f}`))));
    }
    return this.orgPossible[risk.index];
  }

  /** The objects the risk's permission checks name, over every alternative. */
  private objects(risk: CompiledRisk): string[] {
    let objects = this.objectsByRisk.get(risk.index);
    if (objects) return objects;
    const set = new Set<string>();
    for (const f of risk.functions) {
      for (const alt of this.compiled.functions[f].alternatives) for (const c of alt.permissionChecks) set.add(this.compiled.checks[c].object);
    }
    this.objectsByRisk.set(risk.index, (objects = [...set]));
    return objects;
  }

  /** Per source, per check id, the profiles for the org fields (joined): the cache `profiles` fills. */
  private profilesByField(fields: readonly string[]): Map<string, (OrgProfile[] | undefined)[]> {
    const fieldsKey = fields.length === 1 ? fields[0] : fields.join('\u0000');
    let bySource = this.profileCache.get(fieldsKey);
    if (!bySource) this.profileCache.set(fieldsKey, (bySource = new Map()));
    return bySource;
  }

  /** The instance's profile, the one object of its rows. */
  private distinctProfile(inst: AuthorisationInstance, fields: readonly string[]): OrgProfile {
    const fieldsKey = fields.length === 1 ? fields[0] : fields.join('\u0000');
    let byInstance = this.instanceProfiles.get(fieldsKey);
    if (!byInstance) this.instanceProfiles.set(fieldsKey, (byInstance = new WeakMap()));
    let p = byInstance.get(inst);
    if (p) return p;
    p = orgProfile(inst, fields);
    const text = profileText(p);
    const known = this.distinctProfiles.get(text);
    if (known) p = known;
    else this.distinctProfiles.set(text, p);
    byInstance.set(inst, p);
    return p;
  }

  /** The source's profiles per check id, kept for the org fields `bySource` is for. */
  private checksOf(key: string, bySource: Map<string, (OrgProfile[] | undefined)[]>): (OrgProfile[] | undefined)[] {
    let byCheck = bySource.get(key);
    if (!byCheck) bySource.set(key, (byCheck = []));
    return byCheck;
  }

  /** The profiles of a source's instances meeting a check, an unconstrained one alone when there is one; kept in `byCheck` (undefined: a simulated source, made each time). */
  private profilesIn(
    key: string,
    checkId: number,
    fields: readonly string[],
    byCheck: (OrgProfile[] | undefined)[] | undefined,
    overlay?: InstanceOverlay,
  ): OrgProfile[] {
    const simulated = byCheck === undefined;
    if (byCheck) {
      const known = byCheck[checkId];
      if (known) return known;
    }
    const out: OrgProfile[] = [];
    for (const inst of this.index.meetingCheck(key, checkId, this.compiled.checks[checkId].object, overlay)) {
      const p = orgProfile(inst, fields);
      if (unconstrained(p)) {
        out.length = 0;
        out.push(p);
        break;
      }
      if (simulated) {
        out.push(p);
        continue;
      }
      // "Some profile covers v" is the same with each profile once.
      const known = this.distinctProfile(inst, fields);
      if (!out.includes(known)) out.push(known);
    }
    if (byCheck) byCheck[checkId] = out;
    return out;
  }

  private fieldRows(key: string, object: string, field: string, overlay?: InstanceOverlay): FieldRows {
    const simulated = overlay?.has(key) ?? false;
    let byField: Map<string, FieldRows> | undefined;
    if (!simulated) {
      let byObject = this.rowCache.get(key);
      if (!byObject) this.rowCache.set(key, (byObject = new Map()));
      byField = byObject.get(object);
      if (!byField) byObject.set(object, (byField = new Map()));
      const known = byField.get(field);
      if (known) return known;
    }
    const lowerEnds = new Set<string>();
    const named = new Set<string>();
    let rows: ValueInterval[] | null = null;
    for (const inst of this.index.ofObject(key, object, overlay)) {
      const own = inst.fields.get(field);
      if (!own) continue;
      rows ??= [];
      for (const iv of own) {
        rows.push(iv);
        lowerEnds.add(iv.lo);
        if (isSingleValue(iv)) named.add(iv.lo);
      }
    }
    const out = rows === null ? NO_FIELD : { lowerEnds: [...lowerEnds], named: [...named], rows };
    byField?.set(field, out);
    return out;
  }

  /** One source's org rows over every object the risk checks, per org field (kept by `sourceOrg`). */
  private riskRows(risk: CompiledRisk, key: string, overlay?: InstanceOverlay): RiskRows {
    const fields = risk.orgFields;
    let lowerEnds: Set<string>[] | null = null;
    let named: Set<string>[] | null = null;
    for (const object of this.objects(risk)) {
      for (let j = 0; j < fields.length; j++) {
        const r = this.fieldRows(key, object, fields[j], overlay);
        if (r.rows === null) continue;
        lowerEnds ??= fields.map(() => new Set<string>());
        named ??= fields.map(() => new Set<string>());
        for (const v of r.lowerEnds) lowerEnds[j].add(v);
        for (const v of r.named) named[j].add(v);
      }
    }
    // Most sources have no org rows for a risk's objects: they share one answer.
    const out: RiskRows =
      lowerEnds && named ? { anyField: true, lowerEnds: lowerEnds.map((x) => [...x]), named: named.map((x) => [...x]) } : NO_ROWS;
    return out;
  }

  /**
   * The question for one holder, or null when none of the holder's instances of the objects
   * the risk checks has an org field: then nothing is constrained and the risk holds at every
   * value, named nowhere (the common case of risks on objects without org levels).
   */
  problem(risk: CompiledRisk, keys: readonly string[], bits: Uint32Array, overlay?: InstanceOverlay): OrgProblem | null {
    const fields = risk.orgFields;
    // A simulation may add rows the landscape has nowhere else, so it is always looked at.
    if (!overlay?.size && !this.possible(risk)) return null;
    const bySource = this.profilesByField(fields);
    // Each source's part, looked up once per holder and risk (not once per check).
    const sources = keys.map((key) => this.sourceOrg(risk, key, bySource, overlay));
    // What the holder's rows of each org field name, over the objects the risk's permissions check.
    let named: Set<string>[] | null = null;
    let lowerEnds: Set<string>[] | null = null;
    for (const { rows } of sources) {
      if (!rows.anyField) continue;
      named ??= fields.map(() => new Set<string>());
      lowerEnds ??= fields.map(() => new Set<string>());
      for (let j = 0; j < fields.length; j++) {
        for (const v of rows.lowerEnds[j]) lowerEnds[j].add(v);
        for (const v of rows.named[j]) named[j].add(v);
      }
    }
    if (!named || !lowerEnds) return null;
    const merged = new Map<string, OrgProfile>();
    const mergedProfile = (object: string): OrgProfile => {
      let p = merged.get(object);
      if (p) return p;
      p = fields.map((f) => {
        let rows: ValueInterval[] | undefined;
        for (const key of keys) {
          const own = this.fieldRows(key, object, f, overlay).rows;
          if (own) rows = rows ? rows.concat(own) : own;
        }
        return rows;
      });
      merged.set(object, p);
      return p;
    };
    // A check may be listed for several actions (function-wide lines): its profiles are made once.
    const byCheck = new Map<number, OrgProfile[]>();
    const profilesFor = (checkId: number): OrgProfile[] => {
      if (this.mode === 'union') return [mergedProfile(this.compiled.checks[checkId].object)];
      const known = byCheck.get(checkId);
      if (known) return known;
      let out: OrgProfile[] | null = null;
      let seen: Set<OrgProfile> | null = null;
      let copied = false;
      for (const source of sources) {
        const ps = this.profilesIn(source.key, checkId, fields, source.byCheck, overlay);
        if (ps.length === 0) continue;
        // An instance without the org fields meets the check at every value: nothing else matters.
        if (unconstrained(ps[0])) {
          out = ps;
          break;
        }
        // The first source's list as it is; a copy only when a second source adds to it.
        if (out === null) {
          out = ps;
          continue;
        }
        if (copied === false) {
          out = [...out];
          copied = true;
        }
        // A check has a few distinct profiles: a scan beats a Set until there are many.
        if (seen === null && out.length + ps.length > 16) seen = new Set(out);
        for (const p of ps) {
          if (seen ? seen.has(p) : out.includes(p)) continue;
          seen?.add(p);
          out.push(p);
        }
      }
      const list = out ?? [];
      byCheck.set(checkId, list);
      return list;
    };
    const functions = risk.functions.map((f) =>
      this.compiled.functions[f].alternatives.map((alt) => (allMet(alt, bits) ? alt.permissionChecks.map(profilesFor) : null)),
    );
    return { fieldCount: fields.length, functions, named, lowerEnds };
  }

  /** One source's part in a risk's question: kept per risk and source, made afresh for a simulated source. */
  private sourceOrg(risk: CompiledRisk, key: string, bySource: Map<string, (OrgProfile[] | undefined)[]>, overlay?: InstanceOverlay): SourceOrg {
    if (overlay?.has(key)) return { key, rows: this.riskRows(risk, key, overlay), byCheck: undefined };
    let byKey = this.sourceCache[risk.index];
    if (!byKey) this.sourceCache[risk.index] = byKey = new Map();
    let source = byKey.get(key);
    if (!source) byKey.set(key, (source = { key, rows: this.riskRows(risk, key), byCheck: this.checksOf(key, bySource) }));
    return source;
  }
}
