import type { AuthorisationInstance } from '../landscape/instances.ts';
import type { SourceEvaluator } from './source-evaluation.ts';

/** Instances of sources that a simulation changed, by source key; they are never cached. */
export type InstanceOverlay = ReadonlyMap<string, readonly AuthorisationInstance[] | undefined>;

/**
 * The instances of each source (`R:role`, `P:profile`) by object and by check met, worked out
 * on first use and kept: provenance (DESIGN 5.11) and org-level risks (5.15) need to know which
 * instance meets a check, which the bit sets of the hot path do not say. Roles are shared by
 * many users, so each (source, check) is evaluated once.
 */
const NONE: readonly AuthorisationInstance[] = Object.freeze([]);

export class SourceInstanceIndex {
  private readonly byObject = new Map<string, Map<string, AuthorisationInstance[]>>();
  /** Per source, per check id: its instances meeting the check (numbers index faster than text keys). */
  private readonly meeting = new Map<string, (AuthorisationInstance[] | undefined)[]>();

  /**
   * @param mayMeet whether a (not simulated) source can have an instance meeting a check at all
   *   (its same-instance bit set says so): most sources are ruled out without looking at them.
   */
  constructor(
    private readonly instancesOf: (key: string) => readonly AuthorisationInstance[] | undefined,
    private readonly evaluator: SourceEvaluator,
    private readonly mayMeet: (key: string, checkId: number) => boolean = () => true,
  ) {}

  private objects(key: string, overlay?: InstanceOverlay): Map<string, AuthorisationInstance[]> {
    const simulated = overlay?.has(key);
    let m = simulated ? undefined : this.byObject.get(key);
    if (m) return m;
    m = new Map();
    for (const inst of (simulated ? overlay!.get(key) : this.instancesOf(key)) ?? []) {
      const list = m.get(inst.object);
      if (list) list.push(inst);
      else m.set(inst.object, [inst]);
    }
    if (!simulated) this.byObject.set(key, m);
    return m;
  }

  /** The source's instances of one object, in extract order. */
  ofObject(key: string, object: string, overlay?: InstanceOverlay): readonly AuthorisationInstance[] {
    return this.objects(key, overlay).get(object) ?? [];
  }

  /** The source's instances that meet the check by themselves (same-instance, DESIGN 5.6), in extract order. */
  meetingCheck(key: string, checkId: number, object: string, overlay?: InstanceOverlay): readonly AuthorisationInstance[] {
    const simulated = overlay?.has(key) ?? false;
    if (!simulated && !this.mayMeet(key, checkId)) return NONE;
    let byCheck: (AuthorisationInstance[] | undefined)[] | undefined;
    if (!simulated) {
      byCheck = this.meeting.get(key);
      if (!byCheck) this.meeting.set(key, (byCheck = []));
      const known = byCheck[checkId];
      if (known) return known;
    }
    const out = this.ofObject(key, object, overlay).filter((i) => this.evaluator.instanceMeetsCheck(i, checkId));
    if (byCheck) byCheck[checkId] = out;
    return out;
  }
}
