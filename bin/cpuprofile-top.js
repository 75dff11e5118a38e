#!/usr/bin/env node
// Sums a V8 .cpuprofile (`node --cpu-prof`) by function self time, and by file, optionally inside a
// window of seconds after the profile's start (to see one phase of `SEGRA_PHASES=1 segra analyze`).
// Usage: node bin/cpuprofile-top.js FILE.cpuprofile [FROM_S] [TO_S] [TOP_N]
// Used for issue 30 (docs/decisions/2026-11-27-wide-shape-profile.md).
import { readFileSync } from 'node:fs';

const [file, fromS = '0', toS = 'Infinity', topN = '15'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bin/cpuprofile-top.js FILE.cpuprofile [FROM_S] [TO_S] [TOP_N]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
let t = 0;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t / 1e6 < Number(fromS) || t / 1e6 > Number(toS)) continue;
  // A sample stands for the time until the next one.
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1e3;
  const frame = nodes.get(profile.samples[i]).callFrame;
  const where = frame.url.replace(/^.*\/(\.compiled|node_modules)\//, '$1/');
  const key = `${frame.functionName || '(anonymous)'}\t${where}:${frame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + ms);
  total += ms;
}
const line = (ms, what) => `${(ms / 1000).toFixed(2).padStart(7)} s ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${what}`;
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
console.log(`sampled ${(total / 1000).toFixed(2)} s between ${fromS} and ${toS} s (profile ${(t / 1e6).toFixed(2)} s)`);
for (const [key, ms] of top(self, Number(topN))) console.log(line(ms, key.replace('\t', '  ')));
const byFile = new Map();
for (const [key, ms] of self) {
  const f = key.split('\t')[1].replace(/:\d+$/, '') || '(native / GC / idle)';
  byFile.set(f, (byFile.get(f) ?? 0) + ms);
}
console.log('by file:');
for (const [f, ms] of top(byFile, 12)) console.log(line(ms, f));
