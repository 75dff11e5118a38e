import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider } from 'react-admin';
import { compareHolderRows } from '../../engine/analysis/order.ts';
import { date8ToIso } from '../../engine/model/dates.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import type { AnalysisOptions, Finding, RiskAcceptance } from '../../engine/model/analysis.ts';
import { RISK_LEVELS, type Ruleset } from '../../engine/model/ruleset.ts';
import { analyse, compareFindings, findingsToCsv, formatFunctions, formatSources, simulate, SimulationError } from '../../engine/index.ts';
import { defaultRuleset } from '../../engine/rulesets/default-ruleset.ts';
import { PERIOD_TABLES } from '../../server/periods/period-tables.ts';
import { buildDemoExtract, DEMO_PERIOD_DATE } from './sample-extract.ts';
import { DEMO_ANALYSIS_ID, DEMO_CUSTOMER_ID, DEMO_RISK_PERIOD_ID, DEMO_SYSTEM_PERIOD_ID, seedResources } from './seed.ts';
import { claimsOf, DEMO_PASSWORD, DEMO_USERS, signDemoToken } from './token.ts';

type Rec = Record<string, unknown> & { id: string };

/** The simple-rest resources the demo stores (server/modules/* resource names). */
export const DEMO_RESOURCES = [
  'customers',
  'cors-entries',
  'licences',
  'systems',
  'app-users',
  'groups',
  'departments',
  'audit-log',
  'system-periods',
  'risk-periods',
  'risks',
  'functions',
  'analyses',
  'findings',
  'risk-acceptances',
  'risk-deactivations',
  'sql-queries',
  'basis-findings',
] as const;

/** Fields filtered by "contains, any case" like the server's `ilike` filters. */
const TEXT_FILTERS = new Set(['name', 'holder', 'username', 'fullName', 'email', 'origin', 'sid', 'vkn', 'actorEmail', 'description']);

export const NOT_IN_DEMO = 'Not available in the demo';

export interface DemoRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The body as text (JSON), or FormData for uploads. */
  body?: string | FormData | null;
}

export interface DemoApiOptions {
  now?: () => Date;
  /** Time an analysis waits in each of "enqueued" and "running" (ms). */
  runDelayMs?: number;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const error = (status: number, message: string, code?: string, errors?: Record<string, string>): Response =>
  json({ statusCode: status, message, ...(code ? { code } : {}), ...(errors ? { errors } : {}) }, status);

function parseJson(text: string | null): unknown {
  if (text === null || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `filter={…}` of simple-rest as a fakerest filter: empty values dropped, text fields matched by substring. */
export function toFakerestFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (typeof value === 'string' && TEXT_FILTERS.has(key)) out[`${key}_q`] = escapeRegex(value.trim());
    else if (key === 'q' && typeof value === 'string') out.q = value.trim();
    else out[key] = value;
  }
  return out;
}

/** Level, holder, risk id (code points), as the CSV orders findings. */
const findingsOrder = (fs: readonly Finding[]): Finding[] => [...fs].sort(compareHolderRows);

const isoOf = (date8: number | null): string | null => (date8 === null ? null : date8ToIso(date8));
const date8Of = (iso: unknown): number | null =>
  typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}/.test(iso) ? Number(iso.slice(0, 10).replace(/-/g, '')) : null;

/** A finding as the server's findings resource answers it. */
export function findingToRecord(f: Finding, analysisId: string, n: number): Rec {
  const meetingRoles = [...new Set(f.functions.flatMap((m) => m.sources.flatMap((p) => p.filter((s) => s.kind === 'role').map((s) => s.name))))];
  return {
    id: `${analysisId}-${n}`,
    customerId: DEMO_CUSTOMER_ID,
    analysisId,
    level: f.level,
    holder: f.holder,
    riskId: f.riskId,
    riskLevel: f.riskLevel,
    riskType: f.riskType,
    businessProcess: f.businessProcess,
    functions: formatFunctions(f),
    sources: formatSources(f),
    provenance: f.functions,
    meetingRoles,
    accepted: f.accepted,
    acceptedBy: f.acceptance?.author ?? null,
    acceptanceId: null,
    message: f.acceptance?.message ?? null,
  };
}

/**
 * The `/api` HTTP surface of the server, emulated in the browser for `npm run demo`: the
 * simple-rest resources over ra-data-fakerest, sign-in with an unsigned token, the SAP tables
 * of the sample system period, and analyses, simulations, dashboard and comparison computed
 * with `engine/`. Uploads and mail answer 501 "Not available in the demo".
 */
export class DemoApi {
  readonly extract: SystemExtract;
  readonly ruleset: Ruleset = defaultRuleset;
  private readonly provider: DataProvider;
  private readonly findings = new Map<string, Finding[]>();
  private readonly now: () => Date;
  private readonly runDelayMs: number;
  private readonly running = new Set<Promise<void>>();

  constructor(options: DemoApiOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.runDelayMs = options.runDelayMs ?? 800;
    this.extract = buildDemoExtract();
    const nowIso = this.now().toISOString();
    // The completed analysis of the first start (as the server's demo seed has), computed now.
    const options0 = this.analysisOptions({ level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false }, []);
    const result = analyse(this.extract, this.ruleset, options0);
    const data = seedResources(this.extract, nowIso);
    data.analyses.push({
      ...this.analysisRecord(DEMO_ANALYSIS_ID, { name: 'PRD October 2026 – default ruleset', description: 'Computed in the browser by the demo', level: 'permission', mode: 'same-instance', includeLocked: false, includeExpired: false }, nowIso),
      status: 'completed',
      progress: 100,
      phase: 'done',
      counts: result.counts,
      startedAt: nowIso,
      finishedAt: nowIso,
    });
    this.findings.set(DEMO_ANALYSIS_ID, result.findings);
    data.findings.push(...result.findings.map((f, i) => findingToRecord(f, DEMO_ANALYSIS_ID, i + 1)));
    this.provider = fakeRestProvider(data, false);
  }

  /** Resolves when every analysis started so far has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** The engine findings of an analysis (null when unknown or not completed). */
  findingsOf(analysisId: string): Finding[] | null {
    return this.findings.get(analysisId) ?? null;
  }

  /** Answers an `/api/...` request; null for any other path (the caller passes it through). */
  async handle(req: DemoRequest): Promise<Response | null> {
    const path = req.url.pathname.replace(/\/+$/, '');
    if (!path.startsWith('/api/') && path !== '/api') return null;
    const method = req.method.toUpperCase();
    const seg = path.split('/').slice(2).map(decodeURIComponent);
    try {
      if (req.body instanceof FormData || (req.headers.get('Content-Type') ?? '').startsWith('multipart/')) {
        return error(501, `${NOT_IN_DEMO}: uploads are not processed in the demo`, 'NOT_IN_DEMO');
      }
      const body = typeof req.body === 'string' ? parseJson(req.body) : undefined;
      if (seg[0] === 'auth') return this.auth(method, seg[1], body, req.headers);
      const claims = claimsOf(req.headers.get('Authorization'));
      if (!claims || claims.exp * 1000 <= this.now().getTime()) return error(401, 'Log in to continue', 'UNAUTHENTICATED');
      const q = req.url.searchParams;

      if (seg[0] === 'system-periods' && seg[2] === 'tables') return this.tables(seg[1], seg[3], q);
      if (seg[0] === 'system-periods' && seg[2] === 'basis') {
        if (method === 'GET' && seg.length === 3) {
          return json({ ran: false, ranAt: null, ranBy: null, analysisDate: null, findings: 0, durationMs: null, stale: false, checks: [] });
        }
        return error(501, `${NOT_IN_DEMO}: basis checks run on the server`, 'NOT_IN_DEMO');
      }
      if (seg[0] === 'analyses' && seg[1] === 'compare' && method === 'GET') return this.compare(q);
      if (seg[0] === 'analyses' && seg[2] === 'export' && method === 'GET') return this.exportAnalysis(seg[1], q.get('format') ?? 'csv');
      if (seg[0] === 'analyses' && seg[2] === 'cancel' && method === 'POST') return this.cancel(seg[1]);
      if (seg[0] === 'analyses' && seg.length === 1 && method === 'POST') return this.createAnalysis(body, claims.email);
      if (seg[0] === 'simulations' && method === 'POST') return this.simulate(body);
      if (seg[0] === 'reports' && seg[1] === 'dashboard' && method === 'GET') return this.dashboard(q.get('analysisId'));
      if ((DEMO_RESOURCES as readonly string[]).includes(seg[0]) && seg.length <= 2) return this.rest(method, seg[0], seg[1], q, body, claims.email);
      return error(501, `${NOT_IN_DEMO}: ${method} ${path}`, 'NOT_IN_DEMO');
    } catch (e) {
      return error(500, e instanceof Error ? e.message : String(e));
    }
  }

  // ---- auth

  private auth(method: string, action: string | undefined, body: unknown, headers: Headers): Response {
    if (method === 'POST' && action === 'login') {
      const { email, password } = (body ?? {}) as { email?: string; password?: string };
      const user = DEMO_USERS.find((u) => u.email === String(email ?? '').trim().toLowerCase());
      if (!user || password !== DEMO_PASSWORD) return error(401, 'Please check entered values and try again', 'INVALID_CREDENTIALS');
      const token = signDemoToken(
        { sub: user.id, name: user.name, email: user.email, customerId: user.role === 'SuperAdmin' ? null : DEMO_CUSTOMER_ID, Role: user.role, permissions: {} },
        this.now().getTime(),
      );
      return json({ token, user: { id: user.id, name: user.name, email: user.email, role: user.role, customerId: user.role === 'SuperAdmin' ? null : DEMO_CUSTOMER_ID } });
    }
    if (method === 'GET' && action === 'me') {
      const claims = claimsOf(headers.get('Authorization'));
      if (!claims) return error(401, 'Log in to continue', 'UNAUTHENTICATED');
      return json({ id: claims.sub, name: claims.name, email: claims.email, role: claims.Role, customerId: claims.customerId, permissions: claims.permissions });
    }
    return error(501, `${NOT_IN_DEMO}: mail and registration need the server`, 'NOT_IN_DEMO');
  }

  // ---- simple-rest resources over ra-data-fakerest

  /** One record, or null (a list query: fakerest's getOne logs a console error when it is missing). */
  private async find(resource: string, id: string): Promise<Rec | null> {
    const { data } = await this.provider.getList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' }, filter: { id } });
    return (data[0] as Rec | undefined) ?? null;
  }

  private async rest(method: string, resource: string, id: string | undefined, q: URLSearchParams, body: unknown, actor: string): Promise<Response> {
    const p = this.provider;
    if (method === 'GET' && id === undefined) {
      const sort = parseJson(q.get('sort')) as [string, string] | undefined;
      const range = parseJson(q.get('range')) as [number, number] | undefined;
      const filter = (parseJson(q.get('filter')) ?? {}) as Record<string, unknown>;
      const [start, end] = Array.isArray(range) && range.length === 2 ? [Number(range[0]), Number(range[1])] : [0, 9999];
      const perPage = end - start + 1;
      const exact = start % perPage === 0;
      const { data, total } = await p.getList(resource, {
        pagination: exact ? { page: start / perPage + 1, perPage } : { page: 1, perPage: end + 1 },
        sort: { field: Array.isArray(sort) ? String(sort[0]) : 'id', order: Array.isArray(sort) && String(sort[1]).toUpperCase() === 'DESC' ? 'DESC' : 'ASC' },
        filter: toFakerestFilter(filter),
      });
      const rows = exact ? data : data.slice(start);
      const count = total ?? rows.length;
      const contentRange = rows.length === 0 ? `${resource} */${count}` : `${resource} ${start}-${start + rows.length - 1}/${count}`;
      return json(rows, 200, { 'Content-Range': contentRange, 'Access-Control-Expose-Headers': 'Content-Range' });
    }
    if (method === 'POST' && id === undefined) {
      if (resource === 'findings' || resource === 'audit-log') return error(405, 'This resource is read-only');
      const stamp = this.now().toISOString();
      const data = { ...(body as object), id: crypto.randomUUID(), customerId: DEMO_CUSTOMER_ID, createdAt: stamp, updatedAt: stamp, createdBy: actor };
      const { data: created } = await p.create(resource, { data });
      return json(created, 201);
    }
    if (id === undefined) return error(405, `${method} is not allowed here`);
    const previous = await this.find(resource, id);
    if (!previous) return error(404, `No ${resource} record ${id}`, 'NOT_FOUND');
    if (method === 'GET') return json(previous);
    if (method === 'PUT' || method === 'PATCH') {
      const data = { ...previous, ...(body as object), id, updatedAt: this.now().toISOString() };
      const { data: updated } = await p.update(resource, { id, data, previousData: previous });
      return json(updated);
    }
    if (method === 'DELETE') {
      if (resource === 'analyses' && previous.status === 'running') return error(409, 'The analysis is running; cancel it first', 'ANALYSIS_RUNNING');
      await p.delete(resource, { id, previousData: previous });
      if (resource === 'analyses') await this.dropFindings(id);
      return json(previous);
    }
    return error(405, `${method} is not allowed here`);
  }

  // ---- analyses

  private analysisOptions(v: { level: string; mode: string; includeLocked: boolean; includeExpired: boolean }, acceptances: RiskAcceptance[], deactivated: string[] = []): AnalysisOptions {
    return {
      date: DEMO_PERIOD_DATE,
      level: v.level === 'action' ? 'action' : 'permission',
      mode: v.mode === 'union' ? 'union' : 'same-instance',
      includeLocked: v.includeLocked,
      includeExpired: v.includeExpired,
      acceptances,
      deactivatedRiskIds: deactivated,
    };
  }

  private analysisRecord(id: string, v: { name: string; description: string; level: string; mode: string; includeLocked: boolean; includeExpired: boolean }, nowIso: string): Rec {
    return {
      id,
      customerId: DEMO_CUSTOMER_ID,
      name: v.name,
      description: v.description,
      systemPeriodId: DEMO_SYSTEM_PERIOD_ID,
      riskPeriodId: DEMO_RISK_PERIOD_ID,
      level: v.level,
      mode: v.mode,
      includeLocked: v.includeLocked,
      includeExpired: v.includeExpired,
      analysisDate: date8ToIso(DEMO_PERIOD_DATE),
      status: 'enqueued',
      progress: 0,
      phase: null,
      error: null,
      counts: null,
      createdBy: 'demo@segra.local',
      createdAt: nowIso,
      startedAt: null,
      finishedAt: null,
      updatedAt: nowIso,
    };
  }

  /** The customer's acceptances and deactivations, as the engine takes them. */
  private async approvals(): Promise<{ acceptances: RiskAcceptance[]; deactivated: string[] }> {
    const all = { pagination: { page: 1, perPage: 100000 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    const acc = (await this.provider.getList('risk-acceptances', all)).data as Rec[];
    const deact = (await this.provider.getList('risk-deactivations', all)).data as Rec[];
    return {
      acceptances: acc.map((a) => ({
        riskId: String(a.riskId),
        scope: (a.scope === 'user' || a.scope === 'role' ? a.scope : 'global') as RiskAcceptance['scope'],
        holder: String(a.holder ?? ''),
        message: String(a.message ?? ''),
        author: String(a.createdBy ?? ''),
        createdAt: String(a.createdAt ?? ''),
        validFrom: date8Of(a.validFrom),
        validTo: date8Of(a.validTo),
      })),
      deactivated: deact.map((d) => String(d.riskId)),
    };
  }

  private async createAnalysis(body: unknown, actor: string): Promise<Response> {
    const b = (body ?? {}) as Record<string, unknown>;
    const name = typeof b.name === 'string' ? b.name.trim() : '';
    const errors: Record<string, string> = {};
    if (!name) errors.name = 'Name is required';
    if (b.systemPeriodId !== DEMO_SYSTEM_PERIOD_ID) errors.systemPeriodId = 'System period is required';
    if (b.riskPeriodId !== DEMO_RISK_PERIOD_ID) errors.riskPeriodId = 'Risk period is required';
    if (Object.keys(errors).length > 0) return error(400, 'Fill in all fields correctly', 'VALIDATION', errors);
    const v = {
      name,
      description: typeof b.description === 'string' ? b.description.trim() : '',
      level: b.level === 'action' ? 'action' : 'permission',
      mode: b.mode === 'union' ? 'union' : 'same-instance',
      includeLocked: b.includeLocked === true,
      includeExpired: b.includeExpired === true,
    };
    const id = crypto.randomUUID();
    const record = { ...this.analysisRecord(id, v, this.now().toISOString()), createdBy: actor };
    await this.provider.create('analyses', { data: record });
    const run = this.run(id, v);
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return json(record, 201);
  }

  private async patchAnalysis(id: string, patch: Record<string, unknown>): Promise<Rec | null> {
    const previous = await this.find('analyses', id);
    if (!previous) return null;
    const data = { ...previous, ...patch, updatedAt: this.now().toISOString() };
    await this.provider.update('analyses', { id, data, previousData: previous });
    return data;
  }

  private async statusOf(id: string): Promise<string | null> {
    const record = await this.find('analyses', id);
    return record ? String(record.status) : null;
  }

  private async run(id: string, v: { level: string; mode: string; includeLocked: boolean; includeExpired: boolean }): Promise<void> {
    const wait = () => new Promise<void>((r) => setTimeout(r, this.runDelayMs));
    await wait();
    if ((await this.statusOf(id)) !== 'enqueued') return;
    await this.patchAnalysis(id, { status: 'running', progress: 10, phase: 'analysing', startedAt: this.now().toISOString() });
    await wait();
    if ((await this.statusOf(id)) !== 'running') return;
    try {
      const { acceptances, deactivated } = await this.approvals();
      const result = analyse(this.extract, this.ruleset, this.analysisOptions(v, acceptances, deactivated));
      await this.storeFindings(id, result.findings);
      await this.patchAnalysis(id, { status: 'completed', progress: 100, phase: 'done', counts: result.counts, finishedAt: this.now().toISOString() });
    } catch (e) {
      await this.patchAnalysis(id, { status: 'failed', error: e instanceof Error ? e.message : String(e), finishedAt: this.now().toISOString() });
    }
  }

  private async storeFindings(analysisId: string, findings: Finding[]): Promise<void> {
    this.findings.set(analysisId, findings);
    for (const [i, f] of findings.entries()) await this.provider.create('findings', { data: findingToRecord(f, analysisId, i + 1) });
  }

  private async dropFindings(analysisId: string): Promise<void> {
    this.findings.delete(analysisId);
    const { data } = await this.provider.getList('findings', { pagination: { page: 1, perPage: 1000000 }, sort: { field: 'id', order: 'ASC' }, filter: { analysisId } });
    for (const f of data) await this.provider.delete('findings', { id: f.id, previousData: f });
  }

  private async cancel(id: string): Promise<Response> {
    const status = await this.statusOf(id);
    if (status === null) return error(404, `No analysis ${id}`, 'NOT_FOUND');
    if (status !== 'enqueued' && status !== 'running') return error(409, 'Only a waiting or running analysis can be cancelled', 'NOT_CANCELLABLE');
    return json(await this.patchAnalysis(id, { status: 'cancelled', finishedAt: this.now().toISOString() }));
  }

  private async completed(id: string | null, which: string): Promise<{ record: Rec; findings: Finding[] } | Response> {
    if (!id) return error(400, `Choose the ${which} analysis`, 'VALIDATION');
    const record = await this.find('analyses', id);
    if (!record) return error(404, `No analysis ${id}`, 'NOT_FOUND');
    const findings = this.findings.get(id);
    if (record.status !== 'completed' || !findings) return error(409, `The ${which} analysis has not completed`, 'NOT_COMPLETED');
    return { record, findings };
  }

  private async exportAnalysis(id: string, format: string): Promise<Response> {
    if (format !== 'csv') return error(501, `${NOT_IN_DEMO}: only CSV export works in the demo`, 'NOT_IN_DEMO');
    const a = await this.completed(id, 'chosen');
    if (a instanceof Response) return a;
    const file = `${String(a.record.name).replace(/[^\w.-]+/g, '_') || 'findings'}.csv`;
    return new Response(findingsToCsv(a.findings), { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file}"` } });
  }

  // ---- reports

  private async dashboard(analysisId: string | null): Promise<Response> {
    if (!analysisId) return error(400, 'A default analysis must be chosen to see the full list', 'VALIDATION', { analysisId: 'Choose an analysis' });
    const a = await this.completed(analysisId, 'chosen');
    if (a instanceof Response) return a;
    const fs = a.findings;
    const count = (pred: (f: Finding) => boolean) => {
      const sel = fs.filter(pred);
      const accepted = sel.filter((f) => f.accepted).length;
      return { findings: sel.length, accepted, open: sel.length - accepted };
    };
    const total = fs.length;
    const accepted = fs.filter((f) => f.accepted).length;
    const processes = [...new Set(fs.map((f) => f.businessProcess))];
    const users = new Map<string, { holder: string; critical: number; high: number; findings: number; accepted: number }>();
    for (const f of fs) {
      if (f.level !== 'USER') continue;
      const u = users.get(f.holder) ?? { holder: f.holder, critical: 0, high: 0, findings: 0, accepted: 0 };
      if (f.riskLevel === 'CRITICAL') u.critical++;
      if (f.riskLevel === 'HIGH') u.high++;
      u.findings++;
      if (f.accepted) u.accepted++;
      users.set(f.holder, u);
    }
    const addr = new Map(this.extract.userAddresses.map((x) => [x.user, x]));
    const topUsers = [...users.values()]
      .sort((x, y) => y.critical - x.critical || y.high - x.high || y.findings - x.findings || (x.holder < y.holder ? -1 : 1))
      .slice(0, 10)
      .map((u) => ({ ...u, fullName: addr.get(u.holder)?.fullName ?? '', department: addr.get(u.holder)?.department ?? '' }));
    const all = (await this.provider.getList('analyses', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'finishedAt', order: 'ASC' }, filter: { status: 'completed' } })).data as Rec[];
    const r = a.record;
    return json({
      analysis: {
        id: r.id,
        name: r.name,
        analysisDate: r.analysisDate,
        systemPeriodId: r.systemPeriodId,
        systemPeriodName: 'PRD October 2026',
        riskPeriodId: r.riskPeriodId,
        level: r.level,
        mode: r.mode,
        counts: r.counts,
        finishedAt: r.finishedAt,
      },
      totals: { findings: total, accepted, open: total - accepted },
      byRiskLevel: RISK_LEVELS.map((riskLevel) => ({ riskLevel, ...count((f) => f.riskLevel === riskLevel) })),
      byLevel: (['USER', 'ROLE', 'PROFILE'] as const).map((level) => ({ level, ...count((f) => f.level === level) })),
      byBusinessProcess: processes
        .map((businessProcess) => {
          const c = count((f) => f.businessProcess === businessProcess);
          return { businessProcess, findings: c.findings, accepted: c.accepted };
        })
        .sort((x, y) => y.findings - x.findings || (x.businessProcess < y.businessProcess ? -1 : 1)),
      acceptedVsOpen: { accepted, open: total - accepted },
      topUsers,
      trend: all
        .filter((x) => this.findings.has(x.id))
        .map((x) => {
          const f = this.findings.get(x.id)!;
          const acc = f.filter((y) => y.accepted).length;
          return {
            analysisId: x.id,
            name: x.name,
            date: x.analysisDate,
            systemPeriodId: x.systemPeriodId,
            systemPeriodName: 'PRD October 2026',
            periodDate: x.analysisDate,
            level: x.level,
            mode: x.mode,
            findings: f.length,
            accepted: acc,
            open: f.length - acc,
          };
        }),
    });
  }

  private async compare(q: URLSearchParams): Promise<Response> {
    const left = await this.completed(q.get('left'), 'first');
    if (left instanceof Response) return left;
    const right = await this.completed(q.get('right'), 'second');
    if (right instanceof Response) return right;
    let rows = compareFindings(left.findings, right.findings);
    const filter = (parseJson(q.get('filter')) ?? {}) as Record<string, unknown>;
    for (const [field, value] of Object.entries(filter)) {
      if (value === undefined || value === '') continue;
      if (field === 'q') {
        const needle = String(value).toLowerCase();
        rows = rows.filter((r) => r.holder.toLowerCase().includes(needle) || r.riskId.toLowerCase().includes(needle));
      } else {
        const list = (Array.isArray(value) ? value : [value]).map(String);
        rows = rows.filter((r) => list.includes(String((r as unknown as Record<string, unknown>)[field])));
      }
    }
    const summary = {
      new: rows.filter((r) => r.status === 'new').length,
      resolved: rows.filter((r) => r.status === 'resolved').length,
      unchanged: rows.filter((r) => r.status === 'unchanged').length,
      levelChanged: rows.filter((r) => r.levelChanged).length,
      total: rows.length,
    };
    if (q.get('format') !== null) {
      if (q.get('format') !== 'csv') return error(501, `${NOT_IN_DEMO}: only CSV export works in the demo`, 'NOT_IN_DEMO');
      const lines = ['level,holder,riskId,status,leftRiskLevel,rightRiskLevel,levelChanged', ...rows.map((r) => [r.level, r.holder, r.riskId, r.status, r.leftRiskLevel ?? '', r.rightRiskLevel ?? '', r.levelChanged].join(','))];
      return new Response(lines.join('\n') + '\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="comparison.csv"' } });
    }
    const range = parseJson(q.get('range')) as [number, number] | undefined;
    const start = Array.isArray(range) ? Number(range[0]) : 0;
    const page = Array.isArray(range) ? rows.slice(start, Number(range[1]) + 1) : rows;
    const side = (a: { record: Rec; findings: Finding[] }) => ({
      id: a.record.id,
      name: a.record.name,
      analysisDate: a.record.analysisDate,
      systemPeriodId: a.record.systemPeriodId,
      riskPeriodId: a.record.riskPeriodId,
      level: a.record.level,
      mode: a.record.mode,
      findings: a.findings.length,
    });
    const contentRange = page.length === 0 ? `comparison */${rows.length}` : `comparison ${start}-${start + page.length - 1}/${rows.length}`;
    return json(
      { left: side(left), right: side(right), summary, total: rows.length, rows: page.map((r) => ({ id: `${r.level}:${r.holder}:${r.riskId}`, ...r })) },
      200,
      { 'Content-Range': contentRange },
    );
  }

  private async simulate(body: unknown): Promise<Response> {
    const b = (body ?? {}) as Record<string, unknown>;
    const user = typeof b.user === 'string' && b.user.trim() ? b.user.trim() : undefined;
    const role = typeof b.role === 'string' && b.role.trim() ? b.role.trim() : undefined;
    if ((user === undefined) === (role === undefined)) return error(400, 'Fill in all fields correctly', 'VALIDATION', { user: 'Choose a user or a role to simulate' });
    const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => x.trim()).filter(Boolean) : []);
    const addRoles = list(b.addRoles);
    const removeRoles = list(b.removeRoles);
    const roles = new Set(this.extract.roleDefinitions.map((r) => r.role));
    if (user !== undefined && !this.extract.users.some((u) => u.bname === user)) return error(404, `User ${user} is not in the system period (USR02)`, 'NOT_FOUND');
    for (const r of [...(role ? [role] : []), ...addRoles, ...removeRoles]) if (!roles.has(r)) return error(404, `Role ${r} is not in the system period`, 'NOT_FOUND');
    const level = b.level === 'action' ? 'action' : 'permission';
    const mode = b.mode === 'union' ? 'union' : 'same-instance';
    const started = performance.now();
    let result;
    try {
      result = simulate(this.extract, this.ruleset, this.analysisOptions({ level, mode, includeLocked: false, includeExpired: false }, []), {
        holder: user !== undefined ? { kind: 'user', bname: user } : { kind: 'role', role: role! },
        addRoles,
        removeRoles,
        addAuthorisations: Array.isArray(b.addAuthorisations) ? b.addAuthorisations : undefined,
        removeAuthorisations: Array.isArray(b.removeAuthorisations) ? b.removeAuthorisations : undefined,
      });
    } catch (e) {
      if (e instanceof SimulationError) return error(404, e.message, 'NOT_FOUND');
      throw e;
    }
    // The server's simulation records (server/modules/reports/simulation.ts findingRecord), in CSV order.
    const records = (fs: Finding[]) =>
      findingsOrder(fs).map((f) => ({
        level: f.level,
        holder: f.holder,
        riskId: f.riskId,
        riskLevel: f.riskLevel,
        riskType: f.riskType,
        businessProcess: f.businessProcess,
        functions: formatFunctions(f),
        sources: formatSources(f),
        provenance: f.functions,
        accepted: f.accepted,
        acceptedBy: f.acceptance?.author ?? null,
        message: f.acceptance?.message ?? null,
      }));
    const ms = Math.round((performance.now() - started) * 10) / 10;
    return json({
      systemPeriodId: DEMO_SYSTEM_PERIOD_ID,
      riskPeriodId: DEMO_RISK_PERIOD_ID,
      holder: user !== undefined ? { kind: 'user', name: user } : { kind: 'role', name: role },
      analysisDate: isoOf(DEMO_PERIOD_DATE),
      level,
      mode,
      addRoles,
      removeRoles,
      summary: { before: result.before.length, after: result.after.length, added: result.added.length, removed: result.removed.length },
      before: records(result.before),
      after: records(result.after),
      added: records(result.added),
      removed: records(result.removed),
      timings: { cached: false, loadMs: 0, simulateMs: ms, totalMs: ms },
    });
  }

  // ---- SAP tables of the system period

  private tables(periodId: string, table: string | undefined, q: URLSearchParams): Response {
    if (periodId !== DEMO_SYSTEM_PERIOD_ID) return error(404, `No system period ${periodId}`, 'NOT_FOUND');
    if (table === undefined) {
      return json(PERIOD_TABLES.map((t) => ({ table: t.sapName, rows: (this.extract[t.key] as unknown[]).length, columns: t.columns.map((c) => c.column.toUpperCase()) })));
    }
    const spec = PERIOD_TABLES.find((t) => t.sapName === table.toUpperCase());
    if (!spec) return error(404, `No SAP table ${table} in a system period`, 'NOT_FOUND');
    let rows = (this.extract[spec.key] as unknown as Record<string, unknown>[]).map((r) =>
      Object.fromEntries(spec.columns.map((c) => [c.column.toUpperCase(), r[c.field] ?? null])),
    );
    const filter = (parseJson(q.get('filter')) ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === '') continue;
      if (key === 'q') {
        const needle = String(value).trim().toLowerCase();
        rows = rows.filter((r) => Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)));
      } else rows = rows.filter((r) => String(r[key.toUpperCase()]) === String(value));
    }
    const sort = parseJson(q.get('sort')) as [string, string] | undefined;
    if (Array.isArray(sort)) {
      const f = String(sort[0]).toUpperCase();
      const dir = String(sort[1]).toUpperCase() === 'DESC' ? -1 : 1;
      rows = [...rows].sort((a, b) => (String(a[f] ?? '') < String(b[f] ?? '') ? -dir : String(a[f] ?? '') > String(b[f] ?? '') ? dir : 0));
    }
    const range = parseJson(q.get('range')) as [number, number] | undefined;
    const [start, end] = Array.isArray(range) ? [Number(range[0]), Number(range[1])] : [0, 24];
    const page = rows.slice(start, end + 1);
    const contentRange = page.length === 0 ? `${spec.sapName} */${rows.length}` : `${spec.sapName} ${start}-${start + page.length - 1}/${rows.length}`;
    return json(page, 200, { 'Content-Range': contentRange });
  }
}
