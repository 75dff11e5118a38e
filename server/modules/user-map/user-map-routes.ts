/**
 * `/api/user-map`: the customer's user mapping (DESIGN 5.18, issue 32), columns SYSTEM, BNAME,
 * PERSON as `segra analyze --user-map FILE` reads them. POST (multipart, one .csv/.xlsx file,
 * the mitigations' upload machinery) replaces it; GET shows it. Both answer the rows and the
 * names that map nowhere as warnings (code + params, DESIGN 6): a SYSTEM that is no system of
 * the customer (USER_MAP_SYSTEM_UNKNOWN), a BNAME no imported period of that system has in
 * USR02 (USER_MAP_USER_UNKNOWN). Cross-system analyses use the mapping stored when they run.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { readUserMap } from '../../importers/user-map-reader.ts';
import { resourceContext, type ResourceContext } from '../../resources/define-resource.ts';
import { audit } from '../audit/audit.ts';
import { withUploadedFile } from '../mitigations/mitigation-files.ts';
import { systemsResource } from '../systems/systems-resource.ts';
import { loadUserMap, replaceUserMap } from './user-map-store.ts';

export interface UserMapWarning {
  code: string;
  params: Record<string, string | number>;
}

/** The rows that map nowhere; every one is named (a mapping has a few thousand rows at most). */
async function userMapWarnings(db: Database, customerId: string): Promise<UserMapWarning[]> {
  const { rows } = await db.query<{ system: string; bname: string; known_system: boolean; known_user: boolean }>(
    `SELECT m.system, m.bname, s.id IS NOT NULL AS known_system,
            EXISTS (SELECT 1 FROM system_periods sp JOIN sap_usr02 u ON u.import_id = sp.data_import_id
                    WHERE sp.system_id = s.id AND u.bname = m.bname) AS known_user
     FROM user_map_entries m LEFT JOIN systems s ON s.customer_id = m.customer_id AND s.sid = m.system
     WHERE m.customer_id = $1 ORDER BY m.system COLLATE "C", m.bname COLLATE "C"`,
    [customerId],
  );
  const out: UserMapWarning[] = [];
  const systemsNamed = new Set<string>();
  for (const r of rows) {
    if (!r.known_system) {
      if (!systemsNamed.has(r.system)) out.push({ code: 'USER_MAP_SYSTEM_UNKNOWN', params: { system: r.system } });
      systemsNamed.add(r.system);
    } else if (!r.known_user) out.push({ code: 'USER_MAP_USER_UNKNOWN', params: { system: r.system, bname: r.bname } });
  }
  return out;
}

async function customerContext(db: Database, request: FastifyRequest, op: 'read' | 'update'): Promise<ResourceContext & { customerId: string }> {
  const ctx = await resourceContext(db, systemsResource, request, op);
  if (ctx.customerId === null) throw coded(400, 'CUSTOMER_REQUIRED', {}, 'Choose a customer (X-Customer-Id)');
  return ctx as ResourceContext & { customerId: string };
}

export function registerUserMap(app: FastifyInstance, db: Database): void {
  const auth = { preHandler: app.authenticate };
  const answer = async (customerId: string) => ({ entries: await loadUserMap(db, customerId), warnings: await userMapWarnings(db, customerId) });

  app.get('/api/user-map', auth, async (request) => answer((await customerContext(db, request, 'read')).customerId));

  app.post('/api/user-map', auth, async (request) => {
    const ctx = await customerContext(db, request, 'update');
    const read = await withUploadedFile(request, (file) => readUserMap(file));
    await replaceUserMap(db, ctx.customerId, read.mappings);
    await audit(db, { customerId: ctx.customerId, actorId: ctx.user.id, actorEmail: ctx.user.email, action: 'user-map.imported', entity: 'user-map', detail: { rows: read.mappings.length } });
    const stored = await answer(ctx.customerId);
    // Columns the reader left aside (IGNORED_COLUMN …) come first, then the names that map nowhere.
    return { ...stored, warnings: [...read.warnings.map((w) => ({ code: w.code, params: { table: w.table, count: w.count, examples: w.examples.join(', ') } })), ...stored.warnings] };
  });
}
