/**
 * Reads a system extract (DESIGN 4.1) from a folder, a .zip, an .xlsx or uploads into a
 * SystemExtract. Every table is streamed; the big ones (AGR_1251, UST12) can be cut down to the
 * authorisation objects a ruleset needs while they stream.
 *
 * Names (users, roles, profiles, objects, fields, tcodes …) are trimmed; authorisation values
 * (AGR_1251 LOW/HIGH, AGR_1252 LOW/HIGH, UST12 VON/BIS, TSTCA VALUE) are kept exactly as read.
 * Repeated strings are interned, so millions of rows share one string per distinct value.
 *
 * Any problem rejects the whole read with an InputError naming the file, line and column.
 */
import { emptyExtract, type SystemExtract } from '../../engine/model/extract.ts';
import { parseDate8, type Date8 } from '../../engine/model/dates.ts';
import { EXTRACT_TABLES, type ExtractTableName } from './extract-tables.ts';
import { InputError, showValue } from './input-error.ts';
import { openTableSource, type SourceTable, type TableSourceInput } from './table-source.ts';

export interface ReadExtractOptions {
  /** Keep only rows of this client (MANDT). Required when the extract holds several clients. */
  client?: string;
  /** When given, AGR_1251, UST10S and UST12 rows of other authorisation objects are dropped. */
  objects?: ReadonlySet<string>;
  /**
   * Read only these tables (e.g. `['TSTCA']` to look at the start checks first); the others are
   * skipped unparsed and the mandatory-table check applies only to the tables listed.
   */
  tables?: readonly string[];
  /** Called as rows are read (every 65,536 rows and at the end of a table), with the rows read so far in it. */
  onProgress?: (p: { table: string; rows: number }) => void;
  /**
   * The extract to fill (an empty one by default). The reader only ever `push`es rows into its
   * tables, so a table may be a sink that passes rows on as they are read (the server's import
   * streams AGR_1251 and UST12 into the database while the rest is still being read).
   */
  into?: SystemExtract;
}

/** Tables with MANDT that are filtered by client; T000 lists the clients and is kept whole. */
const UNFILTERED_BY_CLIENT: ReadonlySet<string> = new Set(['T000']);

export async function readSystemExtract(
  input: TableSourceInput,
  options: ReadExtractOptions = {},
): Promise<SystemExtract> {
  const source = openTableSource(input);
  const extract = options.into ?? emptyExtract();
  const client = options.client?.trim() || undefined;
  const ctx: ReadContext = {
    extract,
    client,
    objects: options.objects,
    onProgress: options.onProgress,
    pool: new Map(),
    clients: new Map(),
    clientRowsSeen: new Map(),
  };
  const only = options.tables ? new Set(options.tables.map((t) => t.trim().toUpperCase())) : undefined;
  const wanted = (name: string): boolean => Object.hasOwn(EXTRACT_TABLES, name) && (!only || only.has(name));
  const seen = new Map<string, string>();
  for await (const table of source.tables({ want: wanted })) {
    const first = seen.get(table.table);
    if (first !== undefined) {
      throw new InputError(`table ${table.table} is given twice (also as ${first}); keep only one of them`, {
        file: table.fileName,
      });
    }
    seen.set(table.table, table.fileName);
    await readTable(table, table.table as ExtractTableName, ctx);
  }
  for (const [name, spec] of Object.entries(EXTRACT_TABLES)) {
    if (spec.mandatory && wanted(name) && !seen.has(name)) {
      throw new InputError(
        `the mandatory table ${name} is missing: expected a file ${name}.csv (or .txt, .tsv) or a sheet ${name}`,
        { file: source.name },
      );
    }
  }
  if (client !== undefined) {
    // A client that matches nothing is most likely a typing error: say which clients exist.
    const users = ctx.clientRowsSeen.get('USR02');
    if (users && users.total > 0 && users.kept === 0) {
      throw new InputError(
        `no user of client ${client} in USR02; the clients found are ${[...users.found].sort().join(', ')}`,
        { file: users.fileName, column: 'MANDT' },
      );
    }
  }
  return extract;
}

// ---------------------------------------------------------------------------------------------

interface ReadContext {
  extract: SystemExtract;
  client: string | undefined;
  objects: ReadonlySet<string> | undefined;
  onProgress: ((p: { table: string; rows: number }) => void) | undefined;
  /** The shared intern pool. */
  pool: Map<string, string>;
  /** Without --client: every MANDT met so far and where it was first met. */
  clients: Map<string, { file: string; line: number }>;
  /** With --client: per table, the rows with a MANDT and how many were kept. */
  clientRowsSeen: Map<string, { fileName: string; total: number; kept: number; found: Set<string> }>;
}

/** `s.trim()`, without the call when there is nothing to trim (the common case, and a hot path). */
function trim(s: string): string {
  const n = s.length;
  if (n === 0) return s;
  const a = s.charCodeAt(0);
  const b = s.charCodeAt(n - 1);
  return a <= 32 || a > 126 || b <= 32 || b > 126 ? s.trim() : s;
}

/** True when every value is empty or blanks. */
function isBlankRow(values: string[]): boolean {
  for (let i = 0; i < values.length; i++) if (trim(values[i]) !== '') return false;
  return true;
}

/**
 * Interns the strings of one column: a one-entry cache (extracts are sorted, so neighbouring
 * rows repeat their role, object, instance …) over a pool. Without a pool only runs of equal
 * values share a string: enough for AGR_1251-AUTH, whose names are unique to a role and whose
 * rows are consecutive, and which would otherwise fill the pool with a million entries.
 */
class Interner {
  private last = '';
  constructor(private readonly pool: Map<string, string> | null) {}
  get(s: string): string {
    if (s.length === 0) return '';
    if (s === this.last) return this.last;
    const pool = this.pool;
    if (pool !== null) {
      const v = pool.get(s);
      if (v === undefined) pool.set(s, s);
      else s = v;
    }
    this.last = s;
    return s;
  }
}

/** Reading one table: column positions, typed cell readers, and the per-row mapper. */
class TableReader {
  readonly columns = new Map<string, number>();
  private line = 0;
  private values: string[] = [];

  constructor(readonly table: SourceTable) {}

  /** Indexes the header; a missing required column, or one given twice, is an error. */
  indexHeader(read: readonly string[], required: readonly string[]): void {
    const wanted = new Set<string>([...read, 'MANDT', 'AKTPS']);
    const { header, headerLine, fileName } = this.table;
    header.forEach((raw, i) => {
      const name = raw.trim().toUpperCase();
      if (!wanted.has(name)) return;
      if (this.columns.has(name)) {
        throw new InputError(`column ${name} appears twice in the header`, {
          file: fileName,
          line: headerLine,
          column: name,
        });
      }
      this.columns.set(name, i);
    });
    for (const column of required) {
      if (!this.columns.has(column)) {
        throw new InputError(
          `the required column ${column} is missing from the header (expected ${required.join(', ')})`,
          { file: fileName, line: headerLine, column },
        );
      }
    }
  }

  col(name: string): number {
    return this.columns.get(name) ?? -1;
  }

  at(values: string[], line: number): void {
    this.line = line;
    this.values = values;
  }

  fail(column: string, problem: string): never {
    throw new InputError(problem, { file: this.table.fileName, line: this.line, column });
  }

  date(i: number, column: string): Date8 | null {
    if (i < 0) return null;
    const text = this.values[i];
    const d = parseDate8(text);
    if (d === undefined) this.fail(column, `expected a date YYYYMMDD or YYYY-MM-DD, got ${showValue(text)}`);
    return d;
  }

  int(i: number, column: string): number | null {
    if (i < 0) return null;
    const text = this.values[i].trim();
    if (text === '') return null;
    if (!/^[+-]?\d+$/.test(text)) this.fail(column, `expected an integer, got ${showValue(this.values[i])}`);
    return Number(text);
  }
}

type RowMapper = (values: string[], line: number) => void;

async function readTable(table: SourceTable, name: ExtractTableName, ctx: ReadContext): Promise<void> {
  const spec = EXTRACT_TABLES[name];
  const r = new TableReader(table);
  r.indexHeader(spec.columns, spec.required);
  const mapper = makeMapper(name, r, ctx);
  const key = r.col(spec.required[0]);

  const iMandt = UNFILTERED_BY_CLIENT.has(name) ? -1 : r.col('MANDT');
  const iAktps = name === 'UST10C' || name === 'UST10S' || name === 'UST12' ? r.col('AKTPS') : -1;
  const client = ctx.client;
  let clientStats: { fileName: string; total: number; kept: number; found: Set<string> } | undefined;
  if (iMandt >= 0 && client !== undefined) {
    clientStats = { fileName: table.fileName, total: 0, kept: 0, found: new Set() };
    ctx.clientRowsSeen.set(name, clientStats);
  }
  /** Set where a second client shows up without --client; rows are then only scanned for the list. */
  let mixedAt: number | undefined;

  const onProgress = ctx.onProgress;
  let count = 0;
  await table.forEachRow((values, line) => {
    if ((++count & 0xffff) === 0 && onProgress) onProgress({ table: name, rows: count });
    // Rows left entirely blank (spreadsheet exports) are skipped.
    if (key >= 0) {
      const k = values[key];
      if ((k.length === 0 || k.charCodeAt(0) <= 32) && isBlankRow(values)) return;
    }
    if (iMandt >= 0) {
      const mandt = trim(values[iMandt]);
      if (clientStats) {
        clientStats.total++;
        if (mandt !== client) {
          clientStats.found.add(mandt);
          return;
        }
        clientStats.kept++;
      } else if (!ctx.clients.has(mandt)) {
        ctx.clients.set(mandt, { file: table.fileName, line });
        if (ctx.clients.size > 1 && mixedAt === undefined) mixedAt = line;
      }
      if (mixedAt !== undefined) return;
    }
    if (iAktps >= 0) {
      const aktps = trim(values[iAktps]);
      if (aktps !== '' && aktps.toUpperCase() !== 'A') return;
    }
    mapper(values, line);
  });
  onProgress?.({ table: name, rows: count });
  if (mixedAt !== undefined) {
    const found = [...ctx.clients.keys()].sort().map((m) => (m === '' ? "''" : m));
    throw new InputError(`the extract holds several clients (MANDT ${found.join(', ')}); choose one with --client`, {
      file: table.fileName,
      line: mixedAt,
      column: 'MANDT',
    });
  }
}

function makeMapper(name: ExtractTableName, r: TableReader, ctx: ReadContext): RowMapper {
  const x = ctx.extract;
  const objects = ctx.objects;
  const c = (column: string): number => r.col(column);
  /** A trimmed name, interned; '' for an absent column. */
  const named = (column: string): ((values: string[]) => string) => {
    const i = c(column);
    if (i < 0) return () => '';
    const intern = new Interner(ctx.pool);
    return (values) => intern.get(trim(values[i]));
  };
  /** A value as read, interned; '' for an absent column. */
  const value = (column: string): ((values: string[]) => string) => {
    const i = c(column);
    if (i < 0) return () => '';
    const intern = new Interner(ctx.pool);
    return (values) => intern.get(values[i]);
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
      return (v) => {
        const obj = object.get(trim(v[iObject]));
        if (objects !== undefined && !objects.has(obj)) return;
        const del = v[iDeleted];
        out.push({
          role: role.get(trim(v[iRole])),
          object: obj,
          auth: auth.get(trim(v[iAuth])),
          field: field.get(trim(v[iField])),
          low: low.get(v[iLow]),
          high: high.get(v[iHigh]),
          deleted: del.length !== 0 && (del === 'X' || del.trim().toUpperCase() === 'X'),
        });
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
      return (v) => {
        const obj = object(v);
        if (objects !== undefined && !objects.has(obj)) return;
        x.profileAuthorisations.push({ profile: profile(v), object: obj, auth: auth(v) });
      };
    }
    case 'UST12': {
      const object = named('OBJCT');
      const auth = named('AUTH');
      const field = named('FIELD');
      const low = value('VON');
      const high = value('BIS');
      return (v) => {
        const obj = object(v);
        if (objects !== undefined && !objects.has(obj)) return;
        x.authorisationValues.push({ object: obj, auth: auth(v), field: field(v), low: low(v), high: high(v) });
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
      return (v) => void x.tcodeChecks.push({ tcode: tcode(v), object: object(v), field: field(v), value: val(v) });
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
