import type { InputWarning } from '../../../../engine/model/controls.ts';
import type { Database } from '../../../db/database.ts';
import { importFiles, type ImportFile } from '../../../uploads/import-files.ts';

/** What an analysis read and who ran it when (issue 27 item 2): the report names its input. */
export interface AnalysisInput {
  runBy: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The files of the system period's import the analysis read; null when not recorded (before migration 0031). */
  systemFiles: ImportFile[] | null;
  /** The files the ruleset was imported from; null when not recorded (imported before 0031, or built by hand). */
  rulesetFiles: ImportFile[] | null;
  /** The input warnings that applied (DESIGN 4.1b, migration 0040); null for an analysis run before they were kept. */
  warnings: InputWarning[] | null;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export async function analysisInput(db: Database, analysisId: string): Promise<AnalysisInput> {
  const { rows } = await db.query<{
    created_by: string | null;
    started_at: Date | string | null;
    finished_at: Date | string | null;
    data_import_id: string | null;
    ruleset_upload_id: string | null;
    warnings: InputWarning[] | null;
  }>('SELECT created_by, started_at, finished_at, data_import_id, ruleset_upload_id, warnings FROM analyses WHERE id = $1', [analysisId]);
  const a = rows[0];
  const [systemFiles, rulesetFiles] = await Promise.all([importFiles(db, a.data_import_id), importFiles(db, a.ruleset_upload_id)]);
  return { runBy: a.created_by, startedAt: iso(a.started_at), finishedAt: iso(a.finished_at), systemFiles, rulesetFiles, warnings: a.warnings };
}
