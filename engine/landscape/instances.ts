import { parseValueRow, type ValueInterval } from '../authorisation/value-interval.ts';
import { forEachRoleAuthorisation, type SystemExtract } from '../model/extract.ts';

/** One authorisation instance (source, OBJECT, AUTH): per field, the OR of its value rows (DESIGN 5.3). */
export interface AuthorisationInstance {
  object: string;
  auth: string;
  fields: Map<string, ValueInterval[]>;
}

/** Parsed value rows are shared: extracts repeat the same few (LOW, HIGH) pairs millions of times. */
export class IntervalCache {
  private readonly cache = new Map<string, ValueInterval>();
  get(low: string, high: string): ValueInterval {
    const key = high === '' ? low : `${low}\u0000${high}`;
    let iv = this.cache.get(key);
    if (!iv) this.cache.set(key, (iv = parseValueRow(low, high)));
    return iv;
  }
}

/**
 * Groups value rows into instances. AGR_1251 lists an instance's rows together, so the last
 * instance is remembered and most rows skip the key concatenation and the map look-up.
 */
class InstanceGrouper {
  readonly byAuth = new Map<string, AuthorisationInstance>();
  private last: AuthorisationInstance | null = null;

  add(object: string, auth: string, field: string, iv: ValueInterval | null): void {
    let inst = this.last;
    if (inst === null || inst.object !== object || inst.auth !== auth) {
      const key = `${object}\u0000${auth}`;
      inst = this.byAuth.get(key) ?? null;
      if (inst === null) this.byAuth.set(key, (inst = { object, auth, fields: new Map() }));
      this.last = inst;
    }
    let rows = inst.fields.get(field);
    if (!rows) inst.fields.set(field, (rows = []));
    // A field present without usable rows (an unresolved org level) stays empty: it covers nothing.
    if (iv) rows.push(iv);
  }
}

export type ObjectFilter = (object: string) => boolean;

/**
 * Instances of every role that has AGR_1251 rows, keeping only objects the filter accepts.
 * Rows with DELETED = 'X' are dropped; `$VARBL` values are replaced by the role's AGR_1252
 * rows for that variable (none: the row gives no value).
 */
export function buildRoleInstances(
  extract: SystemExtract,
  accept: ObjectFilter,
  cache: IntervalCache,
  extraRows: readonly { role: string; object: string; auth: string; field: string; low: string; high: string }[] = [],
): Map<string, AuthorisationInstance[]> {
  const orgValues = new Map<string, { low: string; high: string }[]>();
  for (const r of extract.orgLevelValues) {
    const key = `${r.role}\u0000${r.variable.trim()}`;
    const list = orgValues.get(key);
    if (list) list.push(r);
    else orgValues.set(key, [r]);
  }
  const byRole = new Map<string, InstanceGrouper>();
  let lastRole = '';
  let current: InstanceGrouper | undefined;
  const push = (role: string, object: string, auth: string, field: string, low: string, high: string): void => {
    if (role !== lastRole || !current) {
      current = byRole.get(role);
      if (!current) byRole.set(role, (current = new InstanceGrouper()));
      lastRole = role;
    }
    const first = low.charCodeAt(0);
    if (first === 36 /* '$' */ || (first === 32 && low.trimStart().charCodeAt(0) === 36)) {
      const values = orgValues.get(`${role}\u0000${low.trim()}`);
      if (!values || values.length === 0) {
        current.add(object, auth, field, null);
        return;
      }
      for (const v of values) current.add(object, auth, field, cache.get(v.low, v.high));
      return;
    }
    current.add(object, auth, field, cache.get(low, high));
  };
  // The filter's answer for the object of the row before: rows of one object come together.
  let lastObject: string | undefined;
  let accepted = false;
  forEachRoleAuthorisation(extract, (role, object, auth, field, low, high, deleted) => {
    if (object !== lastObject) accepted = accept((lastObject = object));
    if (!deleted && accepted) push(role, object, auth, field, low, high);
  });
  for (const r of extraRows) if (accept(r.object)) push(r.role, r.object, r.auth, r.field, r.low, r.high);
  const out = new Map<string, AuthorisationInstance[]>();
  for (const [role, g] of byRole) out.set(role, [...g.byAuth.values()]);
  return out;
}

/** Instances of every profile with UST10S rows, values from UST12 (DESIGN 5.3 b). */
export function buildProfileInstances(
  extract: SystemExtract,
  accept: ObjectFilter,
  cache: IntervalCache,
): Map<string, AuthorisationInstance[]> {
  const values = new Map<string, { field: string; low: string; high: string }[]>();
  for (const v of extract.authorisationValues) {
    if (!accept(v.object)) continue;
    const key = `${v.object}\u0000${v.auth}`;
    const list = values.get(key);
    if (list) list.push(v);
    else values.set(key, [v]);
  }
  const out = new Map<string, AuthorisationInstance[]>();
  for (const pa of extract.profileAuthorisations) {
    if (!accept(pa.object)) continue;
    const inst: AuthorisationInstance = { object: pa.object, auth: pa.auth, fields: new Map() };
    for (const v of values.get(`${pa.object}\u0000${pa.auth}`) ?? []) {
      let rows = inst.fields.get(v.field);
      if (!rows) inst.fields.set(v.field, (rows = []));
      rows.push(cache.get(v.low, v.high));
    }
    const list = out.get(pa.profile);
    if (list) list.push(inst);
    else out.set(pa.profile, [inst]);
  }
  return out;
}
