/**
 * Lexical check of a special SQL query before it is stored or run (DESIGN 7). It is the first of
 * several layers (docs/decisions/2026-11-21-special-sql-sandbox.md): it gives clear messages for
 * what is plainly not a read, and it refuses the few built-in functions that could leave the
 * sandbox from inside a SELECT (set_config to change the role, query_to_xml & co. to run SQL text,
 * session advisory locks, sleeps). The database role, the read-only transaction, the scoped views
 * and the statement timeout hold even where this check would be fooled.
 */

export interface Token {
  kind: 'word' | 'quoted' | 'string' | 'number' | 'param' | 'symbol';
  /** Words lower-cased, quoted identifiers as written (without quotes), symbols as is. */
  text: string;
  /** Offset just after the token in the text. */
  end: number;
}

/** Why a query text is refused; the message names what was refused. */
export class SqlGuardError extends Error {
  /** What was refused (sandbox.ts RefusalCode): a syntax error and a write have codes of their own. */
  constructor(
    message: string,
    readonly code: 'SQL_QUERY_REFUSED' | 'SQL_SYNTAX' | 'SQL_READ_ONLY' = 'SQL_QUERY_REFUSED',
  ) {
    super(message);
  }
}

/** Statements and clauses that write or change state: never part of a read. */
const WRITE_WORDS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'truncate',
  'drop',
  'create',
  'alter',
  'grant',
  'revoke',
  'copy',
  'into',
  'set',
  'reset',
  'vacuum',
  'reindex',
  'cluster',
  'call',
  'execute',
  'prepare',
  'listen',
  'notify',
  'begin',
  'commit',
  'rollback',
  'savepoint',
]);

/**
 * Functions a special query must not call, by name (also when quoted or schema-qualified):
 * they change settings (the role among them), run SQL given as text (so would hide any name
 * from this check), take locks that outlive the transaction, wait, signal other sessions or
 * touch files, large objects, WAL or replication.
 */
const FORBIDDEN_FUNCTIONS: (string | RegExp)[] = [
  'set_config',
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'ts_stat',
  'ts_rewrite',
  /^pg_(try_)?advisory_/,
  'pg_notify',
  'pg_cancel_backend',
  'pg_terminate_backend',
  'pg_reload_conf',
  // Write WAL or touch replication even in a read-only transaction.
  /^pg_logical_/,
  /^pg_replication_/,
  /^pg_create_/,
  /^pg_drop_replication/,
  'pg_rotate_logfile',
  'pg_switch_wal',
  /^pg_read_(binary_)?file$/,
  'pg_ls_dir',
  'pg_stat_file',
  /^lo_/,
  'loread',
  'lowrite',
  /^dblink/,
];

const isForbiddenFunction = (name: string): boolean =>
  FORBIDDEN_FUNCTIONS.some((f) => (typeof f === 'string' ? f === name : f.test(name)));

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Splits SQL text into tokens, skipping whitespace and comments; literals keep no content. */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  // Called once the token is read (i is past it).
  const push = (kind: Token['kind'], text: string): void => {
    tokens.push({ kind, text, end: i });
  };
  const n = sql.length;
  const unterminated = (what: string): never => {
    throw new SqlGuardError(`The query has a syntax error: unterminated ${what}`, 'SQL_SYNTAX');
  };
  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && next === '-') {
      while (i < n && sql[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 0;
      do {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else {
          i++;
        }
        if (i >= n && depth > 0) unterminated('comment');
      } while (depth > 0);
    } else if (c === "'" || ((c === 'e' || c === 'E') && next === "'")) {
      // Standard strings ('' escapes a quote); E'…' strings also escape with a backslash.
      const escapes = c !== "'";
      i += escapes ? 2 : 1;
      for (;;) {
        if (i >= n) unterminated('string');
        if (escapes && sql[i] === '\\') {
          i += 2;
        } else if (sql[i] === "'") {
          if (sql[i + 1] === "'") i += 2;
          else {
            i++;
            break;
          }
        } else {
          i++;
        }
      }
      push('string', '');
    } else if (c === '"') {
      let name = '';
      i++;
      for (;;) {
        if (i >= n) unterminated('quoted identifier');
        if (sql[i] === '"') {
          if (sql[i + 1] === '"') {
            name += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else {
          name += sql[i++];
        }
      }
      push('quoted', name);
    } else if (c === '$' && /[0-9]/.test(next ?? '')) {
      let j = i + 1;
      while (j < n && /[0-9]/.test(sql[j])) j++;
      const text = sql.slice(i, j);
      i = j;
      push('param', text);
    } else if (c === '$') {
      // Dollar quoting: $tag$ … $tag$.
      const m = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i));
      if (!m) {
        i++;
        push('symbol', c);
        continue;
      }
      const end = sql.indexOf(m[0], i + m[0].length);
      if (end < 0) unterminated('dollar-quoted string');
      i = end + m[0].length;
      push('string', '');
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < n && WORD_PART.test(sql[j])) j++;
      const word = sql.slice(i, j);
      // U&'…' / U&"…", B'…', X'…' are literals or identifiers that start with a letter.
      if ((word === 'U' || word === 'u') && sql[j] === '&' && sql[j + 1] === "'") {
        i = j + 1;
        continue;
      }
      // U&"…" spells a name with escapes, which would hide it from the checks below.
      if ((word === 'U' || word === 'u') && sql[j] === '&' && sql[j + 1] === '"') {
        throw new SqlGuardError('The query must not use Unicode-escaped identifiers (U&"…")');
      }
      if (/^[bBxXnN]$/.test(word) && sql[j] === "'") {
        i = j;
        continue;
      }
      i = j;
      push('word', word.toLowerCase());
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next ?? ''))) {
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(sql[j])) j++;
      const text = sql.slice(i, j);
      i = j;
      push('number', text);
    } else {
      i++;
      push('symbol', c);
    }
  }
  return tokens;
}

/**
 * Checks that the text is one read-only query (SELECT, WITH … SELECT, VALUES or TABLE) and
 * returns it without trailing semicolons. Throws SqlGuardError naming what was refused.
 */
export function checkReadOnlyQuery(sql: string): string {
  const tokens = tokenize(sql);
  // Trailing semicolons end the one statement; any other separates two.
  let end = tokens.length;
  while (end > 0 && tokens[end - 1].kind === 'symbol' && tokens[end - 1].text === ';') end--;
  const body = tokens.slice(0, end);
  if (body.length === 0) throw new SqlGuardError('The query is empty');
  if (body.some((t) => t.kind === 'symbol' && t.text === ';')) {
    throw new SqlGuardError('The query must be a single statement: ";" between statements is not allowed');
  }
  const first = body.find((t) => !(t.kind === 'symbol' && t.text === '('));
  for (const t of body) {
    if (t.kind === 'word' && WRITE_WORDS.has(t.text)) {
      throw new SqlGuardError(`The query must only read: ${t.text.toUpperCase()} is not allowed`, 'SQL_READ_ONLY');
    }
  }
  if (!first || first.kind !== 'word' || !['select', 'with', 'values', 'table'].includes(first.text)) {
    const what = first ? (first.kind === 'word' ? first.text.toUpperCase() : `"${first.text}"`) : 'it';
    throw new SqlGuardError(`The query must start with SELECT or WITH: ${what} is not allowed`);
  }
  for (const t of body) {
    if ((t.kind === 'word' || t.kind === 'quoted') && isForbiddenFunction(t.text.toLowerCase())) {
      throw new SqlGuardError(`The query must not call ${t.text.toLowerCase()}: this function is not allowed`);
    }
    if (t.kind === 'param') throw new SqlGuardError(`The query must not use parameters: ${t.text} is not allowed`);
  }
  // The catalogue (pg_class, pg_stat_user_tables, pg_relation_size(), …) is readable by every
  // role and would list other tenants' partitions with their row counts and sizes: every system
  // name starts with pg_, and the period views need none of them.
  for (const t of body) {
    if ((t.kind === 'word' || t.kind === 'quoted') && t.text.toLowerCase().startsWith('pg_')) {
      throw new SqlGuardError(
        `The query must not read the database catalogue or its statistics: ${t.text.toLowerCase()} is not allowed; read the period views`,
      );
    }
  }
  // Parentheses must balance, so the text stays one self-contained query inside the wrapping query.
  let depth = 0;
  for (const t of body) {
    if (t.kind !== 'symbol') continue;
    if (t.text === '(') depth++;
    else if (t.text === ')' && --depth < 0) break;
  }
  if (depth !== 0) throw new SqlGuardError('The query has a syntax error: unbalanced parentheses', 'SQL_SYNTAX');
  // The text up to its last token: without trailing semicolons, comments and blanks.
  return sql.slice(0, body[body.length - 1].end);
}
