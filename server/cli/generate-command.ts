import { generateControls } from '../../generator/controls.ts';
import { generateLandscape } from '../../generator/index.ts';
import { parseFlags, oneOf, requireFlag } from './options.ts';
import { Progress } from './progress.ts';
import { UsageError } from './usage-error.ts';

/** `segra generate` (DESIGN 11): a synthetic extract and the matching ruleset. */
export async function generateCommand(args: string[]): Promise<number> {
  const f = parseFlags(args, {
    size: { type: 'string' },
    out: { type: 'string' },
    seed: { type: 'string' },
    controls: { type: 'boolean' },
    dense: { type: 'boolean' },
    scale: { type: 'string' },
    systems: { type: 'string' },
  });
  if (f.systems !== undefined) return generateSystemsCommand(f);
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

/**
 * `segra generate --systems N --size S --out DIR [--seed N]` (DESIGN 5.18): N systems
 * (DIR/ERP, DIR/SRM, …), one ruleset with SYSTEM columns (DIR/rules) and a user mapping
 * (DIR/user-map.csv), with planted cross-system conflicts (generator/systems.ts).
 */
async function generateSystemsCommand(f: { size?: string; out?: string; seed?: string; systems?: string; controls?: boolean; dense?: boolean; scale?: string }): Promise<number> {
  const { generateSystems, GENERATED_SIDS } = await import('../../generator/systems.ts');
  const n = /^\d+$/.test(f.systems ?? '') ? Number(f.systems) : NaN;
  if (!(n >= 2 && n <= GENERATED_SIDS.length)) throw new UsageError(`--systems must be a whole number from 2 to ${GENERATED_SIDS.length}, got "${f.systems}"`);
  if (f.controls || f.dense || f.scale !== undefined) throw new UsageError('--controls, --dense and --scale do not apply with --systems');
  const size = oneOf(requireFlag(f.size, 'size').toUpperCase(), 'size', ['S', 'M', 'L', 'XL'] as const, 'S');
  const outDir = requireFlag(f.out, 'out');
  const seed = f.seed === undefined ? 1 : Number(f.seed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`--seed must be an integer, got "${f.seed}"`);
  const progress = new Progress();
  const t0 = performance.now();
  const r = await generateSystems({ size, systems: n, seed, outDir, onProgress: (sid, done, total) => progress.update(`generating ${sid} (${size})`, done, total) });
  progress.done();
  const dirs = r.sids.map((sid) => `--system ${sid}=${outDir}/${sid}`).join(' ');
  process.stderr.write(
    `wrote ${r.sids.length} systems (${r.sids.join(', ')}), ${outDir}/rules and ${outDir}/user-map.csv: ${r.users} users, ${r.roles} roles, ${r.agr1251Rows} AGR_1251 rows in ${((performance.now() - t0) / 1000).toFixed(1)} s\n` +
      `analyse with: segra analyze ${dirs} --user-map ${outDir}/user-map.csv --rules ${outDir}/rules\n`,
  );
  return 0;
}
