#!/usr/bin/env node
// The command line runs the TypeScript sources through tsx, so `npx segra` works right
// after `npm ci` with no build step to forget.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
