import { basisFindingsToCsv, buildBasisRuleset, runBasisChecks } from '../../engine/basis/index.ts';
import { objectsNeeded } from './inputs.ts';
import { readSystemExtract } from '../importers/extract-reader.ts';
import { dateFlag, oneOf, parseFlags, requireFlag } from './options.ts';
import { writeLines } from './output.ts';
import { Progress } from './progress.ts';

/** `segra basis` (DESIGN 11): critical basis authorisations and user-master checks. */
export async function basisCommand(args: string[]): Promise<number> {
  const f = parseFlags(args, {
    system: { type: 'string' },
    date: { type: 'string' },
    client: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
  });
  const system = requireFlag(f.system, 'system');
  const date = dateFlag(f.date);
  const format = oneOf(f.format, 'format', ['csv', 'json'] as const, 'csv');
  const progress = new Progress();
  // Only the objects the authorisation checks look at: L's 5 million AGR_1251 rows need not
  // all become objects (the user-master and profile checks read other tables, unfiltered).
  const objects = await objectsNeeded(system, buildBasisRuleset(), 'permission', f.client);
  const extract = await readSystemExtract(system, {
    client: f.client,
    objects,
    onProgress: (p) => progress.update(`reading ${p.table}`, p.rows),
  });
  progress.done();
  const { findings, checks } = runBasisChecks(extract, { date, client: f.client });
  // The JSON keeps the CSV's three fields: the DETAIL parts are for the UI's language.
  const text = format === 'csv' ? basisFindingsToCsv(findings).replace(/\n$/, '') : JSON.stringify({ checks, findings: findings.map(({ checkId, id, detail }) => ({ checkId, id, detail })) }, null, 2);
  await writeLines(f.out, [text]);
  process.stderr.write(`${findings.length} basis findings over ${checks.filter((c) => c.available).length} checks\n`);
  return 0;
}
