/* global process, console, performance */
/**
 * What PostgreSQL spends on each step of storing one analysis's findings (migration 0044), on a
 * stored analysis's rows copied to a new analysis in a transaction that is rolled back: the
 * rows into its bare table (as COPY text, as an analysis sends them, and by INSERT … SELECT),
 * attaching it (the parent's indexes built on it), the count the completion reads. CPU of this
 * connection's backend (user+sys, /proc; parallel index-build workers not counted), and wall.
 *   node tests/perf/findings-store-steps.mjs <postgres url> <analysis id>
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const [url, source] = process.argv.slice(2);
const c = new pg.Client({ connectionString: url });
await c.connect();
const pid = (await c.query('SELECT pg_backend_pid() AS p')).rows[0].p;
const cpu = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
};
const step = async (name, sql, params) => {
  const c0 = cpu();
  const t = performance.now();
  await c.query(sql, params);
  console.log(`${name.padEnd(36)} CPU ${(cpu() - c0).toFixed(2)} s, wall ${((performance.now() - t) / 1000).toFixed(2)} s`);
};
const columns = (
  await c.query(
    `SELECT array_agg(quote_ident(attname) ORDER BY attnum) AS c FROM pg_attribute
     WHERE attrelid = 'findings'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
  )
).rows[0].c;
await c.query('BEGIN');
try {
  const newAnalysis = async () =>
    (
      await c.query(
        `INSERT INTO analyses (customer_id, name, system_period_id, risk_period_id, level, mode, analysis_date)
         SELECT customer_id, 'store steps', system_period_id, risk_period_id, level, mode, analysis_date FROM analyses WHERE id = $1 RETURNING id`,
        [source],
      )
    ).rows[0].id;
  const rowsOf = (id) => columns.map((col) => (col === 'analysis_id' ? `'${id}'::uuid` : col)).join(', ');
  const id = await newAnalysis();
  const part = (await c.query('SELECT findings_partition_create($1) AS p', [id])).rows[0].p;
  // The COPY text an analysis would send, read first (its cost is not the store's).
  const text = [];
  for await (const chunk of c.query(copyTo(`COPY (SELECT ${rowsOf(id)} FROM findings WHERE analysis_id = '${source}') TO STDOUT`))) text.push(chunk);
  const c0 = cpu();
  const t = performance.now();
  await pipeline(Readable.from(text), c.query(copyFrom(`COPY "${part}" (${columns.join(', ')}) FROM STDIN WITH (FREEZE)`)));
  console.log(`${'COPY text into the bare table'.padEnd(36)} CPU ${(cpu() - c0).toFixed(2)} s, wall ${((performance.now() - t) / 1000).toFixed(2)} s`);
  await step('attach (the indexes built)', 'SELECT findings_partition_attach($1)', [id]);
  await step('count (completion)', 'SELECT count(*) FROM findings WHERE analysis_id = $1', [id]);
  // The same rows without parsing their text: what the COPY's parsing costs.
  const other = await newAnalysis();
  const otherPart = (await c.query('SELECT findings_partition_create($1) AS p', [other])).rows[0].p;
  await step('the rows by INSERT … SELECT instead', `INSERT INTO "${otherPart}" (${columns.join(', ')}) SELECT ${rowsOf(other)} FROM findings WHERE analysis_id = $1`, [source]);
} finally {
  await c.query('ROLLBACK');
  await c.end();
}
