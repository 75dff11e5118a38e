import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageAllows } from '../../../contracts/pages.ts';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { coded, pageForbidden, superAdminOnly } from '../../errors.ts';
import { defineResource, isUuid, resourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { aroundRoutes } from '../groups/route-wrap.ts';
import { customerHeader, resolveTenant } from '../../platform/resource/tenant.ts';
import { parsePublicKey, verifyLicence, type LicencePayload } from './licence-signature.ts';
import { customerIdentity, licenceCounts, licenceState } from './licence-state.ts';

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

const SELECT = `id, customer_id AS "customerId", payload, signature, uploaded_at AS "uploadedAt", uploaded_by AS "uploadedBy"`;

/** A name as licences and customers may write it differently: case, spaces. */
const sameName = (a: string, b: string): boolean => {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleUpperCase('tr');
  return norm(a) === norm(b);
};

/**
 * Refuses a licence issued to another customer: by VKN where both the licence and the customer
 * have one, by name otherwise (the decision note says why).
 */
function assertOwnLicence(payload: LicencePayload, customer: { name: string; vkn: string | null }): void {
  const byVkn = Boolean(payload.customerVkn && customer.vkn);
  const own = byVkn ? payload.customerVkn === customer.vkn : sameName(payload.customerName, customer.name);
  if (own) return;
  const licenceCustomer = byVkn ? `${payload.customerName} (${payload.customerVkn})` : payload.customerName;
  const named = byVkn ? `${customer.name} (${customer.vkn})` : customer.name;
  throw coded(
    422,
    'LICENCE_OTHER_CUSTOMER',
    { licenceCustomer, customer: named },
    `The licence was issued to ${licenceCustomer}, not to ${named}: upload it for its own customer`,
  );
}

/** `POST /api/licences`: verify a licence file and store it for a customer. */
async function uploadLicence(db: Database, config: Config, request: FastifyRequest): Promise<Record<string, unknown>> {
  if (request.user.role !== 'SuperAdmin') throw superAdminOnly('Only a SuperAdmin may upload licence files');
  const body: unknown = request.body;
  let customerId: unknown;
  let file: unknown = body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && !('payload' in body)) {
    const b = body as { customerId?: unknown; file?: unknown };
    customerId = b.customerId;
    file = b.file;
  }
  // The body's customer, else the active customer the SuperAdmin works in.
  customerId ??= customerHeader(request);
  if (file === undefined || file === null || file === '')
    throw coded(400, 'NO_FILE', {}, 'Select a licence file first', { file: 'Select a licence file first' });
  if (customerId === undefined)
    throw coded(400, 'LICENCE_CUSTOMER_REQUIRED', {}, 'Choose the customer the licence is for', { customerId: 'Customer is required' });
  if (!isUuid(customerId))
    throw coded(400, 'CUSTOMER_ID_INVALID', {}, 'Customer must be a customer id', { customerId: 'Customer must be a customer id' });
  const customer = await customerIdentity(db, customerId);
  if (!customer) throw coded(404, 'CUSTOMER_NOT_FOUND', {}, 'The customer does not exist');

  if (!config.LICENCE_PUBLIC_KEY) {
    throw coded(
      503,
      'LICENCE_KEY_NOT_CONFIGURED',
      {},
      'Licence files cannot be verified: LICENCE_PUBLIC_KEY is not configured on the server. ' +
        'Until a licence file is uploaded, a customer is in evaluation (one system, 30 days); to use licence files, start the server ' +
        'with LICENCE_PUBLIC_KEY set to the public key that came with your licence (README: licences)',
    );
  }
  let publicKey;
  try {
    publicKey = parsePublicKey(config.LICENCE_PUBLIC_KEY);
  } catch {
    throw coded(
      503,
      'LICENCE_KEY_NOT_CONFIGURED',
      {},
      'Licence files cannot be verified: LICENCE_PUBLIC_KEY is not an Ed25519 public key (PEM or base64 SPKI)',
    );
  }
  const result = verifyLicence(file, publicKey);
  if (!result.ok) throw result.error;
  assertOwnLicence(result.file.payload, customer);
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
async function countsScope(db: Database, request: FastifyRequest): Promise<string | null> {
  const user = request.user;
  if (user.role === 'User' && !pageAllows(user.permissions?.['licenses/license-count'], 'read')) {
    throw pageForbidden('licenses/license-count', 'Your group may not view on the page licenses/license-count');
  }
  return resolveTenant(db, request);
}

/** The licence state's customer: the caller's own, a SuperAdmin's X-Customer-Id (none: nothing to say). Every role reads it. */
const stateScope: ResourceSpec = { ...licencesResource, name: 'licence-state', access: { read: ['Admin', 'User', 'SuperAdmin'], write: [] } };

/**
 * Licence files and counts: `/api/licences` (simple-rest), `GET /api/licences/counts` and
 * `GET /api/licences/state` (the evaluation banner's, on every page).
 */
export async function licenceRoutes(app: FastifyInstance, options: { db: Database; config: Config }): Promise<void> {
  const { db, config } = options;
  aroundRoutes(app, {
    'POST /api/licences': async (request) => ({ status: 201, body: await uploadLicence(db, config, request) }),
  });
  app.get(
    '/api/licences/counts',
    { preHandler: app.authenticate, config: { resource: 'licences', page: 'licenses/license-count' } },
    async (request) => licenceCounts(db, await countsScope(db, request)),
  );
  app.get('/api/licences/state', { preHandler: app.authenticate }, async (request, reply) => {
    const { customerId } = await resourceContext(db, stateScope, request, 'read');
    if (customerId === null) return reply.status(204).send();
    return licenceState(db, customerId);
  });
  defineResource(app, licencesResource, { db });
}
