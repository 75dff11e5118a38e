/**
 * A user finding is stored with its user's SAP user type (USR02-USTYP, issue 27 item 6), as its
 * holder's name: the findings list and the dashboard filter by it without reading USR02. Role
 * findings have none (NULL); a user whose USTYP is none of SAP's is unknown (''), never dialog.
 */
import { describe, expect, it } from 'vitest';
import { prepareAnalysis } from '../../../engine/index.ts';
import { FINDING_COLUMNS, findingLines, singleSystemFacts } from '../../../server/analyses/finding-lines.ts';
import { COPY_NULL } from '../../../server/db/copy-text.ts';
import { PAY, VENDOR, extract, opts, p2pRuleset } from '../../reference/fixture.ts';

describe('finding lines: user_type', () => {
  it('is the USR02 type of a user finding, unknown for a type SAP does not define, and NULL for a role finding', () => {
    const x = extract()
      .user('DIALOG')
      .user('WF-BATCH', { ustyp: 'B' })
      .user('SRV', { ustyp: 's ' })
      .user('ODD', { ustyp: 'X' })
      .role('R_BOTH', ...VENDOR, ...PAY)
      .assign('DIALOG', 'R_BOTH')
      .assign('WF-BATCH', 'R_BOTH')
      .assign('SRV', 'R_BOTH')
      .assign('ODD', 'R_BOTH')
      .build();
    const p = prepareAnalysis(x, p2pRuleset().build(), opts());
    const lines = [...findingLines('c', 'a', p.run().findings, singleSystemFacts(p))].join('').split('\n').filter((l) => l !== '');
    const col = (name: string): number => FINDING_COLUMNS.indexOf(name as (typeof FINDING_COLUMNS)[number]);
    expect(col('user_type')).toBeGreaterThanOrEqual(0);
    const rows = lines.map((l) => l.split('\t'));
    expect(rows.every((r) => r.length === FINDING_COLUMNS.length)).toBe(true);
    const typeOf = (level: string, holder: string) => rows.find((r) => r[col('level')] === level && r[col('holder')] === holder)?.[col('user_type')];
    expect(typeOf('USER', 'DIALOG')).toBe('A');
    expect(typeOf('USER', 'WF-BATCH')).toBe('B');
    expect(typeOf('USER', 'SRV')).toBe('S');
    expect(typeOf('USER', 'ODD')).toBe('');
    expect(typeOf('ROLE', 'R_BOTH')).toBe(COPY_NULL);
  });
});
