import type { InputWarning } from '../model/controls.ts';
import type { Ruleset } from '../model/ruleset.ts';

const MAX_EXAMPLES = 10;

/**
 * What the amended rule 8 does not evaluate, said instead of dropped: an active permission
 * line whose ACTION is neither empty (function-wide) nor an action of its function, in a
 * function that has active actions (a function without any is met on all its lines, whatever
 * their ACTION). Count = lines; examples `FUNCTION_ID/ACTION/OBJECT`.
 */
export function rulesetWarnings(ruleset: Ruleset): InputWarning[] {
  let count = 0;
  const examples: string[] = [];
  for (const f of ruleset.functions) {
    if (!f.actions.some((a) => a.active)) continue;
    const actions = new Set(f.actions.map((a) => a.action));
    for (const l of f.permissions) {
      if (!l.active || l.action === '' || actions.has(l.action)) continue;
      count++;
      const example = `${f.id}/${l.action}/${l.object}`;
      if (examples.length < MAX_EXAMPLES && !examples.includes(example)) examples.push(example);
    }
  }
  return count === 0 ? [] : [{ code: 'ACTION_NOT_IN_FUNCTION', table: 'FUNCTION_PERMISSIONS', count, examples }];
}
