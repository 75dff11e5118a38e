#!/usr/bin/env node
// Compiles server/, engine/, generator/ and contracts/ to JavaScript under .compiled/ (git-ignored), file by file with
// the folder layout kept, so `segra` starts without compiling TypeScript (DESIGN 10: a tiny
// analysis in < 250 ms). Run by `npm ci`/`npm install` (the prepare script) and `npm start`;
// bin/segra.js falls back to the sources through tsx while this output is missing or older.
import { createRequire } from 'node:module';
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOURCE_DIRS } from './compiled-entry.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT_OUT = path.join(ROOT, '.compiled');

/** Every TypeScript source that the command line and the server may load. */
function sources() {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
      .map((e) => path.join(e.parentPath, e.name)),
  );
}

async function build() {
  // esbuild comes with tsx (a dependency): resolved through it, whatever npm hoisted.
  const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
  const esbuild = await import(fromTsx.resolve('esbuild'));
  const started = performance.now();
  // Built aside and swapped in whole: a segra starting meanwhile sees the old output or none.
  const OUT = `${ROOT_OUT}.building-${process.pid}`;
  rmSync(OUT, { recursive: true, force: true });
  const entries = sources();
  await esbuild.build({
    entryPoints: entries,
    outdir: OUT,
    outbase: ROOT,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    bundle: true,
    logLevel: 'warning',
    plugins: [
      {
        // Each file stays its own module: relative imports are kept, with .ts become .js;
        // packages stay imports of node_modules.
        name: 'one-file-per-module',
        setup(build) {
          build.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            if (args.path.startsWith('.')) return { path: args.path.replace(/\.ts$/, '.js'), external: true };
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  // Written last: bin/segra.js trusts the output only when this stamp is newer than every source.
  writeFileSync(path.join(OUT, 'stamp'), `${new Date().toISOString()}\n`);
  // Two renames, then the old output removed: a segra running meanwhile (a test beside the build)
  // finds every module it imports next under .compiled/, never a folder half deleted.
  const OLD = `${ROOT_OUT}.old-${process.pid}`;
  rmSync(OLD, { recursive: true, force: true });
  try {
    renameSync(ROOT_OUT, OLD);
  } catch (e) {
    if (e?.code !== 'ENOENT') throw e;
  }
  renameSync(OUT, ROOT_OUT);
  rmSync(OLD, { recursive: true, force: true });
  process.stdout.write(`compiled ${entries.length} files to ${path.relative(ROOT, ROOT_OUT)}/ in ${Math.round(performance.now() - started)} ms\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build().catch((e) => {
    rmSync(`${ROOT_OUT}.building-${process.pid}`, { recursive: true, force: true });
    // A failed build must not fail `npm ci`: segra then runs from the sources through tsx.
    process.stderr.write(`build-server: ${e?.message ?? e}; segra will run from the TypeScript sources\n`);
  });
}
