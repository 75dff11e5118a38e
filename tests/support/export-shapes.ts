/**
 * Rewrites a canonical extract (our CSV: UTF-8, comma, YYYYMMDD, technical headers) into the
 * shapes real exports arrive in (DESIGN 4.1a), so tests can check that every shape reads to the
 * same extract and the same findings. The encoders and labels here are written independently of
 * the readers' own tables.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';

export const SHAPES = [
  'se16n-list',
  'utf16le-tab',
  'utf16be-tab',
  'excel-de-1252',
  'excel-tr-1254',
  'lower-case-tsv',
  'labels-en',
  'labels-de',
  'labels-tr',
] as const;
export type Shape = (typeof SHAPES)[number];

/** Date columns per table (written dd.mm.yyyy by Excel in a German or Turkish locale). */
const DATE_COLUMNS: Record<string, readonly string[]> = {
  USR02: ['GLTGV', 'GLTGB', 'TRDAT', 'ERDAT'],
  AGR_USERS: ['FROM_DAT', 'TO_DAT'],
};

/** SE16N headings with field labels, as a user with that logon language sees them. */
const LABELS: Record<'en' | 'de' | 'tr', Record<string, Record<string, string>>> = {
  en: {
    USR02: {
      MANDT: 'Client',
      BNAME: 'User',
      USTYP: 'User Type',
      UFLAG: 'User Lock Status',
      GLTGV: 'Valid From',
      GLTGB: 'Valid To',
      TRDAT: 'Last Logon Date',
      CLASS: 'User Group',
      CODVN: 'Code Version',
      PWDSTATE: 'Password Status',
      ERDAT: 'Created On',
    },
    AGR_USERS: { MANDT: 'Client', AGR_NAME: 'Role', UNAME: 'User', FROM_DAT: 'Start Date', TO_DAT: 'End Date' },
    AGR_1251: {
      MANDT: 'Client',
      AGR_NAME: 'Role',
      OBJECT: 'Object',
      AUTH: 'Authorization',
      FIELD: 'Field Name',
      LOW: 'Value',
      HIGH: 'Value',
      DELETED: 'Deleted',
    },
    UST04: { MANDT: 'Client', BNAME: 'User', PROFILE: 'Profile' },
    UST12: {
      MANDT: 'Client',
      OBJCT: 'Object',
      AUTH: 'Authorization',
      FIELD: 'Field Name',
      VON: 'Value',
      BIS: 'Value',
      AKTPS: 'Version',
    },
  },
  de: {
    USR02: {
      MANDT: 'Mandant',
      BNAME: 'Benutzer',
      USTYP: 'Benutzertyp',
      UFLAG: 'Benutzersperre',
      GLTGV: 'Gültig ab',
      GLTGB: 'Gültig bis',
      TRDAT: 'Letztes Anmeldedatum',
      CLASS: 'Benutzergruppe',
      CODVN: 'Codeversion',
      PWDSTATE: 'Kennwortstatus',
      ERDAT: 'Angelegt am',
    },
    AGR_USERS: { MANDT: 'Mandant', AGR_NAME: 'Rolle', UNAME: 'Benutzer', FROM_DAT: 'Beginndatum', TO_DAT: 'Endedatum' },
    AGR_1251: {
      MANDT: 'Mandant',
      AGR_NAME: 'Rolle',
      OBJECT: 'Objekt',
      AUTH: 'Berechtigung',
      FIELD: 'Feldname',
      LOW: 'Wert',
      HIGH: 'Wert',
      DELETED: 'Gelöscht',
    },
    UST04: { MANDT: 'Mandant', BNAME: 'Benutzer', PROFILE: 'Profil' },
    UST12: {
      MANDT: 'Mandant',
      OBJCT: 'Objekt',
      AUTH: 'Berechtigung',
      FIELD: 'Feldname',
      VON: 'Wert',
      BIS: 'Wert',
      AKTPS: 'Version',
    },
  },
  tr: {
    USR02: {
      MANDT: 'Üst birim',
      BNAME: 'Kullanıcı',
      USTYP: 'Kullanıcı tipi',
      UFLAG: 'Kullanıcı kilidi',
      GLTGV: 'Geçerlilik başlangıcı',
      GLTGB: 'Geçerlilik sonu',
      TRDAT: 'Son oturum açma tarihi',
      CLASS: 'Kullanıcı grubu',
      CODVN: 'Kod sürümü',
      PWDSTATE: 'Parola durumu',
      ERDAT: 'Yaratma tarihi',
    },
    AGR_USERS: {
      MANDT: 'Üst birim',
      AGR_NAME: 'Rol',
      UNAME: 'Kullanıcı',
      FROM_DAT: 'Başlangıç tarihi',
      TO_DAT: 'Bitiş tarihi',
    },
    AGR_1251: {
      MANDT: 'Üst birim',
      AGR_NAME: 'Rol',
      OBJECT: 'Nesne',
      AUTH: 'Yetki',
      FIELD: 'Alan adı',
      LOW: 'Değer',
      HIGH: 'Değer',
      DELETED: 'Silindi',
    },
    UST04: { MANDT: 'Üst birim', BNAME: 'Kullanıcı', PROFILE: 'Profil' },
    UST12: {
      MANDT: 'Üst birim',
      OBJCT: 'Nesne',
      AUTH: 'Yetki',
      FIELD: 'Alan adı',
      VON: 'Değer',
      BIS: 'Değer',
      AKTPS: 'Sürüm',
    },
  },
};

/** Windows-1252/1254 bytes of text; throws when a character has none (checked by decoding back). */
export function encodeSingleByte(text: string, encoding: 'windows-1252' | 'windows-1254'): Uint8Array {
  const turkish: Record<string, number> = { Ğ: 0xd0, İ: 0xdd, Ş: 0xde, ğ: 0xf0, ı: 0xfd, ş: 0xfe };
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const c = text.charCodeAt(i);
    if (encoding === 'windows-1254' && turkish[ch] !== undefined) out[i] = turkish[ch];
    else if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) out[i] = c;
    else throw new Error(`no ${encoding} byte for ${ch}`);
  }
  if (new TextDecoder(encoding).decode(out) !== text) throw new Error(`${encoding} cannot hold this text`);
  return out;
}

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
    out[2 + 2 * i + (bigEndian ? 0 : 1)] = c >> 8;
  }
  return out;
}

function ddmmyyyy(v: string): string {
  if (v === '' || v === '00000000') return '';
  return `${v.slice(6, 8)}.${v.slice(4, 6)}.${v.slice(0, 4)}`;
}

/** An SE16N "unconverted" list: title, rules, padded `|` columns, the header again every `page` rows. */
export function se16nList(table: string, rows: string[][], page = 40): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]): string => `|${r.map((v, i) => v.padEnd(widths[i])).join('|')}|`;
  const rule = '-'.repeat(line(rows[0]).length);
  const out = [
    `25.11.2026                 Dynamic List Display                 1`,
    `Table: ${table}`,
    rule,
    line(rows[0]),
    rule,
  ];
  rows.slice(1).forEach((r, i) => {
    if (i > 0 && i % page === 0)
      out.push(
        rule,
        '',
        `25.11.2026                 Dynamic List Display                 ${1 + i / page}`,
        rule,
        line(rows[0]),
        rule,
      );
    out.push(line(r));
  });
  out.push(rule);
  return out.join('\r\n') + '\r\n';
}

/** The bytes and file name of one canonical table in a shape. */
export function reshapeTable(fileName: string, text: string, shape: Shape): { name: string; data: Uint8Array } {
  const table = path.basename(fileName, path.extname(fileName)).toUpperCase();
  const rows = Papa.parse<string[]>(text.replace(/\n$/, ''), { delimiter: ',' }).data;
  const tsv = (r: string[][]): string => r.map((x) => x.join('\t')).join('\r\n') + '\r\n';
  const enc = new TextEncoder();
  switch (shape) {
    case 'se16n-list':
      return { name: `${table}.txt`, data: enc.encode(se16nList(table, rows)) };
    case 'utf16le-tab':
      return { name: `${table}.txt`, data: utf16(tsv(rows), false) };
    case 'utf16be-tab':
      return { name: `${table}.txt`, data: utf16(tsv(rows), true) };
    case 'excel-de-1252':
    case 'excel-tr-1254': {
      const dates = (DATE_COLUMNS[table] ?? []).map((c) => rows[0].indexOf(c));
      const out = rows.map((r, i) =>
        r
          .map((v, j) => (i > 0 && dates.includes(j) ? ddmmyyyy(v) : v))
          .map((v) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v))
          .join(';'),
      );
      const body = out.join('\r\n') + '\r\n';
      return {
        name: `${table}.csv`,
        data: encodeSingleByte(body, shape === 'excel-de-1252' ? 'windows-1252' : 'windows-1254'),
      };
    }
    case 'lower-case-tsv':
      return { name: `${table.toLowerCase()}.TSV`, data: enc.encode(tsv(rows)) };
    case 'labels-en':
    case 'labels-de':
    case 'labels-tr': {
      const labels = LABELS[shape.slice(7) as 'en' | 'de' | 'tr'][table];
      const header = labels ? rows[0].map((c) => labels[c] ?? c) : rows[0];
      return { name: `${table}.txt`, data: enc.encode(tsv([header, ...rows.slice(1)])) };
    }
  }
}

/** Writes every table file of `from` into a new folder `to`, in a shape. */
export function reshapeFolder(from: string, to: string, shape: Shape): void {
  fs.mkdirSync(to, { recursive: true });
  for (const f of fs.readdirSync(from)) {
    const { name, data } = reshapeTable(f, fs.readFileSync(path.join(from, f), 'utf8'), shape);
    fs.writeFileSync(path.join(to, name), data);
  }
}

const NAMES = {
  de: [
    'Jürgen,Müller,Jürgen Müller,Einkauf',
    'Björn,Größe,Björn Größe,Buchhaltung',
    'Renée,Weiß,Renée Weiß,Zahlungsverkehr',
  ],
  tr: [
    'Şükrü,Yılmaz,Şükrü Yılmaz,Satın Alma',
    'Ayşe,Güneş,Ayşe Güneş,Muhasebe',
    'Çağrı,Işık,Çağrı Işık,Bilgi İşlem',
    'İbrahim,Doğan,İbrahim Doğan,Ödemeler',
  ],
};

/**
 * A copy of a generated extract whose people have names of one language (the generator's span
 * many scripts, which no single-byte code page holds). Every other file must be ASCII.
 */
export function canonicalWith(generated: string, language: 'de' | 'tr'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `segra-canonical-${language}-`));
  for (const f of fs.readdirSync(generated)) fs.copyFileSync(path.join(generated, f), path.join(dir, f));
  const addr = path.join(dir, 'USER_ADDR.csv');
  const lines = fs.readFileSync(addr, 'utf8').split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '') continue;
    const cells = lines[i].split(',');
    cells.splice(2, 4, ...NAMES[language][i % NAMES[language].length].split(','));
    lines[i] = cells.join(',');
  }
  fs.writeFileSync(addr, lines.join('\n'));
  for (const f of fs.readdirSync(dir)) {
    if (f !== 'USER_ADDR.csv' && /[^\t\n\r\x20-\x7e]/.test(fs.readFileSync(path.join(dir, f), 'utf8'))) {
      throw new Error(`${f} is not ASCII`);
    }
  }
  return dir;
}
