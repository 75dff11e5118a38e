import { sign } from 'node:crypto';

/** The JSON a licence signature covers (same as server/modules/licences/licence-signature.ts). */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** A licence file signed with the run's private key (playwright.config.ts), as `segra licence sign` writes it. */
export function licenceFile(customerName: string, systems: { installationNumber: string; hwKey: string }[], users = 25): string {
  const payload = { customerName, systems, users, expiresOn: '2099-12-31', issuedOn: '2026-01-01' };
  const signature = sign(null, Buffer.from(canonicalJson(payload)), process.env.E2E_LICENCE_PRIVATE_KEY!).toString('base64');
  return JSON.stringify({ payload, signature }, null, 2) + '\n';
}
