/**
 * AGR_1251 rows from the ids of their values (issue 12): the byte reader hands a row as ids into
 * per-column string lists (table-types.ts, IdRowHandler), so what the row mapper does to a value
 * (trim, intern, the object filter, the ACTVT and DELETED tests) is done once per distinct value
 * of a list and remembered by id; a row then costs a few array reads and its one object. The
 * rows, refusals and warnings are exactly those of the AGR_1251 mapper of extract-row-mappers.ts
 * on the same values, whichever way each row comes.
 */
import { Interner, trim, type TableReader } from './extract-cells.ts';
import { emptyAuth, oneDigit, type MapperContext } from './extract-row-mappers.ts';

/** An AGR_1251 row as ids (IdRowHandler's values from `from` on), mapped into the extract. */
export type IdRowMapper = (ids: Int32Array, from: number, lists: readonly (readonly string[])[], extra: readonly string[], line: number) => void;

/**
 * What a column's mapping makes of each value of a list, by id, made once. Rows of one file come
 * from at most two sets of lists (this thread's splitter, the reading thread's), so the made
 * values are kept per list; a value outside the lists (an empty one, or one beyond their size)
 * is made each time, but for the empty value, made once.
 */
class MadeById<T> {
  private list: readonly string[] | undefined;
  private made: (T | undefined)[] = [];
  private readonly byList = new Map<readonly string[], (T | undefined)[]>();
  private empty: T | undefined;

  constructor(private readonly make: (raw: string) => T) {}

  get(lists: readonly (readonly string[])[], extra: readonly string[], column: number, id: number): T {
    if (id < 0) {
      const raw = extra[-1 - id];
      if (raw.length > 0) return this.make(raw);
      return (this.empty ??= this.make(''));
    }
    const list = lists[column];
    if (list !== this.list) {
      let made = this.byList.get(list);
      if (!made) this.byList.set(list, (made = []));
      this.made = made;
      this.list = list;
    }
    const known = this.made[id];
    return known !== undefined ? known : (this.made[id] = this.make(list[id]));
  }
}

/**
 * The AGR_1251 mapper on ids; undefined for another table (those stay on strings: AGR_USERS and
 * UST04 on ids, measured on L, made no difference that runs of the same code did not make).
 */
export function makeIdMapper(name: string, r: TableReader, ctx: MapperContext): IdRowMapper | undefined {
  if (name !== 'AGR_1251') return undefined;
  const [iRole, iObject, iAuth, iField, iLow, iHigh, iDeleted] = ['AGR_NAME', 'OBJECT', 'AUTH', 'FIELD', 'LOW', 'HIGH', 'DELETED'].map((c) => r.col(c));
  const objects = ctx.objects;
  const q = ctx.quality;
  const roles = q.rolesWithAuthorisations;
  const actvt = q.actvtTally('AGR_1251');
  const out = ctx.extract.roleAuthorisations;
  const columns = ctx.extract.roleAuthorisationColumns;
  // With columns, each made value has its string's index there too, added once per distinct value.
  const at = (s: string): number => (columns ? columns.add(s) : -1);
  // The same interning as the string mapper's: names trimmed (roles into the shared pool), values as read.
  const roleOf = new MadeById(
    ((i) => (raw: string) => {
      const name = i.get(trim(raw));
      return { name, at: at(name) };
    })(new Interner(ctx.pool)),
  );
  const objectOf = new MadeById(
    ((i) => (raw: string) => {
      const object = i.get(trim(raw));
      return { object, kept: objects === undefined || objects.has(object), at: at(object) };
    })(new Interner(new Map())),
  );
  const authOf = new MadeById(
    ((i) => (raw: string) => {
      const name = i.get(trim(raw));
      return { name, at: at(name) };
    })(new Interner(null)),
  );
  const fieldOf = new MadeById(
    ((i) => (raw: string) => {
      const field = i.get(trim(raw));
      return { field, actvt: field === 'ACTVT', at: at(field) };
    })(new Interner(new Map())),
  );
  const lowIntern = new Interner(new Map());
  const highIntern = new Interner(new Map());
  const valueOf = (intern: Interner) => (raw: string) => {
    const value = intern.get(raw);
    return { raw, value, one: oneDigit(raw), at: at(value) };
  };
  const lowOf = new MadeById(valueOf(lowIntern));
  const highOf = new MadeById(valueOf(highIntern));
  const deletedOf = new MadeById((raw: string) => raw.length !== 0 && (raw === 'X' || raw.trim().toUpperCase() === 'X'));
  const noValue = { raw: '', value: '', one: false, at: at('') };
  let lastRole = '';

  return (ids, from, lists, extra, line) => {
    // In the string mapper's order: the empty-AUTH refusal and the ACTVT repair come before the
    // object filter (they concern dropped rows too).
    const authMade = authOf.get(lists, extra, iAuth, ids[from + iAuth]);
    const auth = authMade.name;
    if (auth === '') emptyAuth(r, line, 'AGR_1251');
    const fieldMade = fieldOf.get(lists, extra, iField, ids[from + iField]);
    const { field, actvt: isActvt } = fieldMade;
    const low = lowOf.get(lists, extra, iLow, ids[from + iLow]);
    const high = iHigh < 0 ? noValue : highOf.get(lists, extra, iHigh, ids[from + iHigh]);
    const objectMade = objectOf.get(lists, extra, iObject, ids[from + iObject]);
    const { object, kept } = objectMade;
    const roleMade = roleOf.get(lists, extra, iRole, ids[from + iRole]);
    const role = roleMade.name;
    let lowValue = low.value;
    let highValue = high.value;
    let lowAt = low.at;
    let highAt = high.at;
    if (isActvt && (low.one || high.one)) {
      actvt.add(`${role} ${object} ${auth} ACTVT ${low.raw.trim()} (line ${line})`);
      if (low.one) lowAt = at((lowValue = lowIntern.get(`0${low.raw.trim()}`)));
      if (high.one) highAt = at((highValue = highIntern.get(`0${high.raw.trim()}`)));
    }
    if (!kept) return;
    // Interned: a change of role is a pointer comparison.
    if (role !== lastRole) {
      lastRole = role;
      roles.add(role);
    }
    const deleted = iDeleted < 0 ? false : deletedOf.get(lists, extra, iDeleted, ids[from + iDeleted]);
    if (columns) columns.pushIndexes(roleMade.at, objectMade.at, authMade.at, fieldMade.at, lowAt, highAt, deleted);
    else out.push({ role, object, auth, field, low: lowValue, high: highValue, deleted });
  };
}
