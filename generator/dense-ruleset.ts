import type { Risk, Ruleset } from '../engine/model/ruleset.ts';

/**
 * A dense ruleset for load tests (issue 12, `segra bench` size LD): the shipped ruleset plus
 * one SoD risk for every `stride`-th pair of its functions (in function order), so an L
 * landscape yields about a million findings. Deterministic: it depends on the base ruleset alone.
 */
export function denseRuleset(base: Ruleset, stride = DENSE_PAIR_STRIDE, copies = DENSE_COPIES): Ruleset {
  const active = base.functions.filter((f) => f.actions.length > 0 || f.permissions.length > 0);
  const extra: Risk[] = [];
  let pair = 0;
  for (let i = 0; i < active.length; i++) {
    for (let j = i + 1; j < active.length; j++) {
      if (pair++ % stride !== 0) continue;
      const a = active[i];
      const b = active[j];
      for (let k = 0; k < copies; k++) extra.push({
        id: `DENSE${String(extra.length + 1).padStart(4, '0')}`,
        description: `${a.description} and ${b.description}`,
        type: 'SOD',
        level: (['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const)[extra.length % 4],
        businessProcess: a.businessProcess,
        active: true,
        functionIds: [a.id, b.id],
      });
    }
  }
  return { risks: [...base.risks, ...extra], functions: base.functions };
}

/** Every this-many-th pair of functions becomes a risk: about a million findings on L (seed 1). */
export const DENSE_PAIR_STRIDE = 1;
export const DENSE_COPIES = 4;
