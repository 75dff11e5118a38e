import { describe, expect, it } from 'vitest';
import { emptyExtract, type SystemExtract } from '../../../engine/model/extract.ts';
import { readSystemExtract } from '../../../server/importers/extract-reader.ts';
import { EXTRACT_TABLES } from '../../../server/importers/extract-tables.ts';
import { csv, expectInputError, fileOf, folderOf, MINIMAL_EXTRACT, xlsxOf, zipOf } from './helpers.ts';

/** One file per table of DESIGN 4.1, with extra columns, blanks and a mix of delimiters. */
const FULL_EXTRACT: Record<string, string> = {
  'USR02.csv': csv([
    ['MANDT', 'BNAME', 'USTYP', 'UFLAG', 'GLTGV', 'GLTGB', 'TRDAT', 'CLASS', 'CODVN', 'PWDSTATE', 'ERDAT', 'LOCNT'],
    ['100', ' ALICE ', 'A', '0', '20240101', '99991231', '2026-11-01', 'FI', 'H', '0', '20200115', '3'],
    ['100', 'BOB', 'B', '', '00000000', '', '00000000', '', 'I', '', '2019-02-03', ''],
    ['100', 'CAROL', 'A', '192', '', '20251231', '', 'SUPER', 'X', '-2', '', ''],
  ]),
  'AGR_USERS.csv': csv([
    ['MANDT', 'AGR_NAME', 'UNAME', 'FROM_DAT', 'TO_DAT', 'COL_FLAG'],
    ['100', 'Z_AP_CLERK', 'ALICE', '20240101', '99991231', ''],
    ['100', 'Z_COMPOSITE', 'BOB', '2024-01-01', '00000000', 'X'],
  ]),
  'agr_1251.txt':
    [
      'MANDT;AGR_NAME;COUNTER;OBJECT;AUTH;VARIANT;FIELD;LOW;HIGH;DELETED;MODIFIED',
      '100;Z_AP_CLERK;1;S_TCODE;T-AP01;;TCD;FB60;;;S',
      '100;Z_AP_CLERK;2;F_BKPF_BUK;T-AP02;;ACTVT;01 ; 03;;G',
      "100;Z_AP_CLERK;3;F_BKPF_BUK;T-AP02;;BUKRS;' ';;x;G",
      '100;Z_AP_CLERK;4;F_BKPF_BUK;T-AP02;;BUKRS;$BUKRS;;;G',
      '100; Z_AP_CLERK ;5; S_TCODE ;T-AP01;; TCD ;"FB 70";;X ;S',
    ].join('\n') + '\n',
  'AGR_DEFINE.csv': 'AGR_NAME,PARENT_AGR\nZ_AP_CLERK,\nZ_AP_CLERK_1000,Z_AP_CLERK\n',
  'AGR_AGRS.csv': 'AGR_NAME,CHILD_AGR,ATTRIBUTES\nZ_COMPOSITE,Z_AP_CLERK,\n',
  'AGR_1252.csv': 'AGR_NAME,COUNTER,VARBL,LOW,HIGH\nZ_AP_CLERK,1,$BUKRS,1000 ,1999\n',
  'AGR_TEXTS.csv': 'AGR_NAME,LANGU,LINE,TEXT\nZ_AP_CLERK,E,0,  AP clerk  \n',
  'AGR_1016.csv': 'AGR_NAME,COUNTER,PROFILE\nZ_AP_CLERK,1,T-AP000001\n',
  'UST04.tsv': 'BNAME\tPROFILE\nCAROL\tSAP_ALL\nALICE\tT-AP000001\n',
  'UST10C.csv': 'PROFN,AKTPS,SUBPROF\nSAP_ALL,A,S_A.SYSTEM\nSAP_ALL,P,S_MAINT\nZ_OLD,,Z_SUB\n',
  'UST10S.csv':
    'PROFN,AKTPS,OBJCT,AUTH\nS_A.SYSTEM,A,S_TCODE,&_SAP_ALL\nS_A.SYSTEM,P,S_DEVELOP,&_SAP_ALL\nS_A.SYSTEM,,S_USER_GRP,&_SAP_ALL\n',
  'UST12.csv':
    'OBJCT,AUTH,AKTPS,FIELD,VON,BIS\nS_TCODE,&_SAP_ALL,A,TCD,*,\nS_TCODE,&_SAP_ALL,P,TCD,SU01,\nS_USER_GRP,&_SAP_ALL,A,CLASS, A ,Z\n',
  'USREFUS.csv': 'BNAME,REFUSER\nALICE,REF_FI\n',
  'USR06.csv': 'BNAME,LIC_TYPE\nALICE,CA\n',
  'USER_ADDR.csv':
    'BNAME,NAME_FIRST,NAME_LAST,NAME_TEXTC,DEPARTMENT,SMTP_ADDR\nALICE,Alice,Andersen,Alice Andersen,Finance,alice@example.com\n',
  'TSTCT.csv': 'SPRSL,TCODE,TTEXT\nE,FB60,Enter Incoming Invoices\n',
  'TSTCA.csv': 'TCODE,OBJCT,FIELD,VALUE\nFB60,F_BKPF_BUK,ACTVT, 01\n',
  'CVERS.csv': 'COMPONENT,RELEASE,EXTRELEASE\nSAP_BASIS,758,0002\n',
  'T000.csv': 'MANDT,MTEXT,CCCATEGORY,CCCORACTIV,CCNOCLIIND\n000,SAP AG,S, ,\n100,Prod,P,2,3\n',
};

const EXPECTED: SystemExtract = {
  ...emptyExtract(),
  users: [
    {
      bname: 'ALICE',
      ustyp: 'A',
      uflag: 0,
      validFrom: 20240101,
      validTo: 99991231,
      lastLogon: 20261101,
      userGroup: 'FI',
      codvn: 'H',
      pwdState: 0,
      createdOn: 20200115,
    },
    {
      bname: 'BOB',
      ustyp: 'B',
      uflag: 0,
      validFrom: null,
      validTo: null,
      lastLogon: null,
      userGroup: '',
      codvn: 'I',
      pwdState: null,
      createdOn: 20190203,
    },
    {
      bname: 'CAROL',
      ustyp: 'A',
      uflag: 192,
      validFrom: null,
      validTo: 20251231,
      lastLogon: null,
      userGroup: 'SUPER',
      codvn: 'X',
      pwdState: -2,
      createdOn: null,
    },
  ],
  roleAssignments: [
    { role: 'Z_AP_CLERK', user: 'ALICE', from: 20240101, to: 99991231 },
    { role: 'Z_COMPOSITE', user: 'BOB', from: 20240101, to: null },
  ],
  roleAuthorisations: [
    { role: 'Z_AP_CLERK', object: 'S_TCODE', auth: 'T-AP01', field: 'TCD', low: 'FB60', high: '', deleted: false },
    {
      role: 'Z_AP_CLERK',
      object: 'F_BKPF_BUK',
      auth: 'T-AP02',
      field: 'ACTVT',
      low: '01 ',
      high: ' 03',
      deleted: false,
    },
    { role: 'Z_AP_CLERK', object: 'F_BKPF_BUK', auth: 'T-AP02', field: 'BUKRS', low: "' '", high: '', deleted: true },
    {
      role: 'Z_AP_CLERK',
      object: 'F_BKPF_BUK',
      auth: 'T-AP02',
      field: 'BUKRS',
      low: '$BUKRS',
      high: '',
      deleted: false,
    },
    { role: 'Z_AP_CLERK', object: 'S_TCODE', auth: 'T-AP01', field: 'TCD', low: 'FB 70', high: '', deleted: true },
  ],
  roleDefinitions: [
    { role: 'Z_AP_CLERK', parent: '' },
    { role: 'Z_AP_CLERK_1000', parent: 'Z_AP_CLERK' },
  ],
  compositeRoles: [{ role: 'Z_COMPOSITE', child: 'Z_AP_CLERK' }],
  orgLevelValues: [{ role: 'Z_AP_CLERK', variable: '$BUKRS', low: '1000 ', high: '1999' }],
  roleTexts: [{ role: 'Z_AP_CLERK', text: 'AP clerk' }],
  roleProfiles: [{ role: 'Z_AP_CLERK', profile: 'T-AP000001' }],
  userProfiles: [
    { user: 'CAROL', profile: 'SAP_ALL' },
    { user: 'ALICE', profile: 'T-AP000001' },
  ],
  subProfiles: [
    { profile: 'SAP_ALL', subProfile: 'S_A.SYSTEM' },
    { profile: 'Z_OLD', subProfile: 'Z_SUB' },
  ],
  profileAuthorisations: [
    { profile: 'S_A.SYSTEM', object: 'S_TCODE', auth: '&_SAP_ALL' },
    { profile: 'S_A.SYSTEM', object: 'S_USER_GRP', auth: '&_SAP_ALL' },
  ],
  authorisationValues: [
    { object: 'S_TCODE', auth: '&_SAP_ALL', field: 'TCD', low: '*', high: '' },
    { object: 'S_USER_GRP', auth: '&_SAP_ALL', field: 'CLASS', low: ' A ', high: 'Z' },
  ],
  referenceUsers: [{ user: 'ALICE', referenceUser: 'REF_FI' }],
  licenceTypes: [{ user: 'ALICE', licenceType: 'CA' }],
  userAddresses: [
    {
      user: 'ALICE',
      firstName: 'Alice',
      lastName: 'Andersen',
      fullName: 'Alice Andersen',
      department: 'Finance',
      email: 'alice@example.com',
    },
  ],
  tcodeTexts: [{ tcode: 'FB60', text: 'Enter Incoming Invoices' }],
  tcodeChecks: [{ tcode: 'FB60', object: 'F_BKPF_BUK', field: 'ACTVT', value: ' 01' }],
  components: [{ component: 'SAP_BASIS', release: '758', extRelease: '0002' }],
  clients: [
    { client: '000', category: 'S', changeRecording: '', crossClientChanges: '' },
    { client: '100', category: 'P', changeRecording: '2', crossClientChanges: '3' },
  ],
};

/** The minimal extract with some files replaced or added. */
function extractWith(files: Record<string, string>): Record<string, string> {
  return { ...MINIMAL_EXTRACT, ...files };
}

describe('readSystemExtract: mapping', () => {
  it('reads every table of a folder into the extract', async () => {
    expect(await readSystemExtract(folderOf(FULL_EXTRACT))).toEqual(EXPECTED);
  });

  it('reads the same extract from a zip, from uploads and from an xlsx', async () => {
    const zip = zipOf(FULL_EXTRACT);
    expect(await readSystemExtract(fileOf('extract.zip', zip))).toEqual(EXPECTED);
    expect(await readSystemExtract([{ name: 'extract.zip', data: zip }])).toEqual(EXPECTED);
    const uploads = Object.entries(FULL_EXTRACT).map(([name, text]) => ({
      name,
      data: new TextEncoder().encode(text),
    }));
    expect(await readSystemExtract(uploads)).toEqual(EXPECTED);

    const sheets = await xlsxOf({
      USR02: [
        ['BNAME', 'UFLAG', 'GLTGB', 'PWDSTATE'],
        ['ALICE', 64, new Date(Date.UTC(2030, 11, 31)), null],
      ],
      AGR_USERS: [
        ['AGR_NAME', 'UNAME', 'FROM_DAT', 'TO_DAT'],
        ['R', 'ALICE', '20240101', 99991231],
      ],
      AGR_1251: [
        ['AGR_NAME', 'OBJECT', 'AUTH', 'FIELD', 'LOW', 'HIGH', 'DELETED'],
        ['R', 'S_TCODE', 'T-1', 'TCD', ' FB60', null, null],
      ],
    });
    const x = await readSystemExtract([{ name: 'extract.xlsx', data: sheets }]);
    expect(x.users).toEqual([
      {
        bname: 'ALICE',
        ustyp: '',
        uflag: 64,
        validFrom: null,
        validTo: 20301231,
        lastLogon: null,
        userGroup: '',
        codvn: '',
        pwdState: null,
        createdOn: null,
      },
    ]);
    expect(x.roleAssignments).toEqual([{ role: 'R', user: 'ALICE', from: 20240101, to: 99991231 }]);
    expect(x.roleAuthorisations).toEqual([
      { role: 'R', object: 'S_TCODE', auth: 'T-1', field: 'TCD', low: ' FB60', high: '', deleted: false },
    ]);
  });

  it('reads runs and repeats of values right (the intern caches never return a stale value)', async () => {
    const lines = ['AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED'];
    const expected: string[][] = [];
    for (let i = 0; i < 12; i++) {
      const row = [
        `R${i >> 2}`,
        i % 3 ? 'S_TCODE' : 'F_BKPF_BUK',
        `T-${i >> 1}`,
        i % 2 ? 'TCD' : 'ACTVT',
        `V${i % 5}`,
        i % 4 ? '' : 'Z',
      ];
      lines.push([...row, ''].join(','));
      expected.push(row);
    }
    const x = await readSystemExtract(folderOf(extractWith({ 'AGR_1251.csv': lines.join('\n') })));
    expect(x.roleAuthorisations.map((r) => [r.role, r.object, r.auth, r.field, r.low, r.high])).toEqual(expected);
  });

  it('ignores unknown tables and unknown columns', async () => {
    const x = await readSystemExtract(
      folderOf(
        extractWith({
          'USR21.csv': 'BNAME,PERSNUMBER\nALICE,1\n',
          'USR02.csv': 'ANAME,BNAME,WHATEVER\nADMIN,ALICE,1\n',
        }),
      ),
    );
    expect(x.users.map((u) => u.bname)).toEqual(['ALICE']);
  });

  it('matches header names case-insensitively after trimming', async () => {
    const x = await readSystemExtract(folderOf(extractWith({ 'USR02.csv': ' bname ,Uflag\nALICE,32\n' })));
    expect(x.users.map((u) => [u.bname, u.uflag])).toEqual([['ALICE', 32]]);
  });

  it('skips rows left entirely blank', async () => {
    const x = await readSystemExtract(folderOf(extractWith({ 'USR02.csv': 'BNAME,USTYP\nALICE,A\n , \nBOB,B\n' })));
    expect(x.users.map((u) => u.bname)).toEqual(['ALICE', 'BOB']);
  });

  it('reads only the tables asked for', async () => {
    const x = await readSystemExtract(
      folderOf({ 'TSTCA.csv': 'TCODE,OBJCT,FIELD,VALUE\nFB60,F_BKPF_BUK,ACTVT,01\n' }),
      {
        tables: ['TSTCA'],
      },
    );
    expect(x.tcodeChecks).toEqual([{ tcode: 'FB60', object: 'F_BKPF_BUK', field: 'ACTVT', value: '01' }]);
  });

  it('reports progress per table', async () => {
    const seen: { table: string; rows: number }[] = [];
    await readSystemExtract(folderOf(MINIMAL_EXTRACT), { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([
      { table: 'AGR_1251', rows: 1 },
      { table: 'AGR_USERS', rows: 1 },
      { table: 'USR02', rows: 1 },
    ]);
  });
});

describe('readSystemExtract: filters', () => {
  it('drops AGR_1251, UST10S and UST12 rows of objects not asked for', async () => {
    const x = await readSystemExtract(folderOf(FULL_EXTRACT), { objects: new Set(['S_TCODE']) });
    expect(x.roleAuthorisations.map((r) => r.object)).toEqual(['S_TCODE', 'S_TCODE']);
    expect(x.profileAuthorisations.map((r) => r.object)).toEqual(['S_TCODE']);
    expect(x.authorisationValues.map((r) => r.object)).toEqual(['S_TCODE']);
    // Other tables are whole.
    expect(x.tcodeChecks).toEqual(EXPECTED.tcodeChecks);
    expect(x.users).toEqual(EXPECTED.users);
  });

  it('skips UST10C, UST10S and UST12 rows of inactive maintenance versions', async () => {
    const x = await readSystemExtract(folderOf(FULL_EXTRACT));
    expect(x.subProfiles.map((r) => r.subProfile)).toEqual(['S_A.SYSTEM', 'Z_SUB']);
    expect(x.profileAuthorisations.map((r) => r.object)).toEqual(['S_TCODE', 'S_USER_GRP']);
    expect(x.authorisationValues.map((r) => r.low)).toEqual(['*', ' A ']);
  });

  const twoClients = extractWith({
    'USR02.csv': 'MANDT,BNAME\n100,ALICE\n200,BOB\n100,CAROL\n',
    'AGR_USERS.csv': 'MANDT,AGR_NAME,UNAME,FROM_DAT,TO_DAT\n100,Z_ROLE,ALICE,,\n200,Z_ROLE,BOB,,\n',
    'T000.csv': 'MANDT,CCCATEGORY\n100,P\n200,T\n',
  });

  it('rejects an extract of several clients when no client is chosen', async () => {
    const e = await expectInputError(readSystemExtract(folderOf(twoClients)), {
      file: 'AGR_USERS.csv',
      line: 3,
      column: 'MANDT',
      message: /several clients \(MANDT 100, 200\); choose one with --client/,
    });
    expect(e.message).toBe(
      'AGR_USERS.csv line 3, column MANDT: the extract holds several clients (MANDT 100, 200); choose one with --client',
    );
  });

  it('rejects clients that differ from one table to another', async () => {
    await expectInputError(
      readSystemExtract(
        folderOf(
          extractWith({
            'USR02.csv': 'MANDT,BNAME\n200,ALICE\n',
            'AGR_USERS.csv': 'MANDT,AGR_NAME,UNAME,FROM_DAT,TO_DAT\n100,Z_ROLE,ALICE,,\n',
          }),
        ),
      ),
      { file: 'USR02.csv', line: 2, column: 'MANDT', message: /MANDT 100, 200/ },
    );
  });

  it('keeps only the chosen client, tables without MANDT whole, and T000 unfiltered', async () => {
    const x = await readSystemExtract(folderOf(twoClients), { client: '200' });
    expect(x.users.map((u) => u.bname)).toEqual(['BOB']);
    expect(x.roleAssignments.map((a) => a.user)).toEqual(['BOB']);
    expect(x.roleAuthorisations).toHaveLength(1);
    expect(x.clients.map((c) => c.client)).toEqual(['100', '200']);
  });

  it('rejects a client that has no user', async () => {
    await expectInputError(readSystemExtract(folderOf(twoClients), { client: '300' }), {
      file: 'USR02.csv',
      column: 'MANDT',
      message: /no user of client 300 in USR02; the clients found are 100, 200/,
    });
  });
});

describe('readSystemExtract: malformed input', () => {
  it.each(['USR02', 'AGR_USERS', 'AGR_1251'])('rejects an extract without the mandatory table %s', async (table) => {
    const files = { ...MINIMAL_EXTRACT };
    delete files[`${table}.csv`];
    const dir = folderOf(files);
    await expectInputError(readSystemExtract(dir), {
      file: dir,
      message: new RegExp(`the mandatory table ${table} is missing`),
    });
  });

  it('accepts an extract without any optional table', async () => {
    const mandatory = Object.entries(EXTRACT_TABLES)
      .filter(([, s]) => s.mandatory)
      .map(([n]) => `${n}.csv`);
    expect(Object.keys(MINIMAL_EXTRACT).sort()).toEqual(mandatory.sort());
    await expect(readSystemExtract(folderOf(MINIMAL_EXTRACT))).resolves.toMatchObject({ users: [{ bname: 'ALICE' }] });
  });

  it('rejects a file without a required column, naming the file and the column', async () => {
    const e = await expectInputError(
      readSystemExtract(
        folderOf(extractWith({ 'AGR_1251.csv': 'AGR_NAME,OBJECT,FIELD,LOW,HIGH,DELETED\nR,S_TCODE,TCD,FB01,,\n' })),
      ),
      { file: 'AGR_1251.csv', line: 1, column: 'AUTH', message: /required column AUTH is missing/ },
    );
    expect(e.message).toMatch(/^AGR_1251\.csv line 1, column AUTH: /);
  });

  it('rejects a required column of an optional table too', async () => {
    await expectInputError(
      readSystemExtract(folderOf(extractWith({ 'UST12.csv': 'OBJCT,AUTH,FIELD,BIS\nS_TCODE,A,TCD,*\n' }))),
      {
        file: 'UST12.csv',
        line: 1,
        column: 'VON',
      },
    );
  });

  it('rejects a column given twice', async () => {
    await expectInputError(readSystemExtract(folderOf(extractWith({ 'USR02.csv': 'BNAME,bname\nA,B\n' }))), {
      file: 'USR02.csv',
      line: 1,
      column: 'BNAME',
      message: /appears twice/,
    });
  });

  it('rejects a bad date with file, line, column and the value', async () => {
    const e = await expectInputError(
      readSystemExtract(
        folderOf(
          extractWith({
            'AGR_USERS.csv': 'AGR_NAME,UNAME,FROM_DAT,TO_DAT\nR,ALICE,20240101,99991231\nR,BOB,2024-13-45,99991231\n',
          }),
        ),
      ),
      { file: 'AGR_USERS.csv', line: 3, column: 'FROM_DAT' },
    );
    expect(e.message).toBe(
      'AGR_USERS.csv line 3, column FROM_DAT: expected a date YYYYMMDD, YYYY-MM-DD or DD.MM.YYYY, got "2024-13-45"',
    );
  });

  it.each([
    ['GLTGV', 'yesterday'],
    ['GLTGB', '2024/01/01'],
    ['TRDAT', '202401'],
    ['ERDAT', '20240230x'],
  ])('rejects a bad USR02 date in %s', async (column, value) => {
    await expectInputError(
      readSystemExtract(folderOf(extractWith({ 'USR02.csv': `BNAME,${column}\nALICE,20240101\nBOB,${value}\n` }))),
      {
        file: 'USR02.csv',
        line: 3,
        column,
        message: new RegExp(`expected a date YYYYMMDD, YYYY-MM-DD or DD.MM.YYYY, got "${value.replace(/[/]/g, '\\/')}"`),
      },
    );
  });

  it.each([
    ['UFLAG', '6 4'],
    ['UFLAG', '64.0'],
    ['PWDSTATE', 'x'],
  ])('rejects a non-integer %s', async (column, value) => {
    await expectInputError(
      readSystemExtract(folderOf(extractWith({ 'USR02.csv': `BNAME,${column}\nALICE,${value}\n` }))),
      {
        file: 'USR02.csv',
        line: 2,
        column,
        message: new RegExp(`expected an integer, got "${value}"`),
      },
    );
  });

  it('rejects an unclosed quote, and returns nothing of the rest', async () => {
    await expectInputError(
      readSystemExtract(
        folderOf(
          extractWith({ 'AGR_1251.csv': 'AGR_NAME,OBJECT,AUTH,FIELD,LOW,HIGH,DELETED\nR,S_TCODE,T,TCD,"FB01,,\n' }),
        ),
      ),
      { file: 'AGR_1251.csv', line: 2, column: 'LOW', message: /never closed/ },
    );
  });

  it('rejects a line with the wrong number of fields', async () => {
    await expectInputError(
      readSystemExtract(
        folderOf(extractWith({ 'AGR_USERS.csv': 'AGR_NAME,UNAME,FROM_DAT,TO_DAT\nR,ALICE,,\nR,BOB,\n' })),
      ),
      { file: 'AGR_USERS.csv', line: 3, message: /expected 4 fields as in the header, got 3/ },
    );
  });

  it('rejects a table given twice', async () => {
    await expectInputError(
      readSystemExtract(folderOf(extractWith({ 'agr_1251.txt': MINIMAL_EXTRACT['AGR_1251.csv'] }))),
      {
        file: 'agr_1251.txt',
        message: /table AGR_1251 is given twice \(also as AGR_1251\.csv\)/,
      },
    );
  });

  it('names the zip entry and the sheet in errors', async () => {
    const zip = zipOf(extractWith({ 'x/USR02.csv': 'BNAME,UFLAG\nALICE,abc\n' }));
    await expectInputError(readSystemExtract([{ name: 'sys.zip', data: zip }]), {
      file: 'sys.zip[x/USR02.csv]',
      message: /table USR02 is given twice \(also as sys\.zip\[USR02\.csv\]\)/,
    });
    const zip2 = zipOf({ ...MINIMAL_EXTRACT, 'USR02.csv': 'BNAME,UFLAG\nALICE,abc\n' });
    await expectInputError(readSystemExtract([{ name: 'sys.zip', data: zip2 }]), {
      file: 'sys.zip[USR02.csv]',
      line: 2,
      column: 'UFLAG',
    });
    const book = await xlsxOf({
      USR02: [
        ['BNAME', 'GLTGB'],
        ['ALICE', '31/12/2024'],
      ],
    });
    await expectInputError(readSystemExtract([{ name: 'sys.xlsx', data: book }]), {
      file: 'sys.xlsx[USR02]',
      line: 2,
      column: 'GLTGB',
    });
  });
});
