import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultRuleset, defaultRulesetName } from '../../engine/rulesets/default-ruleset.ts';
import { runAnalysis } from '../analyses/run-analysis.ts';
import { insertAnalysis } from '../modules/analyses/analyses-store.ts';
import type { Database } from '../db/database.ts';
import { generateLandscape } from '../../generator/index.ts';
import { runExtractImport } from '../jobs/import-extract-job.ts';
import { writeRuleset } from '../periods/ruleset-store.ts';
import { recordImportFiles, type UploadedFile } from '../uploads/import-files.ts';

/** The files of a folder, in name order, as an upload records them. */
async function hashedFiles(dir: string): Promise<UploadedFile[]> {
  const names = (await readdir(dir)).sort();
  return Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(dir, name));
      return { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
}

export interface DemoSeed {
  customerId: string;
  systemPeriodId: string;
  riskPeriodId: string;
  analysisId: string;
  findings: number;
}

/**
 * First start on an empty database (DESIGN 6): a demo customer with a system, a system period
 * imported from a generated size-S landscape, the shipped ruleset and a completed analysis, so
 * the first login shows real results. Does nothing when any customer exists.
 */
export async function seedDemo(db: Database, options: { today: string; seed?: number }): Promise<DemoSeed | null> {
  const { rows: existing } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers');
  if (Number(existing[0].n) > 0) return null;
  const work = await mkdtemp(path.join(tmpdir(), 'segra-demo-'));
  try {
    await generateLandscape({ size: 'S', seed: options.seed ?? 1, outDir: work });
    const customer = await db.query<{ id: string }>(
      `INSERT INTO customers (vkn, name, contact_person, mail, address, modified_by)
       VALUES ('1234567890', 'Demo Sanayi A.Ş.', 'Demo', 'demo@segra.local', 'İstanbul', 'segra') RETURNING id`,
    );
    const customerId = customer.rows[0].id;
    const system = await db.query<{ id: string }>(
      `INSERT INTO systems (customer_id, sid, sap_version, hw_key, installation_number, system_number)
       VALUES ($1, 'DEM', 'S/4HANA 2023', 'DEMO-HW-KEY', '0000000001', '00') RETURNING id`,
      [customerId],
    );
    const importId = crypto.randomUUID();
    const period = await db.query<{ id: string }>(
      `INSERT INTO system_periods (customer_id, system_id, name, period_date, status, importing_id)
       VALUES ($1, $2, $3, $4, 'importing', $5) RETURNING id`,
      [customerId, system.rows[0].id, `DEM ${options.today}`, options.today, importId],
    );
    const systemPeriodId = period.rows[0].id;
    // The demo's extract is named in its report like an upload (issue 27): its files, sizes and SHA-256,
    // hashed before the import, which removes its folder.
    const files = await hashedFiles(path.join(work, 'system'));
    await runExtractImport(db, { periodId: systemPeriodId, importId, dir: path.join(work, 'system'), input: path.join(work, 'system') });
    await recordImportFiles(db, { customerId, uploadId: importId, files, by: 'segra (demo)' });
    const risk = await db.query<{ id: string }>(
      `INSERT INTO risk_periods (customer_id, name, period_date, status, progress, imported_at) VALUES ($1, $2, $3, 'ready', 100, now()) RETURNING id`,
      [customerId, defaultRulesetName, options.today],
    );
    const riskPeriodId = risk.rows[0].id;
    await writeRuleset(db, customerId, riskPeriodId, defaultRuleset);
    const analysisId = await insertAnalysis(db, {
      customerId,
      name: 'Demo analysis',
      description: 'Generated at first start',
      systemPeriodId,
      riskPeriodId,
      level: 'permission',
      mode: 'same-instance',
      includeLocked: false,
      includeExpired: false,
      analysisDate: options.today,
      createdBy: 'segra',
    });
    await runAnalysis(db, analysisId);
    const { rows } = await db.query<{ status: string; counts: { findings: number } | null; error: string | null }>(
      'SELECT status, counts, error FROM analyses WHERE id = $1',
      [analysisId],
    );
    if (rows[0].status !== 'completed') throw new Error(`the demo analysis ended ${rows[0].status}: ${rows[0].error ?? ''}`);
    return { customerId, systemPeriodId, riskPeriodId, analysisId, findings: rows[0].counts?.findings ?? 0 };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
