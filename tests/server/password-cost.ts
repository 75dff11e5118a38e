import argon2 from 'argon2';

/**
 * The server test project's password cost, in place of server/auth/password-cost.ts (an alias in
 * vitest.config.ts): still argon2id, at the algorithm's smallest useful cost, because the server
 * suites log in and set passwords hundreds of times and test what happens around the hash, not
 * its strength. Hashes carry their parameters, so verification is the production code path.
 * Production's cost is checked by tests/unit/server/password-cost.test.ts.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
} as const;
