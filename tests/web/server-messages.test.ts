// @vitest-environment happy-dom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { BASIS_CHECKS } from '../../engine/basis/catalogue.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';
import {
  IMPORT_RULES,
  SERVER_RULES,
  jobErrorText,
  localizeApiError,
  localizeFieldMessage,
  localizeImportError,
  matchRule,
} from '../../src/i18n/localize-server.ts';

// Issue 15 item 7: every server message, import error and basis check in the UI's language.

const provider = (lang: 'tr' | 'en' | 'de') => polyglotI18nProvider(() => catalogues[lang], lang);
const t = (lang: 'tr' | 'en' | 'de') => {
  const p = provider(lang);
  return (key: string, options?: Record<string, unknown>) => p.translate(key, options);
};
const tr = t('tr');
const de = t('de');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Reads the string literal at `i` ('…' or `…` with each ${…} as 7); null when it is not one. */
function literalAt(src: string, i: number): string | null {
  const quote = src[i];
  if (quote !== "'" && quote !== '`') return null;
  let out = '';
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') {
      out += src[j + 1];
      j++;
    } else if (c === quote) return out;
    else if (quote === '`' && c === '$' && src[j + 1] === '{') {
      // Skip the expression, nested braces and strings included.
      let depth = 1;
      j += 2;
      while (j < src.length && depth > 0) {
        if (src[j] === '{') depth++;
        else if (src[j] === '}') depth--;
        else if (src[j] === '`' || src[j] === "'" || src[j] === '"') {
          const q = src[j];
          j++;
          while (j < src.length && src[j] !== q) j += src[j] === '\\' ? 2 : 1;
        }
        j++;
      }
      j--;
      out += '7';
    } else out += c;
  }
  return null;
}

/** The literal first (or, for AppError, third) argument of every call of the given kinds. */
function literalMessages(srcFiles: string[], call: RegExp): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  for (const file of srcFiles) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(call)) {
      let i = m.index! + m[0].length;
      while (/\s/.test(src[i])) i++;
      const text = literalAt(src, i);
      if (text !== null) out.push({ file: path.relative(process.cwd(), file), text });
    }
  }
  return out;
}

const serverFiles = files(path.resolve('server'));

/**
 * The import problems thrown with a code (`new InputError(text, place, { code: NAME })`, NAME a
 * constant of the importers): their text → their code. The UI words them from the code.
 */
function importProblemCodes(importerFiles: string[]): Map<string, string> {
  const sources = importerFiles.map((file) => readFileSync(file, 'utf8'));
  const constants = new Map(sources.flatMap((src) => [...src.matchAll(/export const (\w+) = '([A-Z_]+)'/g)].map((m) => [m[1], m[2]] as const)));
  const out = new Map<string, string>();
  for (const src of sources) {
    for (const m of src.matchAll(/new InputError\(/g)) {
      let i = m.index + m[0].length;
      while (/\s/.test(src[i])) i++;
      const text = literalAt(src, i);
      // The call's options follow its text and place (a text may hold ");", so no end is looked for).
      const next = src.indexOf('new InputError(', i);
      const code = /\bcode: (\w+)/.exec(src.slice(i, Math.min(next < 0 ? src.length : next, i + 600)))?.[1];
      if (text !== null && code !== undefined) out.set(text, constants.get(code) ?? code);
    }
  }
  return out;
}

describe('server messages in the UI’s language', () => {
  it('no message the API throws is English alone: each throw carries a code the catalogues word (issue 31)', () => {
    // The last of them ("Fill in all fields correctly") became FIELDS_INVALID: a throw that
    // gives only English (an AppError made by hand, a helper without a code) would be found here.
    const messages = literalMessages(serverFiles, /\b(?:badRequest|conflict|refused|licenceError)\(|new AppError\(\s*\d+,\s*'[A-Z_]+',/g);
    expect(messages.map((m) => `${m.file}: ${m.text}`)).toEqual([]);
  });

  it('every import problem the readers throw is known to a rule, or carries a code the three catalogues word', () => {
    const importerFiles = serverFiles.filter((f) => f.includes(`${path.sep}importers${path.sep}`));
    const problems = literalMessages(importerFiles, /new InputError\(/g);
    expect(problems.length).toBeGreaterThan(30);
    const coded = importProblemCodes(importerFiles);
    expect([...coded.values()].sort()).toEqual(['CELL_TOO_LONG', 'RULESET_TOO_MANY_FUNCTIONS', 'RULESET_TOO_MANY_LINES', 'USER_MAPPED_TWICE']);
    const unknown = problems
      .filter((m) => !coded.has(m.text) && matchRule(IMPORT_RULES, m.text) === null && matchRule(SERVER_RULES, m.text) === null)
      .map((m) => `${m.file}: ${m.text}`);
    expect(unknown).toEqual([]);
    const unworded = [...coded.values()].flatMap((code) => (['tr', 'en', 'de'] as const).filter((l) => t(l)(`segra.import.code.${code}`) === `segra.import.code.${code}`).map((l) => `${l}: ${code}`));
    expect(unworded).toEqual([]);
  });

  it('says a known message in Turkish and German, with the values the server named', () => {
    const body = { code: 'CUSTOMER_HAS_USERS', params: { count: 3 }, message: 'The customer has 3 user(s) and cannot be deleted; delete or move them first' };
    expect(localizeApiError(body, tr)).toBe('Müşterinin 3 kullanıcısı var, silinemez; önce kullanıcıları silin veya taşıyın');
    expect(localizeApiError(body, de)).toBe('Der Kunde hat 3 Benutzer und kann nicht gelöscht werden; löschen oder verschieben Sie sie zuerst');
    expect(localizeApiError({ code: 'USER_NOT_IN_PERIOD', params: { name: 'ALICE' }, message: 'User ALICE is not in the system period (USR02)' }, tr)).toBe('ALICE kullanıcısı sistem döneminde yok (USR02)');
    expect(localizeApiError({ code: 'ANALYSIS_RUNNING', params: {}, message: 'The analysis is running; cancel it first' }, de)).toBe('Die Analyse läuft; brechen Sie sie zuerst ab');
  });

  it('words a code with params from the catalogue, whatever the English message says (DESIGN 6)', () => {
    const translate = (key: string, o?: Record<string, unknown>) =>
      key === 'segra.errors.code.SOME_LIMIT' ? `limit ${String(o?.limit)} of ${String(o?.name)}` : key;
    expect(localizeApiError({ code: 'SOME_LIMIT', params: { limit: 5, name: 'L1' }, message: 'The customer has 3 user(s) and cannot be deleted' }, translate)).toBe('limit 5 of L1');
  });

  it('every code thrown with params (coded) has its text in Turkish, English and German', () => {
    const codes = new Set<string>();
    for (const file of serverFiles) for (const m of readFileSync(file, 'utf8').matchAll(/\bcoded\(\s*\d+,\s*'([A-Z_]+)'/g)) codes.add(m[1]);
    const missing = [...codes].flatMap((code) => (['tr', 'en', 'de'] as const).filter((l) => t(l)(`segra.errors.code.${code}`) === `segra.errors.code.${code}`).map((l) => `${l}: ${code}`));
    expect(missing).toEqual([]);
  });

  it('falls back to the code’s text, never the English message', () => {
    const body = { code: 'PERIOD_EMPTY', message: 'Something the catalogue has never seen' };
    expect(localizeApiError(body, tr)).toBe(tr('segra.errors.code.PERIOD_EMPTY'));
    expect(localizeApiError({ message: 'Unheard of' }, tr)).toBeNull();
    expect(localizeFieldMessage('SID is required', tr)).toBe('Zorunlu alan');
    expect(localizeFieldMessage('Some new rule nobody wrote down', de)).toBe('Der Wert ist ungültig');
    expect(localizeFieldMessage('The system does not exist in this customer', tr)).toBe('Bu müşteride böyle bir sistem yok');
    expect(localizeFieldMessage('The system does not exist in this customer', de)).toBe('Dieses System gibt es bei diesem Kunden nicht');
  });

  it('places an import error in the language’s words, then its problem', () => {
    const error = {
      message: 'USR02.csv line 4, column GLTGB: expected a date YYYYMMDD, YYYY-MM-DD or dd.mm.yyyy (empty for an open bound), got "31/12"',
      file: 'USR02.csv',
      line: 4,
      column: 'GLTGB',
      code: 'UNPROCESSABLE_UPLOAD',
    };
    expect(localizeImportError(error, tr)).toBe('USR02.csv, satır 4, sütun GLTGB: YYYYAAGG, YYYY-AA-GG veya gg.aa.yyyy biçiminde bir tarih bekleniyordu (açık sınır için boş), bulunan: "31/12"');
    expect(localizeImportError({ message: 'extract.zip: the mandatory table AGR_USERS is missing: expected a file AGR_USERS.csv (or .txt, .tsv) or a sheet AGR_USERS', file: 'extract.zip' }, de)).toBe(
      'extract.zip: die Pflichttabelle AGR_USERS fehlt: erwartet wird eine Datei AGR_USERS.csv (oder .txt, .tsv) oder ein Blatt AGR_USERS',
    );
    expect(localizeImportError({ message: 'The import failed because of an error on the server; upload the file again, or ask your administrator to look at the server log', code: 'IMPORT_FAILED' }, tr)).toBe(
      tr('segra.server.import_failed'),
    );
  });

  it('words a bound-passing import problem from its code and params, whatever the English says (DESIGN 6, 7b)', () => {
    const at = { file: 'USR02.csv', line: 4, column: 'BNAME', message: 'USR02.csv line 4, column BNAME: reworded in English' };
    expect(localizeImportError({ ...at, code: 'CELL_TOO_LONG', params: { length: 70000, limit: 65536 } }, tr)).toBe(
      'USR02.csv, satır 4, sütun BNAME: hücre 70000 karakter tutuyor; bir hücre en fazla 65536 karakter (64 KiB) tutabilir',
    );
    expect(localizeImportError({ ...at, code: 'RULESET_TOO_MANY_FUNCTIONS', params: { limit: 100000, setting: 'MAX_RULESET_FUNCTIONS' } }, de)).toBe(
      'USR02.csv, Zeile 4, Spalte BNAME: das Regelwerk hat mehr als 100000 Funktionen (MAX_RULESET_FUNCTIONS)',
    );
    expect(localizeImportError({ ...at, code: 'RULESET_TOO_MANY_LINES', params: { limit: 2000000, setting: 'MAX_RULESET_LINES' } }, tr)).toBe(
      'USR02.csv, satır 4, sütun BNAME: kural seti 2000000 satırdan fazlasını içeriyor (MAX_RULESET_LINES)',
    );
  });

  it('says a failed job’s reason in the language, a reason it does not know as the generic failure', () => {
    expect(jobErrorText('The process running this analysis stopped (restart or crash); run it again', tr)).toBe(tr('segra.server.process_stopped'));
    expect(jobErrorText('The server stopped while the basis checks ran; run them again', de)).toBe(de('segra.server.process_stopped'));
    expect(jobErrorText('TypeError: x is undefined', de)).toBe(de('segra.server.job_failed'));
    expect(jobErrorText(null, tr)).toBeNull();
  });
});

describe('the basis check catalogue in every language', () => {
  it('has every check’s title and explanation in Turkish and German, and the engine’s in English', () => {
    for (const c of BASIS_CHECKS) {
      const [en, trC, deC] = (['en', 'tr', 'de'] as const).map((l) => (catalogues[l].segra as unknown as { basis_checks: Record<string, { title: string; explanation: string }> }).basis_checks[c.id]);
      expect(en, c.id).toEqual(expect.objectContaining({ title: c.title, explanation: c.explanation }));
      for (const [lang, own] of [['tr', trC], ['de', deC]] as const) {
        expect(own.title, `${lang} ${c.id}`).not.toBe(c.title);
        expect(own.explanation, `${lang} ${c.id}`).not.toBe(c.explanation);
      }
    }
  });
});

describe('import errors on the screens', () => {
  it('no screen shows a stored import error in the server’s English (jobErrorText translates it)', () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = path.join(dir, f);
        return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(p) ? [p] : [];
      });
    const raw = sources(path.resolve('src'))
      .filter((f) => !f.endsWith(path.join('analysis', 'helpers.ts')))
      .filter((f) => /\bformatImportError\(/.test(readFileSync(f, 'utf8')));
    expect(raw.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });
});
