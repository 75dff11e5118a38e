import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread on the module `./<name>` beside the caller (`from`: its
 * import.meta.url), in whichever form the caller runs: the compiled JavaScript (`segra` after
 * the build) loads `<name>.js` directly; the TypeScript sources (tests, the tsx fallback) get
 * a thread that registers tsx first, since a thread does not inherit the loader of its process.
 */
export function startWorker(name: string, from: string, workerData: unknown): Worker {
  const compiled = from.endsWith('.js');
  const entry = new URL(`./${name}.${compiled ? 'js' : 'ts'}`, from);
  if (compiled) return new Worker(entry, { workerData });
  const tsx = tsxApi();
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** The ES module of tsx's register API (its CommonJS twin cannot register ESM hooks in a thread). */
function tsxApi(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
}
