import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Test tiers (issue 14 item 6). `npm test` runs every project, each test file exactly once;
// `npm run test:unit` runs only the fast tier: the engine and the pure modules, in seconds.
const UNIT_SLOW = [
  // Property tests (hundreds of generated landscapes against the reference) and the tests that
  // generate or read whole landscapes: pure code too, but minutes, not seconds.
  'tests/unit/**/*.property.test.ts',
  'tests/unit/generator.test.ts',
  'tests/unit/generator-wide.test.ts',
  'tests/unit/server/finding-lines-streamed.test.ts',
  'tests/unit/readers/real-exports.test.ts',
  // Reads of multi-megabyte files in reading threads, each several times (94 s and 22 s of the
  // unit tier's 154 s on a loaded 2-core machine, issue 30 item 4).
  'tests/unit/readers/aside-read.test.ts',
  'tests/unit/readers/import-bounds.test.ts',
];

export default defineConfig({
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // One worker per core. Vitest's own default in `run` is one fewer than the cores, which on a
    // 2-core machine is a single worker: every file one after another and the second core idle
    // while a server file waits on PostgreSQL or a child process (issue 30 item 4,
    // docs/decisions/2026-11-28-test-suite-speed.md).
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // The unit tier's files share their workers' module cache (`isolate: false`): they test pure
      // code, and two thirds of the tier's time was each of 170 files loading the same modules
      // again. A file that changes shared state (fake timers, process.env) restores it in afterEach.
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: ['tests/e2e/**', 'node_modules/**', ...UNIT_SLOW], isolate: false },
      },
      { extends: true, test: { name: 'unit-slow', include: UNIT_SLOW } },
      { extends: true, test: { name: 'cli', include: ['tests/cli/**/*.test.ts'] } },
      // Both databases: every suite runs on PGlite and, when one answers on 127.0.0.1:5432, on
      // PostgreSQL (tests/server/databases.ts); `npm run test:server:pglite` / `test:server:pg` pick one.
      // Passwords are hashed at a test-only low argon2id cost here (tests/server/password-cost.ts in
      // place of server/auth/password-cost.ts; production's cost is checked in the unit tier).
      {
        extends: true,
        resolve: { alias: [{ find: /^\.\/password-cost\.ts$/, replacement: fileURLToPath(new URL('./tests/server/password-cost.ts', import.meta.url)) }] },
        test: { name: 'server', include: ['tests/server/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'web', include: ['tests/web/**/*.test.ts', 'tests/web/**/*.test.tsx'] } },
    ],
  },
});
