import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePublicKey, verifyLicence } from '../../server/modules/licences/licence-signature.ts';

const BIN = path.resolve('bin/segra.js');
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, 'licence', ...args], { encoding: 'utf8' });
const dir = mkdtempSync(path.join(os.tmpdir(), 'segra-licence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('segra licence', () => {
  const priv = path.join(dir, 'private.pem');
  const pub = path.join(dir, 'public.pem');

  it('makes a key pair, signs a licence the server verifies, and never overwrites a key', () => {
    expect(run('keygen', '--out-private', priv, '--out-public', pub).status).toBe(0);
    const again = run('keygen', '--out-private', priv, '--out-public', path.join(dir, 'other.pem'));
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('exists already');
    const out = path.join(dir, 'acme.json');
    const r = run('sign', '--key', priv, '--customer', 'Acme', '--users', '25', '--expires', '2999-12-31', '--system', '0020123456:HW-1', '--system', '0020999999:HW-2', '--out', out);
    expect(r.status, r.stderr).toBe(0);
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(file.payload).toMatchObject({ customerName: 'Acme', users: 25, systems: [{ installationNumber: '0020123456', hwKey: 'HW-1' }, { installationNumber: '0020999999', hwKey: 'HW-2' }] });
    expect(verifyLicence(file, parsePublicKey(readFileSync(pub, 'utf8')))).toMatchObject({ ok: true });
    // One changed byte of the payload and the signature no longer holds.
    expect(verifyLicence({ ...file, payload: { ...file.payload, users: 2500 } }, parsePublicKey(readFileSync(pub, 'utf8')))).toMatchObject({ ok: false });
  });

  it('says what is wrong with bad input and exits 2', () => {
    const cases: [string[], string][] = [
      [['sign', '--key', priv, '--customer', 'A', '--users', '5', '--expires', '2999-12-31'], '--system is required'],
      [['sign', '--key', priv, '--customer', 'A', '--users', 'many', '--expires', '2999-12-31', '--system', '1:2'], '--users'],
      [['sign', '--key', priv, '--customer', 'A', '--users', '5', '--expires', '31.12.2999', '--system', '1:2'], 'expiresOn'],
      [['sign', '--key', priv, '--customer', 'A', '--users', '5', '--expires', '2999-12-31', '--system', 'nohwkey'], 'INSTALLATION_NUMBER:HW_KEY'],
      [['sign', '--key', path.join(dir, 'missing.pem'), '--customer', 'A', '--users', '5', '--expires', '2999-12-31', '--system', '1:2'], 'no such file'],
      [['frobnicate'], 'unknown licence command'],
    ];
    for (const [args, message] of cases) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    writeFileSync(path.join(dir, 'bad.pem'), 'not a key');
    const bad = run('sign', '--key', path.join(dir, 'bad.pem'), '--customer', 'A', '--users', '5', '--expires', '2999-12-31', '--system', '1:2');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('not an Ed25519 private key');
  });

  it('prints its usage on --help and exits 0 (issue 27)', () => {
    for (const args of [['--help'], ['-h'], ['sign', '--help'], ['keygen', '--help'], ['sign', '--key', priv, '-h']]) {
      const r = run(...args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stderr, args.join(' ')).toBe('');
      expect(r.stdout, args.join(' ')).toContain('segra licence sign --key FILE');
      expect(r.stdout, args.join(' ')).toContain('segra licence keygen --out-private FILE');
      // What each flag means, and what to do with the file.
      expect(r.stdout, args.join(' ')).toMatch(/--system INSTNO:HWKEY\s+.*installation number/);
      expect(r.stdout, args.join(' ')).toMatch(/upload/i);
    }
    // No subcommand is still a usage mistake.
    expect(run().status).toBe(2);
  });
});
