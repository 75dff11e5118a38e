/**
 * AGR_1251 rows as columns of string indexes, the form a reader may give millions of rows in
 * (SystemExtract.roleAuthorisationColumns) instead of one object per row: `segra analyze` on L
 * keeps 1.7 M rows, whose objects cost the reading its allocation and the collector its copying
 * (issue 12). The strings are the reader's own (interned), so a string comes back as the same
 * object each time it was added under one index.
 */
export type RoleAuthorisationVisitor = (role: string, object: string, auth: string, field: string, low: string, high: string, deleted: boolean) => void;

/** Int32 cells per row: role, object, auth, field, low, high, deleted. */
const STRIDE = 7;

export class RoleAuthorisationColumns {
  /** The strings the rows' cells point to. */
  readonly strings: string[] = [];
  private cells = new Int32Array(STRIDE * 1024);
  private rows = 0;
  /** Per column, the string last added and its index: a run of equal values is one string. */
  private readonly lastText: string[] = ['', '', '', '', '', ''];
  private readonly lastIndex: number[] = [-1, -1, -1, -1, -1, -1];

  get length(): number {
    return this.rows;
  }

  /** A string's index, for rows given as indexes (`pushIndexes`). */
  add(s: string): number {
    this.strings.push(s);
    return this.strings.length - 1;
  }

  /** A row of indexes (from `add`). */
  pushIndexes(role: number, object: number, auth: number, field: number, low: number, high: number, deleted: boolean): void {
    let at = this.rows * STRIDE;
    if (at + STRIDE > this.cells.length) {
      const grown = new Int32Array(this.cells.length * 2);
      grown.set(this.cells);
      this.cells = grown;
    }
    const c = this.cells;
    c[at++] = role;
    c[at++] = object;
    c[at++] = auth;
    c[at++] = field;
    c[at++] = low;
    c[at++] = high;
    c[at] = deleted ? 1 : 0;
    this.rows++;
  }

  /** A row of strings. */
  push(role: string, object: string, auth: string, field: string, low: string, high: string, deleted: boolean): void {
    this.pushIndexes(this.indexOf(0, role), this.indexOf(1, object), this.indexOf(2, auth), this.indexOf(3, field), this.indexOf(4, low), this.indexOf(5, high), deleted);
  }

  private indexOf(column: number, s: string): number {
    if (this.lastIndex[column] >= 0 && this.lastText[column] === s) return this.lastIndex[column];
    this.lastText[column] = s;
    return (this.lastIndex[column] = this.add(s));
  }

  /** Each row in the order pushed. */
  forEach(visit: RoleAuthorisationVisitor): void {
    const c = this.cells;
    const s = this.strings;
    for (let r = 0, at = 0; r < this.rows; r++, at += STRIDE) {
      visit(s[c[at]], s[c[at + 1]], s[c[at + 2]], s[c[at + 3]], s[c[at + 4]], s[c[at + 5]], c[at + 6] === 1);
    }
  }
}
