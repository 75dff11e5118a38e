import argon2 from 'argon2';

/**
 * The cost of every password hash (argon2id): the library's defaults, written out so that they
 * are read here and checked by a test (tests/unit/server/password-cost.test.ts): OWASP's
 * recommended parameters at its release, 64 MiB of memory, 3 passes, 4 lanes.
 *
 * The server test project replaces this one file, and only it, by tests/server/password-cost.ts
 * (an alias in vitest.config.ts), so that its hundreds of logins do not each spend 64 MiB and a
 * tenth of a second; nothing in server/ can reach that file.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 4,
} as const;
