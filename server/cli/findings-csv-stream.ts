import type { HolderRisks } from '../../engine/analysis/holder-risks.ts';
import type { FunctionMatch, SourcePath } from '../../engine/model/analysis.ts';
import type { CompiledRisk } from '../../engine/ruleset/compiled.ts';
import { csvField, findingsCsvColumns, formatFunctions, formatOrgValues, formatSources, formatSourcePath } from '../../engine/output/findings-csv.ts';
import type { ChunkedOutput } from './output.ts';

/** Per risk, a number shared by the risks that name the same functions in the same order. */
function functionLists(risks: readonly CompiledRisk[]): Int32Array {
  const ids = new Map<string, number>();
  const out = new Int32Array(risks.length);
  risks.forEach((r, i) => {
    const key = r.functions.join(',');
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    out[i] = id;
  });
  return out;
}

/** formatSourcePath, kept by the path: users share their roles' leaf paths (Landscape.userSources). */
const pathTexts = new WeakMap<SourcePath, string>();
function pathText(path: SourcePath): string {
  let text = pathTexts.get(path);
  if (text === undefined) pathTexts.set(path, (text = formatSourcePath(path)));
  return text;
}

/** FUNCTIONS and SOURCES: the cells a holder's risks naming the same functions met the same way share. */
function matchCells(matches: FunctionMatch[]): string {
  const functions = { functions: matches };
  return `${csvField(formatFunctions(functions))},${csvField(formatSources(functions, pathText))}`;
}

function sameMatches(a: readonly FunctionMatch[], b: readonly FunctionMatch[] | undefined): boolean {
  if (!b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The CSV of `segra analyze` without extras (the rows of findingsToCsv, in its order), written as
 * bytes from what each holder meets: no finding object and no line string per row (issue 12: a
 * million rows on LD). A row is three pieces, each encoded once: the holder's cells, the risk's
 * cells, and the functions' and sources' cells, which every risk of a holder naming the same
 * functions shares (a risk without org fields: its matches are the holder's per function).
 * Returns the number of rows written.
 */
export async function writeSortedFindingsCsv(
  output: ChunkedOutput,
  holders: Iterable<HolderRisks>,
  risks: readonly CompiledRisk[],
  orgValues: boolean,
): Promise<number> {
  await output.line(findingsCsvColumns(orgValues).join(','));
  const listOf = functionLists(risks);
  const riskCells: (Buffer | undefined)[] = new Array<Buffer | undefined>(risks.length);
  // Per function list, the FUNCTIONS and SOURCES cells for the holder being written (made in that
  // holder: its stamp), the matches they were made of, and the tail of a row without org values.
  const cellsOf: string[] = [];
  const matchesOf: FunctionMatch[][] = [];
  const tails: Buffer[] = [];
  const lists = listOf.reduce((most, id) => Math.max(most, id + 1), 0);
  const cellStamps = new Int32Array(lists);
  const tailStamps = new Int32Array(lists);
  let stamp = 0;
  const noOrg = orgValues ? ',\n' : '\n';
  let rows = 0;
  for (const h of holders) {
    const head = Buffer.from(`${csvField(h.level)},${csvField(h.name)},`);
    stamp++;
    for (let k = 0; k < h.risks.length; k++) {
      const risk = h.risks[k];
      const org = h.org(k);
      let cells = riskCells[risk];
      if (cells === undefined) {
        const r = risks[risk].risk;
        riskCells[risk] = cells = Buffer.from(`${csvField(r.id)},${csvField(r.level)},${csvField(r.type)},`);
      }
      const list = listOf[risk];
      let tail: Buffer;
      if (org) {
        // An org-level risk usually reports the functions as met without org fields: the same
        // match objects, so the same cells.
        const matches = h.matches(k);
        let text: string;
        if (cellStamps[list] === stamp && sameMatches(matches, matchesOf[list])) text = cellsOf[list];
        else {
          cellsOf[list] = text = matchCells(matches);
          matchesOf[list] = matches;
          cellStamps[list] = stamp;
        }
        const orgCell = orgValues ? `,${csvField(formatOrgValues({ orgFields: risks[risk].orgFields, orgValues: org.values }))}` : '';
        tail = Buffer.from(`${text}${orgCell}\n`);
      } else if (tailStamps[list] === stamp) tail = tails[list];
      else {
        const matches = h.matches(k);
        if (cellStamps[list] !== stamp || !sameMatches(matches, matchesOf[list])) {
          cellsOf[list] = matchCells(matches);
          matchesOf[list] = matches;
          cellStamps[list] = stamp;
        }
        tails[list] = tail = Buffer.from(`${cellsOf[list]}${noOrg}`);
        tailStamps[list] = stamp;
      }
      rows++;
      const size = head.length + cells.length + tail.length;
      if (!output.room(size)) {
        await output.flush();
        if (!output.room(size)) {
          // Longer than a whole chunk: written alone.
          await output.line(`${head.toString()}${cells.toString()}${tail.toString().slice(0, -1)}`);
          continue;
        }
      }
      output.put(head);
      output.put(cells);
      output.put(tail);
    }
  }
  return rows;
}
