#!/usr/bin/env node
// Runs the compiled JavaScript (.compiled/, built by bin/build-server.js at `npm ci` and
// `npm start`) when it is there and newer than every TypeScript source; otherwise the sources
// through tsx, so `npx segra` works even without a build, or right after an edit.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledMain } from './compiled-entry.js';

const compiled = process.env.SEGRA_FROM_SOURCE === '1' ? null : compiledMain(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
let main;
if (compiled) {
  ({ main } = await import(compiled));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../server/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
