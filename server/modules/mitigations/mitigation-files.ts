/**
 * Import and export of the control register and of the mitigations as CSV or xlsx (issue 16).
 * The mitigations' columns are what `segra analyze --mitigations FILE` reads (CONTROL_ID,
 * RISK_ID, LEVEL, ID, VALID_FROM, VALID_TO), plus REASON: an export fed to the command line
 * gives the STATUS and CONTROLS the server shows. An import adds to what is stored: a control
 * with a known CONTROL_ID is updated, a mitigation already stored (same control, risk, level,
 * holder and validity) is not added twice. A bad file changes nothing and answers 422 naming
 * the file, line and column; rows of a risk no ruleset of the customer has are left out and named.
 */
import '@fastify/multipart';
import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csvField } from '../../../engine/output/findings-csv.ts';
import { reapplyMitigations } from '../../analyses/mitigations.ts';
import type { Database } from '../../db/database.ts';
import { AppError, coded } from '../../errors.ts';
import { isInputError } from '../../importers/input-error.ts';
import { loadExcelJs } from '../../importers/table-source.ts';
import { formatParam, XLSX_TYPE } from '../../resources/query-params.ts';
import { resourceContext, type ResourceContext, type ResourceSpec } from '../../resources/define-resource.ts';
import { readInThread } from '../../workers/read-in-thread.ts';
import { audit } from '../audit/audit.ts';
import type { mitigationReaders } from './mitigation-readers.ts';
import { mitigatingControlsResource, mitigationsResource } from './mitigations-resource.ts';

export const CONTROL_COLUMNS = ['CONTROL_ID', 'DESCRIPTION', 'BUSINESS_PROCESS', 'OWNER', 'MONITOR', 'FREQUENCY', 'STATUS'] as const;
export const MITIGATION_COLUMNS = ['CONTROL_ID', 'RISK_ID', 'LEVEL', 'ID', 'VALID_FROM', 'VALID_TO', 'REASON'] as const;

const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

async function table(rows: readonly (readonly string[])[], columns: readonly string[], format: 'csv' | 'xlsx', sheetName: string): Promise<Buffer | string> {
  if (format === 'csv') return [columns.join(','), ...rows.map((r) => r.map(csvField).join(','))].join('\n') + '\n';
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...columns]);
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function controlRows(db: Database, customerId: string): Promise<string[][]> {
  const { rows } = await db.query<Record<string, string | null>>(
    `SELECT c.control_id, c.description, c.business_process, o.email AS owner, m.email AS monitor, c.frequency, c.status
     FROM mitigating_controls c LEFT JOIN app_users o ON o.id = c.owner_id LEFT JOIN app_users m ON m.id = c.monitor_id
     WHERE c.customer_id = $1 ORDER BY c.control_id COLLATE "C"`,
    [customerId],
  );
  return rows.map((r) => [r.control_id, r.description, r.business_process, r.owner ?? '', r.monitor ?? '', r.frequency, r.status].map((v) => v ?? ''));
}

export async function mitigationRows(db: Database, customerId: string): Promise<string[][]> {
  const { rows } = await db.query<Record<string, string | null>>(
    `SELECT c.control_id, m.risk_id, m.level, m.holder, m.valid_from, m.valid_to, m.reason
     FROM mitigations m JOIN mitigating_controls c ON c.id = m.mitigating_control_id
     WHERE m.customer_id = $1 ORDER BY c.control_id COLLATE "C", m.risk_id COLLATE "C", m.level, m.holder COLLATE "C", m.valid_from NULLS FIRST`,
    [customerId],
  );
  return rows.map((r) => [r.control_id, r.risk_id, r.level, r.holder, r.valid_from ?? '', r.valid_to ?? '', r.reason].map((v) => v ?? ''));
}

const oneFile = (): AppError => coded(400, 'ONE_FILE', {}, 'Send one file');

/** The one uploaded file of a multipart request, saved under a temporary folder with its own name. */
export async function withUploadedFile<T>(request: FastifyRequest, read: (file: string) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw coded(400, 'MULTIPART_REQUIRED', {}, 'Send the file as multipart/form-data');
  const dir = await mkdtemp(path.join(tmpdir(), 'segra-controls-'));
  try {
    let saved: string | null = null;
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES } })) {
      if (part.type !== 'file') continue;
      const name = path.basename(part.filename.replace(/\\/g, '/')).replace(/[^\w. -]+/g, '_') || 'upload.csv';
      const ext = path.extname(name).toLowerCase();
      if (saved !== null || !['.csv', '.txt', '.tsv', '.xlsx'].includes(ext)) {
        part.file.resume();
        throw saved !== null ? oneFile() : coded(400, 'FILE_TYPE_REFUSED', { name, types: '.csv, .txt, .tsv, .xlsx' }, `The file ${name} is not a .csv, .txt, .tsv or .xlsx file`);
      }
      saved = path.join(dir, name);
      await pipeline(part.file, createWriteStream(saved));
    }
    if (saved === null) throw oneFile();
    try {
      return await read(saved);
    } catch (e) {
      if (isInputError(e)) throw new AppError(422, 'UNPROCESSABLE', e.message);
      throw e;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function writeContext(db: Database, spec: ResourceSpec, request: FastifyRequest, op: 'read' | 'create'): Promise<ResourceContext & { customerId: string }> {
  const ctx = await resourceContext(db, spec, request, op);
  if (ctx.customerId === null) throw coded(400, 'CUSTOMER_REQUIRED', {}, 'Choose a customer (X-Customer-Id)');
  return ctx as ResourceContext & { customerId: string };
}

export function registerMitigationFiles(app: FastifyInstance, db: Database): void {
  const auth = { preHandler: app.authenticate };

  app.get('/api/mitigating-controls/export', auth, async (request, reply) => {
    const ctx = await writeContext(db, mitigatingControlsResource, request, 'read');
    const format = formatParam((request.query as { format?: string }).format);
    const body = await table(await controlRows(db, ctx.customerId), CONTROL_COLUMNS, format, 'CONTROLS');
    reply.header('Content-Disposition', `attachment; filename="mitigating-controls.${format}"`);
    return reply.header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE).send(body);
  });

  app.get('/api/mitigations/export', auth, async (request, reply) => {
    const ctx = await writeContext(db, mitigationsResource, request, 'read');
    const format = formatParam((request.query as { format?: string }).format);
    const body = await table(await mitigationRows(db, ctx.customerId), MITIGATION_COLUMNS, format, 'MITIGATIONS');
    reply.header('Content-Disposition', `attachment; filename="mitigations.${format}"`);
    return reply.header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE).send(body);
  });

  app.post('/api/mitigating-controls/import', auth, async (request) => {
    const ctx = await writeContext(db, mitigatingControlsResource, request, 'create');
    const users = await db.query<{ id: string; email: string }>('SELECT id, email FROM app_users WHERE customer_id = $1', [ctx.customerId]);
    const byEmail = new Map(users.rows.map((u) => [u.email.toLowerCase(), u.id]));
    const lines = await withUploadedFile(request, (file) => readInThread<typeof mitigationReaders, 'controls'>('mitigation-file-worker', import.meta.url, 'controls', file, byEmail));
    let created = 0;
    let updated = 0;
    await db.transaction(async (tx) => {
      for (const l of lines) {
        const { rows } = await tx.query<{ inserted: boolean }>(
          `INSERT INTO mitigating_controls (customer_id, control_id, description, business_process, owner_id, monitor_id, frequency, status, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
           ON CONFLICT (customer_id, control_id) DO UPDATE SET description = EXCLUDED.description, business_process = EXCLUDED.business_process,
             owner_id = EXCLUDED.owner_id, monitor_id = EXCLUDED.monitor_id, frequency = EXCLUDED.frequency, status = EXCLUDED.status,
             updated_by = EXCLUDED.updated_by, updated_at = now()
           RETURNING (xmax = 0) AS inserted`,
          [ctx.customerId, l.controlId, l.description, l.businessProcess, l.ownerId, l.monitorId, l.frequency, l.status, ctx.user.email],
        );
        if (rows[0].inserted) created++;
        else updated++;
      }
      await audit(tx, { customerId: ctx.customerId, actorId: ctx.user.id, actorEmail: ctx.user.email, action: 'control.imported', entity: 'mitigating-controls', detail: { created, updated } });
    });
    // A control's status may have changed: every stored finding follows.
    await reapplyMitigations(db, ctx.customerId);
    return { created, updated };
  });

  app.post('/api/mitigations/import', auth, async (request) => {
    const ctx = await writeContext(db, mitigationsResource, request, 'create');
    const controls = await db.query<{ id: string; control_id: string }>('SELECT id, control_id FROM mitigating_controls WHERE customer_id = $1', [ctx.customerId]);
    const controlIds = new Map(controls.rows.map((c) => [c.control_id, c.id]));
    const risks = await db.query<{ risk_id: string }>('SELECT DISTINCT risk_id FROM risks WHERE customer_id = $1', [ctx.customerId]);
    const { lines, warnings, unknownRisks } = await withUploadedFile(request, (file) =>
      readInThread<typeof mitigationReaders, 'mitigations'>('mitigation-file-worker', import.meta.url, 'mitigations', file, controlIds, new Set(risks.rows.map((r) => r.risk_id))),
    );
    let created = 0;
    let skipped = 0;
    await db.transaction(async (tx) => {
      for (const l of lines) {
        const { rows } = await tx.query(
          `INSERT INTO mitigations (customer_id, mitigating_control_id, risk_id, level, holder, valid_from, valid_to, reason, created_by, updated_by)
           SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $9::text
           WHERE NOT EXISTS (SELECT 1 FROM mitigations WHERE customer_id = $1::uuid AND mitigating_control_id = $2::uuid AND risk_id = $3::text
                             AND level = $4::text AND holder = $5::text AND valid_from IS NOT DISTINCT FROM $6::text AND valid_to IS NOT DISTINCT FROM $7::text)
           RETURNING id`,
          [ctx.customerId, controlIds.get(l.controlId), l.riskId, l.level, l.holder, l.validFrom, l.validTo, l.reason, ctx.user.email],
        );
        if (rows.length > 0) created++;
        else skipped++;
      }
      // The last file's warnings go with every analysis of the customer (analyses/analysis-warnings.ts), as `segra analyze --mitigations` prints them.
      await tx.query('UPDATE customers SET mitigation_warnings = $2::jsonb WHERE id = $1', [ctx.customerId, JSON.stringify(warnings)]);
      await audit(tx, { customerId: ctx.customerId, actorId: ctx.user.id, actorEmail: ctx.user.email, action: 'risk.mitigations-imported', entity: 'mitigations', detail: { created, skipped } });
    });
    await reapplyMitigations(db, ctx.customerId, { riskIds: [...new Set(lines.map((l) => l.riskId))] });
    // Rows left out: their risk is unknown (RISK_NOT_IN_RULESET, as `segra analyze` warns).
    // Rows not approved are left out too, counted as `segra analyze` counts them (NOT_APPROVED).
    return { created, skipped, unknownRisks, warnings };
  });
}
