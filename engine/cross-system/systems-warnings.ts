import type { InputWarning } from '../model/controls.ts';
import type { Ruleset } from '../model/ruleset.ts';
import type { SystemExtract } from '../model/extract.ts';
import type { UserMapping } from './analyse-systems.ts';

const MAX_EXAMPLES = 10;

/** A warning of `count` with up to ten distinct examples, or none. */
function warning(code: string, table: string, count: number, examples: Iterable<string>): InputWarning[] {
  return count === 0 ? [] : [{ code, table, count, examples: [...new Set(examples)].slice(0, MAX_EXAMPLES) }];
}

/**
 * What a cross-system analysis (DESIGN 5.18) accepts but cannot use, said instead of dropped:
 * ruleset rows bound to a system that is not analysed (they never count: SYSTEM_NOT_ANALYSED,
 * count = rows, examples `FUNCTION_ID/ACTION@SYSTEM`), user mapping rows naming a system not
 * analysed (USER_MAP_SYSTEM_NOT_ANALYSED) or a user that system's USR02 lacks
 * (USER_MAP_USER_UNKNOWN; count = rows, examples `SID/BNAME`). Only each system's users are
 * read, so the server's analysis thread can keep them after the rest of an extract is gone.
 */
export function systemsWarnings(systems: readonly { sid: string; extract: Pick<SystemExtract, 'users'> }[], ruleset: Ruleset, userMap: readonly UserMapping[], mapTable = 'USER_MAP'): InputWarning[] {
  const sids = new Set(systems.map((s) => s.sid));
  const actions: string[] = [];
  const lines: string[] = [];
  for (const f of ruleset.functions) {
    for (const a of f.actions) if (a.system && !sids.has(a.system)) actions.push(`${f.id}/${a.action}@${a.system}`);
    for (const l of f.permissions) if (l.system && !sids.has(l.system)) lines.push(`${f.id}/${l.action}/${l.object}@${l.system}`);
  }
  const users = new Map(systems.map((s) => [s.sid, new Set(s.extract.users.map((u) => u.bname))]));
  const noSystem: string[] = [];
  const noUser: string[] = [];
  for (const m of userMap) {
    const known = users.get(m.system);
    if (!known) noSystem.push(`${m.system}/${m.bname}`);
    else if (!known.has(m.bname)) noUser.push(`${m.system}/${m.bname}`);
  }
  return [
    ...warning('SYSTEM_NOT_ANALYSED', 'FUNCTION_ACTIONS', actions.length, actions),
    ...warning('SYSTEM_NOT_ANALYSED', 'FUNCTION_PERMISSIONS', lines.length, lines),
    ...warning('USER_MAP_SYSTEM_NOT_ANALYSED', mapTable, noSystem.length, noSystem),
    ...warning('USER_MAP_USER_UNKNOWN', mapTable, noUser.length, noUser),
  ];
}
