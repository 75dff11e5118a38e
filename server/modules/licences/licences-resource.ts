import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageAllows } from '../../../contracts/pages.ts';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import { defineResource, isUuid, type ResourceSpec } from '../../resources/define-resource.ts';
import { aroundRoutes } from '../groups/route-wrap.ts';
import { parsePublicKey, today, verifyLicence } from './licence-signature.ts';

/** Uploaded licence files (SuperAdmin writes; an Admin reads its own customer's). */
export const licencesResource: ResourceSpec = {
  name: 'licences',
  table: 'licences',
  columns: {
    id: 'id',
    customerId: 'customer_id',
    payload: 'payload',
    signature: 'signature',
    uploadedAt: 'uploaded_at',
    uploadedBy: 'uploaded_by',
  },
  // POST is replaced below (verification); PUT changes nothing: a signed licence is not edited.
  createSchema: z.object({}),
  updateSchema: z.object({}),
  sortable: ['id', 'uploadedAt', 'customerId', 'uploadedBy'],
  defaultSort: ['uploadedAt', 'DESC'],
  filterable: { customerId: 'eq' },
  tenantScoped: true,
  access: { read: ['Admin', 'SuperAdmin'], write: ['SuperAdmin'], page: 'licenses/license-files' },
};

const licenceError = (reason: string): AppError => new AppError(422, 'LICENCE_INVALID', reason);

/**
 * Whether the customer may add a system with this installation (number and hardware key).
 * Licensing starts with the customer's first licence file: before it, a new customer adds its
 * systems without any licence setup (onboarding, docs/decisions/2026-11-25-licence-onboarding.md);
 * from then on a valid, unexpired licence must list the installation.
 */
export async function isInstallationLicensed(
  db: Database,
  customerId: string,
  installationNumber: string,
  hwKey: string,
): Promise<boolean> {
  const { rows } = await db.query<{ enforced: boolean; listed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM licences WHERE customer_id = $1) AS enforced,
            EXISTS (SELECT 1 FROM licences WHERE customer_id = $1 AND payload->>'expiresOn' >= $2
                    AND payload->'systems' @> $3::jsonb) AS listed`,
    [customerId, today(), JSON.stringify([{ installationNumber, hwKey }])],
  );
  return !rows[0].enforced || rows[0].listed;
}

const SELECT = `id, customer_id AS "customerId", payload, signature, uploaded_at AS "uploadedAt", uploaded_by AS "uploadedBy"`;

async function customerExists(db: Database, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM customers WHERE id = $1', [id]);
  return rows.length > 0;
}

/** `POST /api/licences`: verify a licence file and store it for a customer. */
async function uploadLicence(db: Database, config: Config, request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.user.role !== 'SuperAdmin') throw forbidden('Only a SuperAdmin may upload licence files');
  const body: unknown = request.body;
  const header = request.headers['x-customer-id'];
  let customerId: unknown = typeof header === 'string' && header !== '' ? header : undefined;
  let file: unknown = body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && !('payload' in body)) {
    const b = body as { customerId?: unknown; file?: unknown };
    if (b.customerId !== undefined) customerId = b.customerId;
    file = b.file;
  }
  if (file === undefined || file === null || file === '')
    throw badRequest('Select a licence file first', { file: 'Select a licence file first' });
  if (customerId === undefined)
    throw badRequest('Choose the customer the licence is for', { customerId: 'Customer is required' });
  if (!isUuid(customerId))
    throw badRequest('Customer must be a customer id', { customerId: 'Customer must be a customer id' });
  if (!(await customerExists(db, customerId))) throw notFound('The customer does not exist');

  if (!config.LICENCE_PUBLIC_KEY) {
    throw new AppError(
      503,
      'LICENCE_KEY_NOT_CONFIGURED',
      'Licence files cannot be verified: LICENCE_PUBLIC_KEY is not configured on the server. ' +
        'Until a licence file is uploaded, systems are added without one; to use licence files, start the server ' +
        'with LICENCE_PUBLIC_KEY set to the public key that came with your licence (README: licences)',
    );
  }
  let publicKey;
  try {
    publicKey = parsePublicKey(config.LICENCE_PUBLIC_KEY);
  } catch {
    throw new AppError(
      503,
      'LICENCE_KEY_NOT_CONFIGURED',
      'Licence files cannot be verified: LICENCE_PUBLIC_KEY is not an Ed25519 public key (PEM or base64 SPKI)',
    );
  }
  const result = verifyLicence(file, publicKey);
  if (!result.ok) throw licenceError(result.reason);
  const { rows } = await db.query<Record<string, unknown>>(
    `INSERT INTO licences (customer_id, payload, signature, uploaded_by) VALUES ($1, $2::jsonb, $3, $4) RETURNING ${SELECT}`,
    [customerId, JSON.stringify(result.file.payload), result.file.signature, request.user.email],
  );
  const row = rows[0];
  return { ...row, uploadedAt: row.uploadedAt instanceof Date ? row.uploadedAt.toISOString() : row.uploadedAt };
}

/**
 * The customers a counts call covers: an Admin its own, a User its own when its group may see
 * the licence-count page; a SuperAdmin all, or the one of X-Customer-Id.
 */
function countsScope(request: FastifyRequest): string | null {
  const user = request.user;
  if (user.role === 'User' && !pageAllows(user.permissions?.['licenses/license-count'], 'read')) {
    throw forbidden('Your group may not view on the page licenses/license-count');
  }
  if (user.role !== 'SuperAdmin') {
    if (!user.customerId) throw forbidden('Your account belongs to no customer');
    return user.customerId;
  }
  const header = request.headers['x-customer-id'];
  if (header === undefined || header === '') return null;
  if (!isUuid(header)) throw badRequest('The X-Customer-Id header must be a customer id (uuid)');
  return header;
}

export interface LicenceCount {
  name: string;
  licensedUsers: number;
  usedUsers: number;
  expiresOn: string | null;
}

/** Licensed users (newest valid licence) against active users, per customer. */
export async function licenceCounts(db: Database, customerId: string | null): Promise<LicenceCount[]> {
  const { rows } = await db.query<{
    name: string;
    usedUsers: number;
    payload: { users?: number; expiresOn?: string } | null;
  }>(
    `SELECT c.name,
            (SELECT count(*)::int FROM app_users u WHERE u.customer_id = c.id AND u.status = 'active') AS "usedUsers",
            l.payload
       FROM customers c
       LEFT JOIN LATERAL (
         SELECT payload FROM licences
          WHERE customer_id = c.id AND payload->>'expiresOn' >= $1
          ORDER BY uploaded_at DESC, id DESC LIMIT 1
       ) l ON true
      WHERE ($2::uuid IS NULL OR c.id = $2::uuid)
      ORDER BY c.name, c.id`,
    [today(), customerId],
  );
  return rows.map((r) => ({
    name: r.name,
    licensedUsers: Number(r.payload?.users ?? 0),
    usedUsers: Number(r.usedUsers),
    expiresOn: r.payload?.expiresOn ?? null,
  }));
}

/** Licence files and counts: `/api/licences` (simple-rest) and `GET /api/licences/counts`. */
export async function licenceRoutes(app: FastifyInstance, options: { db: Database; config: Config }): Promise<void> {
  const { db, config } = options;
  aroundRoutes(app, {
    'POST /api/licences': async (request) => ({ status: 201, body: await uploadLicence(db, config, request) }),
  });
  app.get(
    '/api/licences/counts',
    { preHandler: app.authenticate, config: { resource: 'licences', page: 'licenses/license-count' } },
    async (request) => licenceCounts(db, countsScope(request)),
  );
  defineResource(app, licencesResource, { db });
}
