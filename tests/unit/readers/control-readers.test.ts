/**
 * The readers of `segra analyze --mitigations FILE` and `--usage FILE` (DESIGN 5.16, 5.17):
 * the delimiters, BOM and sheets the extract reader accepts, the columns and cells each file
 * has, and errors that name the file, line and column.
 */
import { describe, expect, it } from 'vitest';
import { readMitigations } from '../../../server/importers/mitigation-reader.ts';
import { readUsage } from '../../../server/importers/usage-reader.ts';
import { expectInputError, fileOf, xlsxOf } from './helpers.ts';

const used = (u: { usage: { used(user: string): readonly string[]; count(user: string, t: string): number } }, user: string): Record<string, number> =>
  Object.fromEntries(u.usage.used(user).map((t) => [t, u.usage.count(user, t)]));

describe('mitigations reader', () => {
  it('reads every column, trimming names, any LEVEL case, dates YYYYMMDD, ISO, dd.mm.yyyy or empty (open)', async () => {
    const file = fileOf(
      'mitigations.csv',
      '\uFEFFCONTROL_ID;RISK_ID;LEVEL;ID;VALID_FROM;VALID_TO\r\n' +
        ' MC_01 ;P2P001;USER; ALICE ;20260101;2026-12-31\r\n' +
        'MC_02;P2P002;role;Z_AP_CLERK;;\r\n' +
        'MC_03;P2P002;Role;Z_AP;01.02.2026;00000000\r\n' +
        ';;;;;\r\n',
    );
    expect((await readMitigations(file)).assignments).toEqual([
      { controlId: 'MC_01', riskId: 'P2P001', level: 'USER', id: 'ALICE', validFrom: 20260101, validTo: 20261231 },
      { controlId: 'MC_02', riskId: 'P2P002', level: 'ROLE', id: 'Z_AP_CLERK', validFrom: null, validTo: null },
      { controlId: 'MC_03', riskId: 'P2P002', level: 'ROLE', id: 'Z_AP', validFrom: 20260201, validTo: null },
    ]);
  });

  it('VALID_FROM and VALID_TO may be left out (open); the header may be in any case and order', async () => {
    const file = fileOf('m.tsv', 'id\tlevel\trisk_id\tcontrol_id\nALICE\tUSER\tR1\tC1\n');
    expect((await readMitigations(file)).assignments).toEqual([{ controlId: 'C1', riskId: 'R1', level: 'USER', id: 'ALICE', validFrom: null, validTo: null }]);
  });

  it('reads the first sheet of a workbook', async () => {
    const file = fileOf('m.xlsx', await xlsxOf({ Controls: [['CONTROL_ID', 'RISK_ID', 'LEVEL', 'ID', 'VALID_FROM', 'VALID_TO'], ['C1', 'R1', 'ROLE', 'Z_R', '20260101', '']] }));
    expect((await readMitigations(file)).assignments).toEqual([{ controlId: 'C1', riskId: 'R1', level: 'ROLE', id: 'Z_R', validFrom: 20260101, validTo: null }]);
  });

  it('refuses a LEVEL other than USER or ROLE, naming file, line and column', async () => {
    const file = fileOf('m.csv', 'CONTROL_ID,RISK_ID,LEVEL,ID\nC1,R1,USER,ALICE\nC1,R1,PROFILE,SAP_ALL\n');
    await expectInputError(readMitigations(file), { file: 'm.csv', line: 3, column: 'LEVEL', message: /USER or ROLE.*"PROFILE"/ });
  });

  it('refuses a bad date and an empty control, risk or id', async () => {
    const header = 'CONTROL_ID,RISK_ID,LEVEL,ID,VALID_FROM,VALID_TO\n';
    await expectInputError(readMitigations(fileOf('m.csv', `${header}C1,R1,USER,ALICE,2026-13-01,\n`)), { file: 'm.csv', line: 2, column: 'VALID_FROM', message: /"2026-13-01"/ });
    await expectInputError(readMitigations(fileOf('m.csv', `${header}C1,R1,USER,ALICE,,31/12/2026\n`)), { file: 'm.csv', line: 2, column: 'VALID_TO' });
    await expectInputError(readMitigations(fileOf('m.csv', `${header}C1,R1,USER,ALICE,,\n ,R1,USER,BOB,,\n`)), { file: 'm.csv', line: 3, column: 'CONTROL_ID' });
    await expectInputError(readMitigations(fileOf('m.csv', `${header}C1,,USER,ALICE,,\n`)), { file: 'm.csv', line: 2, column: 'RISK_ID' });
    await expectInputError(readMitigations(fileOf('m.csv', `${header}C1,R1,ROLE,,,\n`)), { file: 'm.csv', line: 2, column: 'ID', message: /role/ });
  });

  it('names a missing column and a missing file', async () => {
    await expectInputError(readMitigations(fileOf('m.csv', 'CONTROL_ID,RISK_ID,ID\nC1,R1,ALICE\n')), { file: 'm.csv', line: 1, column: 'LEVEL' });
    await expectInputError(readMitigations('/nonexistent/m.csv'), { file: '/nonexistent/m.csv', message: /no such file/ });
  });
});

describe('usage reader', () => {
  it('style BNAME, TCODE, COUNT: counts are summed per user and tcode; trimmed; an empty COUNT is 1', async () => {
    const file = fileOf('usage.csv', 'BNAME,TCODE,COUNT,DATE\nALICE,FK02,3,20260101\n ALICE , FK02 ,4,20260102\nALICE,F110,,20260103\nBOB,F110,0,\nBOB,SU01,-2,\nBOB,SU01,3,\n');
    const u = await readUsage(file);
    expect(used(u, 'ALICE')).toEqual({ FK02: 7, F110: 1 });
    expect(used(u, 'BOB')).toEqual({ SU01: 1 });
    expect(u.rows).toBe(6);
    // DESIGN 4.1b: the three rows without a day count, and are said to be outside any known window.
    expect(u.warnings).toEqual([{ code: 'USAGE_WINDOW_UNKNOWN', table: 'USAGE', count: 3, examples: ['line 5', 'line 6', 'line 7'] }]);
  });

  it('style ACCOUNT, ENTRY_ID (ST03N, tab-separated, no COUNT): one run per row; the padded entry with its type letter gives the tcode', async () => {
    const entry = (t: string, type = 'T'): string => `${t.padEnd(40)}${type}`;
    const file = fileOf('st03n.txt', `ACCOUNT\tENTRY_ID\tTASKTYPE\nALICE\t${entry('ME21N')}\tDIALOG\nALICE\t${entry('ME21N')}\tDIALOG\nALICE\t  VA01  \tDIALOG\nBOB\t${entry('ZREPORT', 'R')}\tDIALOG\n`);
    const u = await readUsage(file);
    expect(used(u, 'ALICE')).toEqual({ ME21N: 2, VA01: 1 });
    expect(used(u, 'BOB')).toEqual({ ZREPORT: 1 });
  });

  it('UNAME and the labels SAP writes (German: Benutzer, Transaktionscode, Anzahl), thousands separators', async () => {
    expect(used(await readUsage(fileOf('sm20.csv', 'UNAME;TCODE\nALICE;SU01\n')), 'ALICE')).toEqual({ SU01: 1 });
    const de = fileOf('stad.csv', '\uFEFFBenutzer;Transaktionscode;Anzahl\r\nALICE;FB01;1.234\r\nALICE;FB01;2\r\n');
    expect(used(await readUsage(de), 'ALICE')).toEqual({ FB01: 1236 });
    const en = fileOf('sm20.csv', 'User,Transaction Code,Count\nALICE,SU01,"1,000"\n');
    expect(used(await readUsage(en), 'ALICE')).toEqual({ SU01: 1000 });
  });

  it('BNAME wins over ACCOUNT and UNAME when several are given', async () => {
    const u = await readUsage(fileOf('u.csv', 'UNAME,BNAME,TCODE\nBOB,ALICE,SU01\n'));
    expect(used(u, 'ALICE')).toEqual({ SU01: 1 });
    expect(used(u, 'BOB')).toEqual({});
  });

  it('with --client keeps that client’s rows only', async () => {
    const u = await readUsage(fileOf('u.csv', 'MANDT,BNAME,TCODE\n100,ALICE,SU01\n200,ALICE,SE16\n'), { client: '100' });
    expect(used(u, 'ALICE')).toEqual({ SU01: 1 });
  });

  it('counts rows without a user or a tcode in a warning instead of dropping them in silence', async () => {
    const u = await readUsage(fileOf('u.csv', 'BNAME,TCODE,COUNT\nALICE,,3\n,SU01,1\nALICE,SU01,1\n'));
    expect(u.warnings).toEqual([
      { code: 'USAGE_ROW_WITHOUT_USER_OR_TCODE', table: 'USAGE', count: 2, examples: ['line 2', 'line 3'] },
      { code: 'USAGE_WINDOW_UNKNOWN', table: 'USAGE', count: 1, examples: ['line 4'] },
    ]);
    expect(used(u, 'ALICE')).toEqual({ SU01: 1 });
  });

  it('refuses a COUNT that is not a whole number and a file without a user or tcode column', async () => {
    await expectInputError(readUsage(fileOf('u.csv', 'BNAME,TCODE,COUNT\nALICE,SU01,1\nALICE,SU01,many\n')), { file: 'u.csv', line: 3, column: 'COUNT', message: /"many"/ });
    await expectInputError(readUsage(fileOf('u.csv', 'NAME,TCODE\nALICE,SU01\n')), { file: 'u.csv', line: 1, column: 'BNAME', message: /BNAME, ACCOUNT, UNAME/ });
    await expectInputError(readUsage(fileOf('u.csv', 'BNAME,TX\nALICE,SU01\n')), { file: 'u.csv', line: 1, column: 'TCODE' });
  });

  it('reads a large export whole (streamed in many pieces)', async () => {
    const lines = ['BNAME,TCODE,COUNT'];
    for (let i = 0; i < 30_000; i++) lines.push(`USER${i % 1000},T${i % 37},1`);
    const u = await readUsage(fileOf('big.csv', lines.join('\n') + '\n'));
    expect(u.rows).toBe(30_000);
    let total = 0;
    for (let k = 0; k < 1000; k++) for (const t of u.usage.used(`USER${k}`)) total += u.usage.count(`USER${k}`, t);
    expect(total).toBe(30_000);
  });
});
