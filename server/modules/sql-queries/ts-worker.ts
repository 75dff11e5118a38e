import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on a module of ours. Compiled JavaScript starts as is; a .ts source
 * (the server run through tsx, or the tests) is loaded through tsx's ESM hooks registered inside
 * the worker first: `execArgv: ['--import', 'tsx']` does not reach a worker's entry on Node 20.
 */
export function startModuleWorker(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true });
}
