import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { ResourceSpec } from '../resources/define-resource.ts';

/** Where the UI lives; the OpenAPI document is at `${DOCS_PREFIX}/json` (DESIGN 6). */
export const DOCS_PREFIX = '/api/docs';

/**
 * The page of the UI and its static files only: Swagger UI loads its scripts and styles from
 * /api/docs/static and sets inline styles; nothing else is relaxed here, the API and the SPA
 * keep the helmet policy of app.ts.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join('; ');

/** Registers the OpenAPI generator and its UI. Call before any route, so that every route is seen. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  // Before swagger's own hook: every API route is listed under its resource with at least a
  // summary, also the actions beyond CRUD (uploads, cancel, exports, reports) declared without one.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const schema = (route.schema ??= {}) as { tags?: string[]; summary?: string; security?: unknown[] };
    schema.tags ??= [route.url.split('/')[2] ?? 'api'];
    schema.summary ??= `${methods.join(', ')} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
    if (route.preHandler && !schema.security) schema.security = [{ bearerAuth: [] }];
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Segra API',
        description:
          'SAP authorisation and segregation-of-duties risk analysis. Resources follow the ra-data-simple-rest contract: ' +
          'GET /api/<resource>?sort=["field","ASC"]&range=[0,24]&filter={...} answers a Content-Range header.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
}

/**
 * A route schema used for the OpenAPI document only. Validation and serialisation stay with the
 * handlers (zod, with their own 400 messages): these compilers accept and stringify anything.
 */
const acceptAll: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });
const stringify = () => (data: unknown) => JSON.stringify(data);

export function documentationOnly(
  schema: FastifySchema,
): Pick<RouteShorthandOptions, 'schema' | 'validatorCompiler' | 'serializerCompiler'> {
  return { schema, validatorCompiler: acceptAll, serializerCompiler: stringify };
}

type JsonSchema = Record<string, unknown>;

/** The JSON schema of a zod schema (input side), without `$schema`; anything not expressible becomes `{}`. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  try {
    const out = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
    delete out.$schema;
    return out;
  } catch {
    return { type: 'object', additionalProperties: true };
  }
}

/** A body's schema without the resource's secret fields (ResourceSpec.secretFields). */
function withoutFields(schema: JsonSchema, fields: ReadonlySet<string>): JsonSchema {
  if (fields.size === 0) return schema;
  const properties = schema.properties as Record<string, unknown> | undefined;
  const out: JsonSchema = { ...schema };
  if (properties) out.properties = Object.fromEntries(Object.entries(properties).filter(([k]) => !fields.has(k)));
  if (Array.isArray(schema.required)) out.required = (schema.required as string[]).filter((k) => !fields.has(k));
  return out;
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'An error (DESIGN 6)',
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
    requestId: { type: 'string' },
  },
  required: ['message'],
};

const errors = (...codes: number[]): Record<number, JsonSchema> =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      {
        ...ERROR_SCHEMA,
        description:
          {
            400: 'Bad input, with field errors',
            401: 'No or expired token',
            403: 'Wrong role or page permission',
            404: "Unknown or another tenant's record",
            409: 'Conflict',
          }[code] ?? 'Error',
      },
    ]),
  );

/** The OpenAPI schemas of the five routes a declared resource registers. */
export function resourceSchemas(
  spec: ResourceSpec,
): Record<'list' | 'one' | 'create' | 'update' | 'remove', FastifySchema> {
  const tags = [spec.name];
  const security = [{ bearerAuth: [] }];
  const secret = new Set(spec.secretFields ?? []);
  const body = (schema: z.ZodType): JsonSchema => withoutFields(jsonSchemaOf(schema), secret);
  const record: JsonSchema = {
    type: 'object',
    description: `A ${spec.name} record`,
    properties: {
      ...Object.fromEntries(
        Object.keys(spec.columns)
          .filter((field) => !secret.has(field))
          .map((field) => [field, field === 'id' ? { type: 'string', format: 'uuid' } : (spec.fieldSchemas?.[field] ?? {})]),
      ),
      ...spec.decoratedFields,
    },
    additionalProperties: true,
  };
  const idParams = {
    type: 'object',
    properties: { id: { type: 'string', format: 'uuid', description: `The id of the ${spec.name} record` } },
    required: ['id'],
  };
  const filterFields = ['id', ...Object.keys(spec.filterable), ...Object.keys(spec.filterAliases ?? {}), ...(spec.q?.length ? ['q'] : [])];
  const customerHeader = spec.tenantScoped
    ? {
        headers: {
          type: 'object',
          properties: {
            'x-customer-id': {
              type: 'string',
              format: 'uuid',
              description: 'SuperAdmin only: the customer the call is scoped to (all customers when absent)',
            },
          },
        },
      }
    : {};
  return {
    list: {
      summary: `List ${spec.name}`,
      tags,
      security,
      ...customerHeader,
      querystring: {
        type: 'object',
        properties: {
          sort: {
            type: 'string',
            description: `JSON ["field","ASC"|"DESC"]; field one of: ${spec.sortable.join(', ')}`,
            example: `["${spec.defaultSort?.[0] ?? 'id'}","${spec.defaultSort?.[1] ?? 'ASC'}"]`,
          },
          range: {
            type: 'string',
            description: 'JSON [start,end], inclusive, at most 1000 records',
            example: '[0,24]',
          },
          filter: {
            type: 'string',
            description: `JSON object; fields: ${filterFields.join(', ')} ({"id":[…]} gets many)`,
            example: '{}',
          },
        },
      },
      response: {
        200: {
          description: `The ${spec.name} records of the range`,
          headers: {
            'Content-Range': {
              type: 'string',
              description: `${spec.name} <start>-<end>/<total> (or */<total> when empty)`,
            },
          },
          type: 'array',
          items: record,
        },
        ...errors(400, 401, 403),
      },
    },
    one: {
      summary: `Get one ${spec.name} record`,
      tags,
      security,
      ...customerHeader,
      params: idParams,
      response: { 200: { ...record, description: `The ${spec.name} record` }, ...errors(401, 403, 404) },
    },
    create: {
      summary: `Create a ${spec.name} record`,
      tags,
      security,
      ...customerHeader,
      body: body(spec.createSchema),
      response: { 201: { ...record, description: `The created ${spec.name} record` }, ...errors(400, 401, 403, 409) },
    },
    update: {
      summary: `Update a ${spec.name} record`,
      tags,
      security,
      ...customerHeader,
      params: idParams,
      body: body(spec.updateSchema),
      response: {
        200: { ...record, description: `The updated ${spec.name} record` },
        ...errors(400, 401, 403, 404, 409),
      },
    },
    remove: {
      summary: `Delete a ${spec.name} record`,
      tags,
      security,
      ...customerHeader,
      params: idParams,
      response: { 200: { ...record, description: `The deleted ${spec.name} record` }, ...errors(401, 403, 404, 409) },
    },
  };
}
