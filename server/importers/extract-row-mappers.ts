/**
 * The per-table row mappers of the system extract reader: for each SAP table, a function that
 * turns one row's values into the extract's model and pushes it into the matching table of the
 * SystemExtract. Names are trimmed and interned, authorisation values are interned as read,
 * free texts are trimmed only; AGR_1251, UST10S and UST12 rows of authorisation objects outside
 * the wanted set are dropped here. Column positions and interners are resolved once per table,
 * when its mapper is made, not per row.
 */
import type { SystemExtract } from '../../engine/model/extract.ts';
import { Interner, trim, type TableReader } from './extract-cells.ts';
import type { ExtractQuality } from './extract-quality.ts';
import type { ExtractTableName } from './extract-tables.ts';
import { InputError } from './input-error.ts';

/** `pooled`: the values are the shared pool's own strings already (RowHandler). */
export type RowMapper = (values: string[], line: number, pooled?: boolean) => void;

/** What the mappers need of the read: where rows go, the object filter and the intern pool. */
export interface MapperContext {
  extract: SystemExtract;
  objects: ReadonlySet<string> | undefined;
  /** The shared intern pool. */
  pool: Map<string, string>;
  /** What the read notices besides the rows (warnings, keys the joined warnings need). */
  quality: ExtractQuality;
}

/**
 * An ACTVT value of one digit is `0n` that Excel read as a number (DESIGN 4.1a): SAP's
 * activities are two characters. Restored to two digits, and counted for
 * ACTVT_LEADING_ZERO_LOST, so the warning says what was repaired.
 */
export function oneDigit(v: string): boolean {
  // A hot path (every ACTVT row): no trim, no allocation.
  const n = v.length;
  if (n === 0 || n > 3) return false;
  let digits = 0;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c !== 32) return false;
  }
  return digits === 1;
}

/** Without the authorisation's name, instances cannot be kept apart (DESIGN 4.1a): refused. */
export function emptyAuth(r: TableReader, line: number, table: string): never {
  throw new InputError(
    `the authorisation name (AUTH) is empty: ${table} rows cannot be grouped into authorisations without it; export the table with its AUTH values`,
    { file: r.table.fileName, line, column: 'AUTH' },
  );
}

export function makeMapper(name: ExtractTableName, r: TableReader, ctx: MapperContext): RowMapper {
  // Whether the row being mapped came pooled: then a name or value needs no look-up in the pool
  // (issue 12: on L, a third of reading AGR_USERS was that look-up, for values the byte splitter
  // had already taken from the pool once per distinct value).
  let pooledRow = false;
  const map = rowMapper(name, r, ctx, () => pooledRow);
  return (values, line, pooled) => {
    pooledRow = pooled === true;
    map(values, line);
  };
}

function rowMapper(name: ExtractTableName, r: TableReader, ctx: MapperContext, pooledRow: () => boolean): RowMapper {
  const x = ctx.extract;
  const objects = ctx.objects;
  const c = (column: string): number => r.col(column);
  /** A trimmed name, interned; '' for an absent column. */
  const named = (column: string): ((values: string[]) => string) => {
    const i = c(column);
    if (i < 0) return () => '';
    const intern = new Interner(ctx.pool);
    return (values) => {
      const v = values[i];
      const t = trim(v);
      // trim gives the value itself when there is nothing to trim: then a pooled value is the pool's.
      return t === v && pooledRow() ? v : intern.get(t);
    };
  };
  /** A value as read, interned; '' for an absent column. */
  const value = (column: string): ((values: string[]) => string) => {
    const i = c(column);
    if (i < 0) return () => '';
    const intern = new Interner(ctx.pool);
    return (values) => (pooledRow() ? values[i] : intern.get(values[i]));
  };
  /** A free text (descriptions, names of persons): trimmed, not interned. */
  const text = (column: string): ((values: string[]) => string) => {
    const i = c(column);
    return i < 0 ? () => '' : (values) => trim(values[i]);
  };

  switch (name) {
    case 'USR02': {
      const bname = named('BNAME');
      const ustyp = named('USTYP');
      const cls = named('CLASS');
      const codvn = named('CODVN');
      const [iUflag, iPwd, iGltgv, iGltgb, iTrdat, iErdat] = [
        'UFLAG',
        'PWDSTATE',
        'GLTGV',
        'GLTGB',
        'TRDAT',
        'ERDAT',
      ].map(c);
      return (v, line) => {
        r.at(v, line);
        x.users.push({
          bname: bname(v),
          ustyp: ustyp(v),
          uflag: r.int(iUflag, 'UFLAG') ?? 0,
          validFrom: r.date(iGltgv, 'GLTGV'),
          validTo: r.date(iGltgb, 'GLTGB'),
          lastLogon: r.date(iTrdat, 'TRDAT'),
          userGroup: cls(v),
          codvn: codvn(v),
          pwdState: r.int(iPwd, 'PWDSTATE'),
          createdOn: r.date(iErdat, 'ERDAT'),
        });
      };
    }
    case 'AGR_USERS': {
      const role = named('AGR_NAME');
      const user = named('UNAME');
      const iFrom = c('FROM_DAT');
      const iTo = c('TO_DAT');
      return (v, line) => {
        r.at(v, line);
        x.roleAssignments.push({
          role: role(v),
          user: user(v),
          from: r.date(iFrom, 'FROM_DAT'),
          to: r.date(iTo, 'TO_DAT'),
        });
      };
    }
    case 'AGR_1251': {
      // The hot path: up to millions of rows. Inlined reads, object filter first.
      const [iRole, iObject, iAuth, iField, iLow, iHigh, iDeleted] = [
        'AGR_NAME',
        'OBJECT',
        'AUTH',
        'FIELD',
        'LOW',
        'HIGH',
        'DELETED',
      ].map(c);
      const role = new Interner(ctx.pool);
      const object = new Interner(new Map());
      const auth = new Interner(null);
      const field = new Interner(new Map());
      const low = new Interner(new Map());
      const high = new Interner(new Map());
      const out = x.roleAuthorisations;
      const columns = x.roleAuthorisationColumns;
      const q = ctx.quality;
      const roles = q.rolesWithAuthorisations;
      const actvt = q.actvtTally('AGR_1251');
      let lastRole = '';
      return (v, line) => {
        // Before the object filter, and cheap for the rows it drops: the empty-AUTH refusal and
        // the ACTVT repair look at the raw values. The roles of dropped rows are not gathered
        // here (comparing every row's role costs more than the rest of the row): see
        // rolesOfDroppedRows in extract-reader.ts.
        const rawRole = v[iRole];
        const rawAuth = v[iAuth];
        if (rawAuth.length === 0 || (rawAuth.charCodeAt(0) <= 32 && trim(rawAuth) === ''))
          emptyAuth(r, line, 'AGR_1251');
        const rawField = v[iField];
        let lowValue = v[iLow];
        let highValue = iHigh < 0 ? '' : v[iHigh];
        if (
          (rawField.length === 5 ? rawField === 'ACTVT' : rawField.length > 5 && trim(rawField) === 'ACTVT') &&
          (oneDigit(lowValue) || oneDigit(highValue))
        ) {
          actvt.add(`${trim(rawRole)} ${trim(v[iObject])} ${trim(rawAuth)} ACTVT ${lowValue.trim()} (line ${line})`);
          if (oneDigit(lowValue)) lowValue = `0${lowValue.trim()}`;
          if (oneDigit(highValue)) highValue = `0${highValue.trim()}`;
        }
        const obj = object.get(trim(v[iObject]));
        if (objects !== undefined && !objects.has(obj)) return;
        const del = iDeleted < 0 ? '' : v[iDeleted];
        const roleName = role.get(trim(rawRole));
        // Interned: a change of role is a pointer comparison.
        if (roleName !== lastRole) {
          lastRole = roleName;
          roles.add(roleName);
        }
        const row = {
          role: roleName,
          object: obj,
          auth: auth.get(trim(rawAuth)),
          field: field.get(trim(rawField)),
          low: low.get(lowValue),
          high: high.get(highValue),
          deleted: del.length !== 0 && (del === 'X' || del.trim().toUpperCase() === 'X'),
        };
        if (columns) columns.push(row.role, row.object, row.auth, row.field, row.low, row.high, row.deleted);
        else out.push(row);
      };
    }
    case 'AGR_DEFINE': {
      const role = named('AGR_NAME');
      const parent = named('PARENT_AGR');
      return (v) => void x.roleDefinitions.push({ role: role(v), parent: parent(v) });
    }
    case 'AGR_AGRS': {
      const role = named('AGR_NAME');
      const child = named('CHILD_AGR');
      return (v) => void x.compositeRoles.push({ role: role(v), child: child(v) });
    }
    case 'AGR_1252': {
      const role = named('AGR_NAME');
      const variable = named('VARBL');
      const low = value('LOW');
      const high = value('HIGH');
      return (v) => void x.orgLevelValues.push({ role: role(v), variable: variable(v), low: low(v), high: high(v) });
    }
    case 'AGR_TEXTS': {
      const role = named('AGR_NAME');
      const t = text('TEXT');
      return (v) => void x.roleTexts.push({ role: role(v), text: t(v) });
    }
    case 'AGR_1016': {
      const role = named('AGR_NAME');
      const profile = named('PROFILE');
      return (v) => void x.roleProfiles.push({ role: role(v), profile: profile(v) });
    }
    case 'UST04': {
      const user = named('BNAME');
      const profile = named('PROFILE');
      return (v) => void x.userProfiles.push({ user: user(v), profile: profile(v) });
    }
    case 'UST10C': {
      const profile = named('PROFN');
      const sub = named('SUBPROF');
      return (v) => void x.subProfiles.push({ profile: profile(v), subProfile: sub(v) });
    }
    case 'UST10S': {
      const profile = named('PROFN');
      const object = named('OBJCT');
      const auth = named('AUTH');
      const keys = ctx.quality.profileAuthorisations;
      return (v, line) => {
        const obj = object(v);
        const a = auth(v);
        if (a.length === 0) emptyAuth(r, line, 'UST10S');
        const p = profile(v);
        let set = keys.get(p);
        if (!set) keys.set(p, (set = new Set()));
        set.add(`${obj}\0${a}`);
        if (objects !== undefined && !objects.has(obj)) return;
        x.profileAuthorisations.push({ profile: p, object: obj, auth: a });
      };
    }
    case 'UST12': {
      const object = named('OBJCT');
      const auth = named('AUTH');
      const field = named('FIELD');
      const low = value('VON');
      const high = value('BIS');
      const valued = ctx.quality.authorisationsWithValues;
      const actvt = ctx.quality.actvtTally('UST12');
      return (v, line) => {
        const obj = object(v);
        const a = auth(v);
        if (a.length === 0) emptyAuth(r, line, 'UST12');
        valued.add(`${obj}\0${a}`);
        const f = field(v);
        let lo = low(v);
        let hi = high(v);
        if (f === 'ACTVT' && (oneDigit(lo) || oneDigit(hi))) {
          actvt.add(`${obj} ${a} ACTVT ${lo.trim()} (line ${line})`);
          if (oneDigit(lo)) lo = `0${lo.trim()}`;
          if (oneDigit(hi)) hi = `0${hi.trim()}`;
        }
        if (objects !== undefined && !objects.has(obj)) return;
        x.authorisationValues.push({ object: obj, auth: a, field: f, low: lo, high: hi });
      };
    }
    case 'USREFUS': {
      const user = named('BNAME');
      const ref = named('REFUSER');
      return (v) => void x.referenceUsers.push({ user: user(v), referenceUser: ref(v) });
    }
    case 'USR06': {
      const user = named('BNAME');
      const lic = named('LIC_TYPE');
      return (v) => void x.licenceTypes.push({ user: user(v), licenceType: lic(v) });
    }
    case 'USER_ADDR': {
      const user = named('BNAME');
      const first = text('NAME_FIRST');
      const last = text('NAME_LAST');
      const full = text('NAME_TEXTC');
      const dept = named('DEPARTMENT');
      const mail = text('SMTP_ADDR');
      return (v) =>
        void x.userAddresses.push({
          user: user(v),
          firstName: first(v),
          lastName: last(v),
          fullName: full(v),
          department: dept(v),
          email: mail(v),
        });
    }
    case 'TSTCT': {
      const tcode = named('TCODE');
      const t = text('TTEXT');
      return (v) => void x.tcodeTexts.push({ tcode: tcode(v), text: t(v) });
    }
    case 'TSTCA': {
      const tcode = named('TCODE');
      const object = named('OBJCT');
      const field = named('FIELD');
      const val = value('VALUE');
      const actvt = ctx.quality.actvtTally('TSTCA');
      return (v, line) => {
        const f = field(v);
        let value1 = val(v);
        if (f === 'ACTVT' && oneDigit(value1)) {
          actvt.add(`${tcode(v)} ${object(v)} ACTVT ${value1.trim()} (line ${line})`);
          value1 = `0${value1.trim()}`;
        }
        x.tcodeChecks.push({ tcode: tcode(v), object: object(v), field: f, value: value1 });
      };
    }
    case 'CVERS': {
      const component = named('COMPONENT');
      const release = named('RELEASE');
      const ext = named('EXTRELEASE');
      return (v) => void x.components.push({ component: component(v), release: release(v), extRelease: ext(v) });
    }
    case 'T000': {
      const mandt = named('MANDT');
      const category = named('CCCATEGORY');
      const rec = named('CCCORACTIV');
      const cross = named('CCNOCLIIND');
      return (v) =>
        void x.clients.push({
          client: mandt(v),
          category: category(v),
          changeRecording: rec(v),
          crossClientChanges: cross(v),
        });
    }
    default: {
      const never: never = name;
      throw new Error(`no reader for table ${String(never)}`);
    }
  }
}
