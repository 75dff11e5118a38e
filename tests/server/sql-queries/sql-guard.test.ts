import { describe, expect, it } from 'vitest';
import { checkReadOnlyQuery, tokenize } from '../../../server/modules/sql-queries/sql-guard.ts';

describe('sql-guard: the lexical check of special queries', () => {
  it('reads words outside strings, quoted names, dollar quotes and comments only', () => {
    const tokens = tokenize(
      `SELECT E'it\\'s; DELETE', 'a''b', $x$ ; DROP $x$, "Set" /* outer /* inner; */ still */ FROM usr02 -- ; INSERT`,
    );
    expect(tokens.filter((t) => t.kind === 'word').map((t) => t.text)).toEqual(['select', 'from', 'usr02']);
    expect(tokens.filter((t) => t.kind === 'quoted').map((t) => t.text)).toEqual(['Set']);
    expect(tokens.filter((t) => t.kind === 'string')).toHaveLength(3);
    expect(tokens.some((t) => t.text === ';')).toBe(false);
  });

  it('returns the text without trailing semicolons and comments', () => {
    expect(checkReadOnlyQuery('SELECT 1 ; ; -- done\n')).toBe('SELECT 1');
    expect(checkReadOnlyQuery('(SELECT 1) UNION (SELECT 2) /* end */')).toBe('(SELECT 1) UNION (SELECT 2)');
    expect(checkReadOnlyQuery('VALUES (1)')).toBe('VALUES (1)');
    expect(checkReadOnlyQuery('TABLE usr02')).toBe('TABLE usr02');
  });

  it('refuses what is not one read, with the reason', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['-- only a comment', /empty/],
      ['SELECT 1; SELECT 2', /single statement/],
      ['select * from usr02 where bname = (select 1) ; delete from usr02', /single statement/],
      ["SELECT 'unterminated", /unterminated string/],
      ['SELECT /* open', /unterminated comment/],
      ['SELECT $a$ open', /unterminated dollar-quoted string/],
      ['SELECT "open', /unterminated quoted identifier/],
      ['SELECT 1) AS x, (SELECT 2', /unbalanced parentheses/],
      ['WITH d AS (merge into x using y on true when matched then delete) SELECT 1', /MERGE is not allowed/],
      ["SELECT PG_SLEEP_FOR(interval '1 hour')", /must not call pg_sleep_for/],
      ['SELECT pg_catalog.pg_try_advisory_lock(1)', /must not call pg_try_advisory_lock/],
      ["SELECT ts_stat('select 1')", /must not call ts_stat/],
      ["SELECT lo_import('/etc/passwd')", /must not call lo_import/],
      ["SELECT pg_logical_emit_message(false, 'x', 'y')", /must not call pg_logical_emit_message/],
      ['SHOW search_path', /must start with SELECT or WITH: SHOW is not allowed/],
      ['DO $$ BEGIN END $$', /DO is not allowed|BEGIN is not allowed/],
      // Catalogue statistics list every tenant's partitions with their row counts and sizes.
      ['SELECT relname, n_live_tup FROM pg_stat_user_tables', /must not read the database catalogue.*pg_stat_user_tables/],
      ['SELECT relname, reltuples FROM pg_catalog . "pg_class"', /must not read the database catalogue.*pg_catalog/],
      ["SELECT pg_total_relation_size('sap_agr_1251')", /must not read the database catalogue.*pg_total_relation_size/],
      ['TABLE pg_stat_all_tables', /must not read the database catalogue.*pg_stat_all_tables/],
    ];
    for (const [sql, message] of cases) expect(() => checkReadOnlyQuery(sql), sql).toThrow(message);
    expect(checkReadOnlyQuery('WITH RECURSIVE t AS (SELECT 1) SELECT * FROM t')).toContain('RECURSIVE');
  });
});
