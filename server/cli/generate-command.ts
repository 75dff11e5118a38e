import { generateControls } from '../../generator/controls.ts';
import { generateLandscape } from '../../generator/index.ts';
import { parseFlags, oneOf, requireFlag } from './options.ts';
import { Progress } from './progress.ts';
import { UsageError } from './usage-error.ts';

/** `segra generate` (DESIGN 11): a synthetic extract and the matching ruleset. */
export async function generateCommand(args: string[]): Promise<number> {
  const f = parseFlags(args, { size: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' }, controls: { type: 'boolean' }, dense: { type: 'boolean' }, scale: { type: 'string' } });
  const size = oneOf(requireFlag(f.size, 'size').toUpperCase(), 'size', ['S', 'M', 'L', 'XL', 'LW'] as const, 'S');
  const scale = f.scale === undefined ? undefined : Number(f.scale);
  if (scale !== undefined && (size !== 'LW' || !(scale > 0 && scale <= 1))) throw new UsageError(`--scale is for --size LW only, a number above 0 and at most 1, got "${f.scale}"`);
  if (size === 'LW' && f.dense) throw new UsageError('--dense does not apply to size LW, which has its own ruleset');
  const outDir = requireFlag(f.out, 'out');
  const seed = f.seed === undefined ? 1 : Number(f.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got "${f.seed}"`);
  const progress = new Progress();
  const t0 = performance.now();
  const r = await generateLandscape({ size, seed, outDir, scale, ruleset: f.dense ? 'dense' : 'default', onProgress: (done, total) => progress.update(`generating ${size}`, done, total) });
  progress.done();
  process.stderr.write(
    `wrote ${outDir}/system and ${outDir}/rules: ${r.users} users, ${r.roles} roles, ${r.agr1251Rows} AGR_1251 rows in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  if (f.controls) {
    const c = await generateControls(outDir, seed);
    process.stderr.write(`wrote ${outDir}/usage.csv (${c.usageRows} rows) and ${outDir}/mitigations.csv (${c.mitigationRows} rows)\n`);
  }
  return 0;
}
