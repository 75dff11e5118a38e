import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { coded, type AppError } from '../../errors.ts';

/** What a licence grants (the signed part of a licence file). */
export interface LicencePayload {
  customerVkn?: string;
  customerName: string;
  systems: { installationNumber: string; hwKey: string }[];
  users: number;
  /** Last day of validity, YYYY-MM-DD. */
  expiresOn: string;
  issuedOn: string;
}

/** A licence file: `{ payload, signature }`, the signature being Ed25519 over canonicalJson(payload), base64. */
export interface LicenceFile {
  payload: LicencePayload;
  signature: string;
}

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const licencePayloadSchema = z.object({
  customerVkn: z.string().optional(),
  customerName: z.string().min(1, 'customerName is required'),
  systems: z.array(z.object({ installationNumber: z.string().min(1), hwKey: z.string().min(1) })),
  users: z.number().int().min(0),
  expiresOn: date,
  issuedOn: z.string().min(1),
});

export const licenceFileSchema = z.object({
  payload: z.looseObject({}),
  signature: z.string().min(1, 'signature is required'),
});

/** JSON with object keys sorted recursively and no whitespace: the bytes a licence signature covers. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const out = JSON.stringify(value);
    return out === undefined ? 'null' : out;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const asKey = (key: KeyObject | string, kind: 'public' | 'private'): KeyObject => {
  if (typeof key !== 'string') return key;
  const text = key.trim();
  if (text.includes('-----BEGIN')) return kind === 'public' ? createPublicKey(text) : createPrivateKey(text);
  const der = Buffer.from(text, 'base64');
  return kind === 'public'
    ? createPublicKey({ key: der, format: 'der', type: 'spki' })
    : createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
};

/** Signs a licence payload (tests and the licence CLI): the private key as KeyObject, PEM or base64 PKCS#8. */
export function signLicence(payload: LicencePayload, privateKey: KeyObject | string): LicenceFile {
  const signature = sign(null, Buffer.from(canonicalJson(payload)), asKey(privateKey, 'private')).toString('base64');
  return { payload, signature };
}

/** Reads LICENCE_PUBLIC_KEY (PEM or base64 SPKI); throws when it is not an Ed25519 public key. */
export function parsePublicKey(key: string): KeyObject {
  const parsed = asKey(key, 'public');
  if (parsed.asymmetricKeyType !== 'ed25519') throw new Error('LICENCE_PUBLIC_KEY is not an Ed25519 key');
  return parsed;
}

/** Today's date (UTC), YYYY-MM-DD, the form licences compare against. */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** Why a licence file is refused: a coded error (the UI words it from its code), with the English reason as its message. */
export interface LicenceRefusal {
  ok: false;
  error: AppError;
}

const refusal = (error: AppError): LicenceRefusal => ({ ok: false, error });

/**
 * Checks a licence file's text (or parsed JSON): the form, the signature and the expiry date.
 * Returns the payload, or why the file is not a valid licence. The text is what
 * `segra licence sign` writes, whatever the file was named (.lic, .json).
 */
export function verifyLicence(input: unknown, publicKey: KeyObject): { ok: true; file: LicenceFile } | LicenceRefusal {
  let data = input;
  if (typeof input === 'string') {
    // A key pasted or picked instead of the licence: the most likely mix-up, said as such.
    if (/-----BEGIN [A-Z ]*KEY-----/.test(input)) {
      return refusal(coded(422, 'LICENCE_IS_KEY', {}, 'This is a key file, not a licence: upload the file `segra licence sign` wrote'));
    }
    try {
      data = JSON.parse(input);
    } catch {
      return refusal(coded(422, 'LICENCE_UNREADABLE', {}, 'The licence file cannot be read: it is not the JSON text `segra licence sign` writes'));
    }
  }
  const file = licenceFileSchema.safeParse(data);
  if (!file.success) {
    return refusal(coded(422, 'LICENCE_NOT_A_LICENCE', {}, 'The file is not a licence: a licence file holds a payload object and a signature'));
  }
  let signatureValid = false;
  try {
    signatureValid = verify(
      null,
      Buffer.from(canonicalJson(file.data.payload)),
      publicKey,
      Buffer.from(file.data.signature, 'base64'),
    );
  } catch {
    signatureValid = false;
  }
  if (!signatureValid) {
    return refusal(
      coded(422, 'LICENCE_SIGNATURE_INVALID', {}, 'The licence signature is not valid: the file was altered or not issued for this installation'),
    );
  }
  const payload = licencePayloadSchema.safeParse(file.data.payload);
  if (!payload.success) {
    const issue = payload.error.issues[0];
    const field = issue.path.join('.');
    return refusal(coded(422, 'LICENCE_MALFORMED', { field }, `The licence payload is malformed: ${field} ${issue.message}`));
  }
  if (payload.data.expiresOn < today()) {
    const { expiresOn } = payload.data;
    return refusal(coded(422, 'LICENCE_EXPIRED', { expiresOn }, `The licence expired on ${expiresOn}`));
  }
  return {
    ok: true,
    file: { payload: file.data.payload as unknown as LicencePayload, signature: file.data.signature },
  };
}
