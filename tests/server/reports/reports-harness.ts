import { zipSync } from 'fflate';
import type { Database } from '../../../server/db/database.ts';
import { reportRoutes } from '../../../server/modules/reports/index.ts';
import { folderFiles, multipart, pipelineApp, waitFor, zipFolder, type PipelineApp } from '../analysis-pipeline/harness.ts';

/**
 * The pipeline app with the report routes. Until server/app.ts registers them, they are
 * registered here (before the app is ready); once it does, nothing is added twice.
 */
export async function reportsApp(db: Database, dataDir: string): Promise<PipelineApp> {
  const t = await pipelineApp(db, dataDir);
  if (!t.app.hasRoute({ method: 'POST', url: '/api/simulations' })) await t.app.register(reportRoutes, { db, queue: t.queue });
  return t;
}


export function caller(t: PipelineApp) {
  return async (method: string, url: string, token: string, body?: unknown) => {
    const r = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: r.statusCode, body: r.headers['content-type']?.toString().includes('json') ? r.json() : r.body, headers: r.headers, raw: r.rawPayload };
  };
}

const upload = async (t: PipelineApp, url: string, token: string, files: Record<string, Uint8Array | string>) => {
  const form = await multipart(files);
  const r = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...form.headers }, payload: form.payload });
  if (r.statusCode !== 202) throw new Error(`upload to ${url} answered ${r.statusCode}: ${r.body}`);
};

export type Caller = ReturnType<typeof caller>;

/** A system period of `systemId` with the extract of `files` imported; its id. */
export async function importedSystemPeriod(t: PipelineApp, token: string, systemId: string, name: string, date: string, files: Record<string, Uint8Array>): Promise<string> {
  return uploadedSystemPeriod(t, token, systemId, name, date, { 'extract.zip': zipSync(files) });
}

/** A system period of `systemId` with `uploaded` (the files as sent: an archive or table files) imported; its id. */
export async function uploadedSystemPeriod(t: PipelineApp, token: string, systemId: string, name: string, date: string, uploaded: Record<string, Uint8Array>): Promise<string> {
  const call = caller(t);
  const created = await call('POST', '/api/system-periods', token, { name, periodDate: date, systemId });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const id = created.body.id as string;
  await upload(t, `/api/system-periods/${id}/extract`, token, uploaded);
  const ready = await waitFor(() => call('GET', `/api/system-periods/${id}`, token).then((r) => r.body), (p) => p.status !== 'importing', 120_000);
  if (ready.status !== 'ready') throw new Error(`import failed: ${JSON.stringify(ready.error)}`);
  return id;
}

/** A risk period with the ruleset folder imported; its id. */
export async function importedRiskPeriod(t: PipelineApp, token: string, name: string, date: string, rulesDir: string): Promise<string> {
  const call = caller(t);
  const created = await call('POST', '/api/risk-periods', token, { name, periodDate: date });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const id = created.body.id as string;
  await upload(t, `/api/risk-periods/${id}/ruleset`, token, folderFiles(rulesDir));
  const ready = await waitFor(() => call('GET', `/api/risk-periods/${id}`, token).then((r) => r.body), (p) => p.status !== 'importing');
  if (ready.status !== 'ready') throw new Error(`ruleset import failed: ${JSON.stringify(ready.error)}`);
  return id;
}

/** A completed analysis of the two periods; its id. */
export async function completedAnalysis(t: PipelineApp, token: string, name: string, systemPeriodId: string, riskPeriodId: string): Promise<string> {
  const call = caller(t);
  const created = await call('POST', '/api/analyses', token, { name, systemPeriodId, riskPeriodId });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const id = created.body.id as string;
  const done = await waitFor(() => call('GET', `/api/analyses/${id}`, token).then((r) => r.body), (a) => ['completed', 'failed', 'canceled'].includes(a.status), 120_000);
  if (done.status !== 'completed') throw new Error(`analysis ${done.status}: ${done.error}`);
  return id;
}

export { folderFiles, zipFolder };
