import { describe, expect, it } from 'vitest';
import type { DataWarning } from '../../../server/importers/data-warnings.ts';
import { readSystemExtract, type ReadExtractOptions } from '../../../server/importers/extract-reader.ts';
import { expectInputError, folderOf, MINIMAL_EXTRACT } from './helpers.ts';

// DESIGN 4.1a: nothing is dropped or guessed in silence.
const extractWith = (files: Record<string, string>): string => folderOf({ ...MINIMAL_EXTRACT, ...files });

async function warningsOf(dir: string, options: ReadExtractOptions = {}): Promise<DataWarning[]> {
  const warnings: DataWarning[] = [];
  await readSystemExtract(dir, { ...options, warnings });
  return warnings;
}

const USERS = 'BNAME\nALICE\nBOB\n';
const withoutUsr02 = Object.fromEntries(Object.entries(MINIMAL_EXTRACT).filter(([name]) => name !== 'USR02.csv'));

describe('data-quality warnings', () => {
  it('gives none for a clean extract', async () => {
    expect(await warningsOf(extractWith({}))).toEqual([]);
  });

  it('USER_NOT_IN_USR02 counts distinct users per table naming them', async () => {
    const warnings = await warningsOf(
      extractWith({
        'USR02.csv': USERS,
        'AGR_USERS.csv':
          'AGR_NAME,UNAME,FROM_DAT,TO_DAT\nZ_ROLE,ALICE,,\nZ_ROLE,GHOST1,,\nZ_ROLE,GHOST2,,\nZ_OTHER,GHOST1,,\n',
        'UST04.csv': 'BNAME,PROFILE\nGHOST3,T-1\nBOB,T-1\n',
        'AGR_1016.csv': 'AGR_NAME,PROFILE\nZ_ROLE,T-1\n',
        'USREFUS.csv': 'BNAME,REFUSER\nGHOST4,ALICE\n',
        'AGR_DEFINE.csv': 'AGR_NAME,PARENT_AGR\nZ_OTHER,\n',
      }),
    );
    expect(warnings).toEqual([
      { code: 'USER_NOT_IN_USR02', table: 'AGR_USERS', count: 2, examples: ['GHOST1', 'GHOST2'] },
      { code: 'USER_NOT_IN_USR02', table: 'USREFUS', count: 1, examples: ['GHOST4'] },
      { code: 'USER_NOT_IN_USR02', table: 'UST04', count: 1, examples: ['GHOST3'] },
    ]);
  });

  it('ROLE_NOT_DEFINED counts assigned roles without AGR_1251, AGR_DEFINE or AGR_AGRS rows, whatever objects are read', async () => {
    const dir = extractWith({
      'USR02.csv': USERS,
      'AGR_USERS.csv':
        'AGR_NAME,UNAME,FROM_DAT,TO_DAT\nZ_ROLE,ALICE,,\nZ_GHOST,ALICE,,\nZ_GHOST,BOB,,\nZ_COMP,BOB,,\nZ_DEF,BOB,,\n',
      'AGR_AGRS.csv': 'AGR_NAME,CHILD_AGR\nZ_COMP,Z_ROLE\n',
      'AGR_DEFINE.csv': 'AGR_NAME,PARENT_AGR\nZ_DEF,\n',
    });
    const expected = [{ code: 'ROLE_NOT_DEFINED', table: 'AGR_USERS', count: 1, examples: ['Z_GHOST'] }];
    expect(await warningsOf(dir)).toEqual(expected);
    // Z_ROLE's only row is of S_TCODE: dropped by the object filter, still a defined role.
    expect(await warningsOf(dir, { objects: new Set(['F_BKPF_BUK']) })).toEqual(expected);
  });

  it('PROFILE_WITHOUT_AUTHORISATIONS counts manual profiles that expand to nothing (SAP_ALL without UST10S/UST12)', async () => {
    const base = {
      'USR02.csv': USERS,
      'UST04.csv': 'BNAME,PROFILE\nALICE,SAP_ALL\nBOB,SAP_ALL\nBOB,T-1\nBOB,Z_COMPOSITE\n',
      'AGR_1016.csv': 'AGR_NAME,PROFILE\nZ_ROLE,T-1\n',
      'UST10C.csv': 'PROFN,SUBPROF\nZ_COMPOSITE,Z_SINGLE\n',
    };
    expect(await warningsOf(extractWith(base))).toEqual([
      { code: 'PROFILE_WITHOUT_AUTHORISATIONS', table: 'UST04', count: 2, examples: ['SAP_ALL', 'Z_COMPOSITE'] },
    ]);
    const whole = {
      ...base,
      'UST10S.csv': 'PROFN,OBJCT,AUTH\nSAP_ALL,S_TCODE,&_SAP_ALL\nZ_SINGLE,S_USER_GRP,Z1\n',
      'UST12.csv': 'OBJCT,AUTH,FIELD,VON,BIS\nS_TCODE,&_SAP_ALL,TCD,*,\nS_USER_GRP,Z1,ACTVT,03,\n',
    };
    expect(await warningsOf(extractWith(whole))).toEqual([]);
    // Objects the analysis does not read still count as authorisations.
    expect(await warningsOf(extractWith(whole), { objects: new Set(['F_BKPF_BUK']) })).toEqual([]);
    const noValues = { ...whole, 'UST12.csv': 'OBJCT,AUTH,FIELD,VON,BIS\nS_TCODE,&_SAP_ALL,TCD,*,\n' };
    expect(await warningsOf(extractWith(noValues))).toEqual([
      { code: 'PROFILE_WITHOUT_AUTHORISATIONS', table: 'UST04', count: 1, examples: ['Z_COMPOSITE'] },
    ]);
  });

  it('ACTVT_LEADING_ZERO_LOST counts one-digit ACTVT rows and restores the zero', async () => {
    const warnings: DataWarning[] = [];
    const x = await readSystemExtract(
      extractWith({
        'AGR_1251.csv':
          'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED\nZ_ROLE,F_BKPF_BUK,T-2,ACTVT,1,,\nZ_ROLE,F_BKPF_BUK,T-2,ACTVT,02,,\nZ_ROLE,F_BKPF_BUK,T-2,ACTVT,3,,\nZ_ROLE,F_BKPF_BUK,T-2,BUKRS,1,,\n',
        'UST12.csv': 'OBJCT,AUTH,FIELD,VON,BIS\nF_BKPF_BUK,Z1,ACTVT,2,\n',
      }),
      { warnings },
    );
    expect(x.roleAuthorisations.filter((r) => r.field === 'ACTVT').map((r) => r.low)).toEqual(['01', '02', '03']);
    expect(x.roleAuthorisations.find((r) => r.field === 'BUKRS')?.low).toBe('1');
    expect(x.authorisationValues[0].low).toBe('02');
    expect(warnings.filter((w) => w.code === 'ACTVT_LEADING_ZERO_LOST')).toEqual([
      {
        code: 'ACTVT_LEADING_ZERO_LOST',
        table: 'AGR_1251',
        count: 2,
        examples: ['Z_ROLE F_BKPF_BUK T-2 ACTVT 1 (line 2)', 'Z_ROLE F_BKPF_BUK T-2 ACTVT 3 (line 4)'],
      },
      { code: 'ACTVT_LEADING_ZERO_LOST', table: 'UST12', count: 1, examples: ['F_BKPF_BUK Z1 ACTVT 2 (line 2)'] },
    ]);
  });

  it('ROW_LIMIT_SUSPECTED when a table has exactly an SE16N maximum of rows', async () => {
    const users = (n: number) => 'BNAME\nALICE\n' + Array.from({ length: n - 1 }, (_, i) => `U${i}\n`).join('');
    expect(await warningsOf(extractWith({ 'USR02.csv': users(100) + '\n' }))).toEqual([
      { code: 'ROW_LIMIT_SUSPECTED', table: 'USR02', count: 100, examples: ['USR02.csv'] },
    ]);
    expect(await warningsOf(extractWith({ 'USR02.csv': users(101) }))).toEqual([]);
    expect((await warningsOf(extractWith({ 'USR02.csv': users(1000) })))[0]).toMatchObject({
      code: 'ROW_LIMIT_SUSPECTED',
      count: 1000,
    });
  });

  it('COLUMN_DEFAULTED says which technical columns were missing and what they were read as', async () => {
    const warnings: DataWarning[] = [];
    const x = await readSystemExtract(
      extractWith({
        'AGR_USERS.csv': 'AGR_NAME,UNAME\nZ_ROLE,ALICE\n',
        'AGR_1251.csv':
          'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH\nZ_ROLE,S_TCODE,T-1,TCD,FB01,\nZ_ROLE,S_TCODE,T-1,TCD,FB02,\n',
      }),
      { warnings },
    );
    expect(x.roleAssignments).toEqual([{ role: 'Z_ROLE', user: 'ALICE', from: null, to: null }]);
    expect(x.roleAuthorisations.every((r) => r.deleted === false)).toBe(true);
    expect(warnings).toEqual([
      { code: 'COLUMN_DEFAULTED', table: 'AGR_1251', count: 2, examples: ['DELETED: not deleted'] },
      {
        code: 'COLUMN_DEFAULTED',
        table: 'AGR_USERS',
        count: 1,
        examples: ['FROM_DAT: valid from the start (open)', 'TO_DAT: valid without end (open)'],
      },
    ]);
  });
});

describe('refused input', () => {
  it('refuses an empty AUTH in AGR_1251, UST10S and UST12, naming file, line and column', async () => {
    await expectInputError(
      readSystemExtract(
        extractWith({
          'AGR_1251.csv':
            'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED\nZ_ROLE,S_TCODE,T-1,TCD,FB01,,\nZ_ROLE,S_TCODE, ,TCD,FB02,,\n',
        }),
      ),
      { file: 'AGR_1251.csv', line: 3, column: 'AUTH', message: /AUTH\) is empty/ },
    );
    // Also when the row's object is not among those read.
    await expectInputError(
      readSystemExtract(
        extractWith({ 'AGR_1251.csv': 'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED\nZ_ROLE,S_TCODE,,TCD,FB01,,\n' }),
        {
          objects: new Set(['F_BKPF_BUK']),
        },
      ),
      { file: 'AGR_1251.csv', line: 2, column: 'AUTH' },
    );
    await expectInputError(readSystemExtract(extractWith({ 'UST10S.csv': 'PROFN,OBJCT,AUTH\nP,S_TCODE,\n' })), {
      file: 'UST10S.csv',
      line: 2,
      column: 'AUTH',
    });
    await expectInputError(
      readSystemExtract(extractWith({ 'UST12.csv': 'OBJCT,AUTH,FIELD,VON,BIS\nS_TCODE,A,TCD,*,\nS_TCODE,,TCD,*,\n' })),
      {
        file: 'UST12.csv',
        line: 3,
        column: 'AUTH',
      },
    );
  });

  it('refuses NUL and other control characters in a cell, naming file, line and column', async () => {
    await expectInputError(readSystemExtract(extractWith({ 'USR02.csv': 'BNAME,USTYP\nALICE,A\nBOB\u0000,A\n' })), {
      file: 'USR02.csv',
      line: 3,
      column: 'BNAME',
      message: /control character \(U\+0000\)/,
    });
    await expectInputError(
      readSystemExtract(extractWith({ 'USR02.csv': 'BNAME,USTYP\n"ALICE\nX",A\nBOB,A\u0007\n' })),
      {
        file: 'USR02.csv',
        line: 4,
        column: 'USTYP',
        message: /U\+0007/,
      },
    );
    await expectInputError(
      readSystemExtract(
        folderOf({
          ...withoutUsr02,
          'USR02.txt': 'Title\n-----------\n|BNAME|USTYP|\n-----------\n|ALICE|A    |\n|B\u0001B  |A    |\n',
        }),
      ),
      { file: 'USR02.txt', line: 6, column: 'BNAME' },
    );
  });

  it('refuses bytes that are not UTF-8 after text that was, naming the line', async () => {
    const dir = folderOf(MINIMAL_EXTRACT);
    const { writeFileSync } = await import('node:fs');
    // Valid UTF-8 letters in the first piece read (1 MiB), a Windows-1252 Ö far after it.
    const rows = Array.from({ length: 200_000 }, (_, i) => `USER${i},A\n`).join('');
    const head = Buffer.from(`BNAME,USTYP\nJÜRGEN,A\n${rows}`, 'utf8');
    writeFileSync(`${dir}/USR02.csv`, Buffer.concat([head, Buffer.from([0x42, 0xd6, 0x52, 0x4e, 0x2c, 0x41, 0x0a])]));
    await expectInputError(readSystemExtract(dir), {
      file: 'USR02.csv',
      line: 200_003,
      column: 'BNAME',
      message: /not valid UTF-8/,
    });
  });
});
