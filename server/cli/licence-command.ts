import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { licencePayloadSchema, signLicence, type LicencePayload } from '../modules/licences/licence-signature.ts';
import { parseFlags, requireFlag } from './options.ts';
import { UsageError } from './usage-error.ts';

/**
 * `segra licence keygen --out-private FILE --out-public FILE` makes the Ed25519 key pair (the
 * public key goes into LICENCE_PUBLIC_KEY); `segra licence sign --key FILE --customer NAME
 * --users N --expires YYYY-MM-DD --system INSTNO:HWKEY … [--vkn VKN] [--out FILE]` writes a signed
 * licence file that SuperAdmin uploads for the customer.
 */
export async function licenceCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'keygen') return keygen(rest);
  if (sub === 'sign') return signCommand(rest);
  throw new UsageError(`unknown licence command "${sub ?? ''}": use keygen or sign`);
}

function keygen(args: string[]): number {
  const f = parseFlags(args, { 'out-private': { type: 'string' }, 'out-public': { type: 'string' } });
  const privatePath = requireFlag(f['out-private'], 'out-private');
  const publicPath = requireFlag(f['out-public'], 'out-public');
  for (const p of [privatePath, publicPath]) if (existsSync(p)) throw new UsageError(`${p} exists already; a key is never overwritten`);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
  writeFileSync(publicPath, publicKey.export({ type: 'spki', format: 'pem' }).toString());
  process.stderr.write(`wrote ${privatePath} (keep it secret) and ${publicPath} (set LICENCE_PUBLIC_KEY to its content)\n`);
  return 0;
}

function signCommand(args: string[]): number {
  const f = parseFlags(args, {
    key: { type: 'string' },
    customer: { type: 'string' },
    vkn: { type: 'string' },
    users: { type: 'string' },
    expires: { type: 'string' },
    system: { type: 'string', multiple: true },
    out: { type: 'string' },
  });
  const keyPath = requireFlag(f.key, 'key');
  if (!existsSync(keyPath)) throw new UsageError(`--key ${keyPath}: no such file`);
  const systems = (f.system ?? []).map((s) => {
    const [installationNumber, hwKey, extra] = s.split(':');
    if (!installationNumber || !hwKey || extra !== undefined) throw new UsageError(`--system must be INSTALLATION_NUMBER:HW_KEY, got "${s}"`);
    return { installationNumber, hwKey };
  });
  if (systems.length === 0) throw new UsageError('--system is required (INSTALLATION_NUMBER:HW_KEY, repeat for several systems)');
  const users = Number(requireFlag(f.users, 'users'));
  const payload: LicencePayload = {
    ...(f.vkn ? { customerVkn: f.vkn } : {}),
    customerName: requireFlag(f.customer, 'customer'),
    systems,
    users,
    expiresOn: requireFlag(f.expires, 'expires'),
    issuedOn: new Date().toISOString().slice(0, 10),
  };
  const checked = licencePayloadSchema.safeParse(payload);
  if (!checked.success) throw new UsageError(checked.error.issues.map((i) => `${i.path.join('.') || 'licence'} ${i.message}`).join('; '));
  if (!Number.isSafeInteger(users) || users < 1) throw new UsageError(`--users must be a whole number of users, got "${f.users}"`);
  let file;
  try {
    file = signLicence(payload, readFileSync(keyPath, 'utf8'));
  } catch (e) {
    throw new UsageError(`--key ${keyPath} is not an Ed25519 private key: ${(e as Error).message}`);
  }
  const text = JSON.stringify(file, null, 2) + '\n';
  if (f.out) writeFileSync(f.out, text);
  else process.stdout.write(text);
  return 0;
}
