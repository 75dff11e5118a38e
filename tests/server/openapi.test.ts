import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { resources } from '../../server/resources/define-resource.ts';
import { pgliteDatabase } from './databases.ts';
import { WARNING_CODES } from '../../engine/model/data-warnings.ts';

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string };
}
interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

describe('OpenAPI document and UI (DESIGN 6)', () => {
  let db: Database;
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  const config = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);

  beforeAll(async () => {
    db = await pgliteDatabase().open();
    await migrate(db);
    app = await buildApp(config, { db, logger: false });
    const r = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    doc = r.json();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('is an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(typeof doc.paths).toBe('object');
  });

  it('lists the login and every registered resource, with their item paths', () => {
    expect(doc.paths['/api/auth/login']?.post).toBeDefined();
    for (const name of ['customers', 'departments', 'app-users', 'groups']) expect(resources.has(name)).toBe(true);
    expect(resources.size).toBeGreaterThanOrEqual(4);
    for (const [name, spec] of resources) {
      const list = doc.paths[`/api/${name}`];
      const item = doc.paths[`/api/${name}/{id}`];
      // A write the resource does not offer is not documented either; a custom one is documented by its module.
      const offered = (op: 'create' | 'update' | 'delete') => (spec.operations?.[op] ?? true) === true;
      expect(list?.get, name).toBeDefined();
      if (offered('create')) expect(list?.post, name).toBeDefined();
      expect(item?.get, name).toBeDefined();
      expect(item?.put, name).toEqual(offered('update') ? expect.anything() : undefined);
      expect(item?.delete, name).toEqual(offered('delete') ? expect.anything() : undefined);
      expect(item.get.parameters?.find((p) => p.name === 'id')?.in).toBe('path');
      expect(list.get.tags).toContain(name);
      expect(list.get.summary).toBeTruthy();
    }
    expect(doc.paths['/api/customers/{id}']).toBeDefined();
    // Actions beyond CRUD are documented too, under their resource (DESIGN 6).
    for (const [path, method, tag] of [
      ['/api/system-periods/{id}/extract', 'post', 'system-periods'],
      ['/api/risk-periods/{id}/ruleset', 'get', 'risk-periods'],
      ['/api/analyses/{id}/cancel', 'post', 'analyses'],
      ['/api/analyses/{id}/export', 'get', 'analyses'],
      ['/api/analyses/compare', 'get', 'analyses'],
      ['/api/simulations', 'post', 'simulations'],
      ['/api/reports/dashboard', 'get', 'reports'],
      ['/api/sql-queries/{id}/run', 'post', 'sql-queries'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toContain(tag);
      expect(op.summary).toBeTruthy();
    }
  });

  it('documents sort, range and filter and the Content-Range header on every list', () => {
    for (const name of resources.keys()) {
      const op = doc.paths[`/api/${name}`].get;
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      for (const param of ['sort', 'range', 'filter']) {
        expect(query.find((p) => p.name === param)?.schema?.type, `${name} ${param}`).toBe('string');
      }
      expect(op.responses['200']?.headers?.['Content-Range'], name).toBeDefined();
    }
  });

  it("types an analysis's input warnings (DESIGN 4.1b): codes and data, on the record and in the list", () => {
    type Schema = { properties?: Record<string, { type?: string; items?: { required?: string[]; properties?: Record<string, { enum?: string[] }> } }>; items?: Schema };
    const one = (doc.paths['/api/analyses/{id}'].get.responses['200'].content?.['application/json'] as { schema?: Schema } | undefined)?.schema as Schema;
    const list = (doc.paths['/api/analyses'].get.responses['200'].content?.['application/json'] as { schema?: Schema } | undefined)?.schema as Schema;
    for (const warnings of [one.properties?.warnings, list.items?.properties?.warnings]) {
      expect(warnings).toMatchObject({ type: 'array', items: { required: ['code', 'table', 'count', 'examples'] } });
      expect(warnings?.items?.properties?.code.enum).toEqual([...WARNING_CODES]);
    }
  });

  it("documents the systems an analysis covers (DESIGN 5.18), a field its records get beside their columns", () => {
    type Schema = { properties?: Record<string, { type?: string; items?: { properties?: Record<string, unknown> } }>; items?: Schema };
    const one = (doc.paths['/api/analyses/{id}'].get.responses['200'].content?.['application/json'] as { schema?: Schema } | undefined)?.schema as Schema;
    const list = (doc.paths['/api/analyses'].get.responses['200'].content?.['application/json'] as { schema?: Schema } | undefined)?.schema as Schema;
    for (const systems of [one.properties?.systems, list.items?.properties?.systems]) {
      expect(systems?.type).toBe('array');
      expect(Object.keys(systems?.items?.properties ?? {}).sort()).toEqual(['sid', 'systemId', 'systemPeriodId']);
    }
  });

  it('documents no secret: no password hash anywhere, and a password only as something sent, never answered', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/passwordHash|password_hash/i);
    for (const [url, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(op.responses)) {
          expect(JSON.stringify(answer.content ?? {}), `${method.toUpperCase()} ${url} ${status}`).not.toMatch(/"password"/);
        }
      }
    }
  });

  it('documents the request bodies from the zod schemas', () => {
    const create = doc.paths['/api/customers'].post;
    const schema = create.requestBody?.content['application/json']?.schema as { type?: string; properties?: object };
    expect(schema?.type).toBe('object');
    expect(Object.keys(schema.properties ?? {})).toContain('name');
    expect(doc.paths['/api/customers/{id}'].put.requestBody).toBeDefined();
  });

  it('serves the UI as HTML, with its static files allowed by its CSP', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.body).toContain('swagger-ui');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    const js = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(js.statusCode).toBe(200);
    const init = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("resolveUrl('./json')");
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(String(json.headers['content-security-policy'])).toBe(csp);
  });

  it('keeps the API CSP, the zod validation messages and the records unchanged', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    const apiCsp = String(health.headers['content-security-policy']);
    expect(apiCsp).toContain("form-action 'self'"); // helmet's policy of app.ts
    expect(apiCsp).not.toBe(String(docs.headers['content-security-policy']));
    const unauth = await app.inject({ method: 'GET', url: '/api/customers' });
    expect(unauth.statusCode).toBe(401);
    const token = app.signAccessToken({
      sub: crypto.randomUUID(),
      name: 'super',
      email: 'super@test.local',
      customerId: null,
      Role: 'SuperAdmin',
      permissions: {},
    });
    const authorization = `Bearer ${token}`;
    // The documented body schema does not validate: the zod message and field errors answer.
    const bad = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization },
      payload: { name: 42 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Fill in all fields correctly',
      code: expect.any(String),
      errors: { name: expect.any(String) },
    });
    const notObject = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization },
      payload: [1],
    });
    expect(notObject.json().message).toBe('The body must be a JSON object');
    // The documented query strings are not coerced or checked by Fastify either.
    const sort = await app.inject({ method: 'GET', url: '/api/customers?sort=nope', headers: { authorization } });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('The sort parameter is not valid JSON');
    // Responses are not filtered by the documented record schema.
    const created = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { authorization },
      payload: { name: 'Docs' },
    });
    expect(created.statusCode).toBe(201);
    const list = await app.inject({ method: 'GET', url: '/api/customers?range=[0,9]', headers: { authorization } });
    expect(list.headers['content-range']).toMatch(/^customers 0-\d+\/\d+$/);
    expect(list.json()[0]).toEqual(created.json());
  });
});
