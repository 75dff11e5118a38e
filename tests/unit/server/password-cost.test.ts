import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords.ts';

// Production's password cost. The server test project hashes at a lower cost of its own
// (tests/server/password-cost.ts, an alias in vitest.config.ts); this tier has no alias, so it
// reads the file the server runs with.
describe('password hashes in production', () => {
  it('are argon2id at 64 MiB, 3 passes and 4 lanes (OWASP at the library release), and verify', async () => {
    const hash = await hashPassword('correct horse');
    const [, algorithm, version, params] = hash.split('$');
    expect(algorithm).toBe('argon2id');
    expect(version).toBe('v=19');
    expect(Object.fromEntries(params.split(',').map((p) => p.split('=')))).toEqual({ m: '65536', t: '3', p: '4' });
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });
});
