import { parseCopyField } from '../db/copy-text.ts';
import type { Database } from '../db/database.ts';
import { needsFileOrder } from '../periods/extract-decoder.ts';
import { PERIOD_TABLES } from '../../contracts/period-tables.ts';
import { UUID_PATTERN as UUID } from '../../contracts/ids.ts';


const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const sqlList = (values: Iterable<string>): string => {
  const list = [...new Set(values)].map(sqlString).join(', ');
  return list ? `(${list})` : '(NULL)';
};

/** Who is simulated and which roles the simulation names (SimulationAsk's holder and role lists). */
export interface SliceAsk {
  user?: string;
  role?: string;
  addRoles: readonly string[];
  removeRoles: readonly string[];
}

export interface HolderSlice {
  /** The roles the ask names that the period knows (in AGR_DEFINE, AGR_AGRS, AGR_1251 or AGR_USERS). */
  knownRoles: string[];
  /** Rows read, per SAP table. */
  rows: Record<string, number>;
}

/**
 * The rows of a stored extract that one simulation can look at (DESIGN 5.14): the holder's USR02
 * record, assignments and profiles, its reference user's, every role reachable from its
 * assigned roles and from the roles the simulation names (through AGR_AGRS, loops included),
 * those roles' AGR_1251 rows of the objects the ruleset needs, AGR_1252, AGR_1016, and the
 * profile tree with its UST10S and UST12 rows. One statement reads them all, each table by
 * index (migration 0025; the import gives the planner statistics, extract-store.ts
 * analyzeImport), so a simulation on a 5-million-row period reads hundreds of rows, not
 * millions, and nothing of the period is held in memory between simulations. What the engine
 * finds for the holder on this slice is exactly what it finds on the whole period: the
 * evaluation of one holder reads only these rows (tests/server/reports/holder-slice.test.ts
 * compares both).
 *
 * Rows come as COPY text, in the columns ExtractDecoder reads (seq last where file order
 * matters), handed to `onChunk` for the thread that evaluates.
 */
export async function readHolderSlice(
  db: Database,
  importId: string,
  ask: SliceAsk,
  objects: ReadonlySet<string>,
  onChunk: (sapName: string, bytes: Uint8Array) => void,
): Promise<HolderSlice> {
  return readSlice(db, importId, ask, objects, onChunk);
}

// The widest table (USR02: ten columns) with its `seq`.
const WIDTH = 11;

async function readSlice(
  db: Database,
  importId: string,
  ask: SliceAsk,
  objects: ReadonlySet<string>,
  onChunk: (sapName: string, bytes: Uint8Array) => void,
): Promise<HolderSlice> {
  if (!UUID.test(importId)) throw new Error('readHolderSlice: importId must be a uuid');
  const imp = `import_id = ${sqlString(importId)}`;
  const objectList = sqlList(objects);
  const named = [...new Set([...(ask.role !== undefined ? [ask.role] : []), ...ask.addRoles, ...ask.removeRoles])];
  const namedArray = `ARRAY[${named.map(sqlString).join(', ')}]::text[]`;
  const userArray = `ARRAY[${ask.user !== undefined ? sqlString(ask.user) : ''}]::text[]`;

  // `= ANY (ARRAY(…))` rather than `IN (SELECT …)`: the planner then looks each name up by
  // index instead of joining with a scan of the import's millions of rows.
  // One statement, one round trip: the users (the simulated one and its reference user, once,
  // DESIGN 5.3c), the role tree (roles assigned to them whatever the dates, the engine filters
  // them; the roles the simulation names; everything below through AGR_AGRS), the profile tree,
  // then each table's rows of them, tagged with the table. A role named that the period knows
  // only from elsewhere (another user's assignment) comes as a KNOWN line.
  const select = (sapName: string, where: string): string => {
    const spec = PERIOD_TABLES.find((t) => t.sapName === sapName)!;
    const fields = spec.columns.map((c) => (c.type === 'bool' ? `CASE WHEN "${c.column}" THEN 't' ELSE 'f' END` : `"${c.column}"::text`));
    while (fields.length < WIDTH) fields.push('NULL');
    return `SELECT ${sqlString(sapName)} AS t, seq, ${fields.join(', ')} FROM "${spec.table}" WHERE ${imp} AND ${where}`;
  };
  const nulls = Array.from({ length: WIDTH - 1 }, () => 'NULL').join(', ');
  const sql = `WITH RECURSIVE
    u(name) AS (SELECT unnest(${userArray}) UNION SELECT refuser FROM sap_usrefus WHERE ${imp} AND bname = ANY (${userArray})),
    roles(role) AS (
      SELECT agr_name FROM sap_agr_users WHERE ${imp} AND uname = ANY (ARRAY(SELECT name FROM u))
      UNION SELECT unnest(${namedArray})
      UNION SELECT a.child_agr FROM sap_agr_agrs a JOIN roles r ON a.agr_name = r.role WHERE a.${imp}
    ),
    profiles(profile) AS (
      SELECT profile FROM sap_ust04 WHERE ${imp} AND bname = ANY (ARRAY(SELECT name FROM u))
      UNION SELECT c.subprof FROM sap_ust10c c JOIN profiles p ON c.profn = p.profile WHERE c.${imp}
    )
    ${select('USR02', 'bname = ANY (ARRAY(SELECT name FROM u))')}
    UNION ALL ${select('USREFUS', 'bname = ANY (ARRAY(SELECT name FROM u))')}
    UNION ALL ${select('AGR_USERS', 'uname = ANY (ARRAY(SELECT name FROM u))')}
    UNION ALL ${select('AGR_AGRS', 'agr_name = ANY (ARRAY(SELECT role FROM roles))')}
    UNION ALL ${select('AGR_DEFINE', 'agr_name = ANY (ARRAY(SELECT role FROM roles))')}
    UNION ALL ${select('AGR_1251', `agr_name = ANY (ARRAY(SELECT role FROM roles)) AND object IN ${objectList}`)}
    UNION ALL ${select('AGR_1252', 'agr_name = ANY (ARRAY(SELECT role FROM roles))')}
    UNION ALL ${select('UST04', 'bname = ANY (ARRAY(SELECT name FROM u))')}
    UNION ALL ${select('AGR_1016', 'profile = ANY (ARRAY(SELECT profile FROM profiles))')}
    UNION ALL ${select('UST10C', 'profn = ANY (ARRAY(SELECT profile FROM profiles))')}
    UNION ALL ${select('UST10S', `profn = ANY (ARRAY(SELECT profile FROM profiles)) AND objct IN ${objectList}`)}
    UNION ALL ${select(
      'UST12',
      `objct IN ${objectList} AND (objct, auth) IN (SELECT objct, auth FROM sap_ust10s s WHERE s.${imp} AND s.profn = ANY (ARRAY(SELECT profile FROM profiles)) AND s.objct IN ${objectList})`,
    )}
    UNION ALL SELECT 'KNOWN', 0, r, ${nulls} FROM unnest(${namedArray}) AS r
      WHERE EXISTS (SELECT 1 FROM sap_agr_define d WHERE d.${imp} AND d.agr_name = r)
         OR EXISTS (SELECT 1 FROM sap_agr_agrs a WHERE a.${imp} AND (a.agr_name = r OR a.child_agr = r))
         OR EXISTS (SELECT 1 FROM sap_agr_1251 v WHERE v.${imp} AND v.agr_name = r)
         OR EXISTS (SELECT 1 FROM sap_agr_users x WHERE x.${imp} AND x.agr_name = r)
    ORDER BY 1, 2`;

  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of db.copyOut(sql)) {
    parts.push(part);
    size += part.length;
  }
  const text = new TextDecoder().decode(joinBytes(parts, size));
  // Each line: table, seq, the table's columns, padding. ExtractDecoder reads the columns, and
  // `seq` after them where file order matters.
  const lines = new Map<string, string[]>();
  const knownRoles: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const fields = line.split('\t');
    const table = fields[0];
    if (table === 'KNOWN') {
      knownRoles.push(parseCopyField(fields[2])!);
      continue;
    }
    const spec = PERIOD_TABLES.find((t) => t.sapName === table)!;
    const own = fields.slice(2, 2 + spec.columns.length);
    if (needsFileOrder(spec)) own.push(fields[1]);
    let list = lines.get(table);
    if (!list) lines.set(table, (list = []));
    list.push(own.join('\t'));
  }
  const rows: Record<string, number> = {};
  const encoder = new TextEncoder();
  for (const [table, list] of lines) {
    rows[table] = list.length;
    onChunk(table, encoder.encode(list.join('\n') + '\n'));
  }
  return { knownRoles, rows };
}

/** One fresh buffer of its own, so it can be transferred to a worker thread. */
function joinBytes(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

