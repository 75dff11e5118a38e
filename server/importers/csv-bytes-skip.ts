/**
 * The byte form of a SkipRule (table-types.ts): decides from a row's raw bytes, before any of its
 * values becomes a string, whether the row may be left out (issue 12: two thirds of L's AGR_1251
 * are objects no ruleset reads). Every test here is the byte twin of one the row's reader makes on
 * the strings, so a skipped row is one that reader would have dropped without a trace but the count.
 */
import type { ColumnStrings } from './csv-bytes.ts';
import type { SkipRule } from './table-types.ts';

const ACTVT = [65, 67, 84, 86, 84];

/** Holds a character other than blanks (plain bytes: ASCII without control characters but tab, CR, LF). */
function visible(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (buf[i] > 32) return true;
  return false;
}

/** Trims to `ACTVT`. */
function isActvt(buf: Uint8Array, start: number, end: number): boolean {
  while (start < end && buf[start] <= 32) start++;
  while (end > start && buf[end - 1] <= 32) end--;
  if (end - start !== 5) return false;
  for (let i = 0; i < 5; i++) if (buf[start + i] !== ACTVT[i]) return false;
  return true;
}

/** One digit among at most three characters, the others spaces: extract-row-mappers.ts's oneDigit on the bytes. */
function oneDigit(buf: Uint8Array, start: number, end: number): boolean {
  const n = end - start;
  if (n === 0 || n > 3) return false;
  let digits = 0;
  for (let i = start; i < end; i++) {
    const c = buf[i];
    if (c >= 48 && c <= 57) digits++;
    else if (c !== 32) return false;
  }
  return digits === 1;
}

export class SkipMatcher {
  private readonly keep: ReadonlySet<string>;
  /** Per id of the deciding column's strings: 0 not known yet, 1 kept, 2 skipped. */
  private verdicts = new Uint8Array(256);

  constructor(readonly rule: SkipRule) {
    this.keep = new Set(rule.keep);
  }

  /** Whether the row whose `count` values lie at starts[i]..ends[i] of buf may be skipped. */
  skips(buf: Buffer, starts: Int32Array, ends: Int32Array, count: number, decide: ColumnStrings): boolean {
    const r = this.rule;
    if (count !== r.width) return false;
    const nonBlank = r.nonBlank;
    for (let k = 0; k < nonBlank.length; k++) if (!visible(buf, starts[nonBlank[k]], ends[nonBlank[k]])) return false;
    if (this.kept(decide, decide.id(buf, starts[r.decide], ends[r.decide]))) return false;
    const a = r.actvt;
    if (a !== null && isActvt(buf, starts[a.field], ends[a.field])) {
      for (let k = 0; k < a.values.length; k++) if (oneDigit(buf, starts[a.values[k]], ends[a.values[k]])) return false;
    }
    return true;
  }

  private kept(strings: ColumnStrings, id: number): boolean {
    if (id < 0) return this.keep.has(strings.fresh.trim());
    if (id >= this.verdicts.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.verdicts.length * 2));
      grown.set(this.verdicts);
      this.verdicts = grown;
    }
    let v = this.verdicts[id];
    if (v === 0) this.verdicts[id] = v = this.keep.has(strings.list[id].trim()) ? 1 : 2;
    return v === 1;
  }
}
