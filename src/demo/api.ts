import fakeRestProvider from 'ra-data-fakerest';
import type { Finding } from '../../engine/model/analysis.ts';
import type { SystemExtract } from '../../engine/model/extract.ts';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { defaultRuleset } from '../../engine/rulesets/default-ruleset.ts';
import { DemoAnalyses, initialData } from './analyses.ts';
import { error, notInDemo, parseJson } from './answers.ts';
import { activeCustomerRoute, authRoute, sessionOf, unauthenticated } from './auth.ts';
import { compare } from './compare.ts';
import type { DemoContext } from './context.ts';
import { dashboard } from './dashboard.ts';
import { dataQuality } from './data-quality.ts';
import { DemoAnalysisChoices } from './analysis-choices.ts';
import { roleView, userView } from './holder-views.ts';
import { isDemoResource, restResource } from './resources.ts';
import { buildDemoExtract } from './sample-extract.ts';
import { DEMO_ANALYSIS_ID } from './seed.ts';
import { simulation } from './simulation.ts';
import { basisChecks, periodTables } from './tables.ts';

export { NOT_IN_DEMO } from './answers.ts';

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

/**
 * The `/api` HTTP surface of the server, emulated in the browser for `npm run demo`: the
 * simple-rest resources over ra-data-fakerest (resources.ts), sign-in with an unsigned token
 * (auth.ts), the SAP tables of the sample system period (tables.ts), and analyses, simulations,
 * dashboard and comparison computed with `engine/`. Uploads and mail answer 501 "Not available
 * in the demo". This class routes a request to those modules.
 */
export class DemoApi {
  readonly extract: SystemExtract;
  readonly ruleset: Ruleset = defaultRuleset;
  private readonly ctx: DemoContext;
  private readonly analyses: DemoAnalyses;
  private readonly choices: DemoAnalysisChoices;
  /** Each SuperAdmin's active customer, kept for its next sign-in in this tab (issue 27). */
  private readonly activeCustomers = new Map<string, string | null>();

  constructor(options: DemoApiOptions = {}) {
    const now = options.now ?? (() => new Date());
    this.extract = buildDemoExtract();
    const { data, findings } = initialData(this.extract, this.ruleset, now().toISOString());
    const provider = fakeRestProvider(data, false);
    this.ctx = { extract: this.extract, ruleset: this.ruleset, provider, findings: new Map([[DEMO_ANALYSIS_ID, findings]]), now };
    this.analyses = new DemoAnalyses(this.ctx, options.runDelayMs ?? 800);
    this.choices = new DemoAnalysisChoices(this.ctx);
  }

  /** Resolves when every analysis started so far has finished. */
  settled(): Promise<void> {
    return this.analyses.settled();
  }

  /** The engine findings of an analysis (null when unknown or not completed). */
  findingsOf(analysisId: string): Finding[] | null {
    return this.ctx.findings.get(analysisId) ?? null;
  }

  /** Answers an `/api/...` request; null for any other path (the caller passes it through). */
  async handle(req: DemoRequest): Promise<Response | null> {
    const path = req.url.pathname.replace(/\/+$/, '');
    if (!path.startsWith('/api/') && path !== '/api') return null;
    const method = req.method.toUpperCase();
    const seg = path.split('/').slice(2).map(decodeURIComponent);
    try {
      if (req.body instanceof FormData || (req.headers.get('Content-Type') ?? '').startsWith('multipart/')) {
        return notInDemo('uploads are not processed in the demo');
      }
      const body = typeof req.body === 'string' ? parseJson(req.body) : undefined;
      if (seg[0] === 'auth' && seg[1] === 'active-customer' && method === 'PUT') return await activeCustomerRoute(this.ctx, this.activeCustomers, body, req.headers);
      if (seg[0] === 'auth') return authRoute(method, seg[1], body, req.headers, this.ctx.now(), this.activeCustomers);
      const claims = sessionOf(req.headers, this.ctx.now());
      if (!claims) return unauthenticated();
      return (await this.route(method, seg, req.url.searchParams, body, claims.email)) ?? notInDemo(`${method} ${path}`);
    } catch (e) {
      return error(500, e instanceof Error ? e.message : String(e));
    }
  }

  /** A signed-in call to its handler; null when the demo has none. */
  private route(method: string, seg: string[], q: URLSearchParams, body: unknown, actor: string): Promise<Response> | Response | null {
    const ctx = this.ctx;
    if (seg[0] === 'system-periods' && seg[2] === 'tables') return periodTables(ctx, seg[1], seg[3], q);
    if (seg[0] === 'system-periods' && seg[2] === 'basis') return basisChecks(method, seg.slice(3));
    if (seg[0] === 'system-periods' && seg[2] === 'data-quality' && method === 'GET') return dataQuality(ctx, seg[1], seg.slice(3), q);
    if (seg[0] === 'analyses') {
      if (seg[1] === 'compare' && method === 'GET') return compare(ctx, q);
      if (seg[2] === 'export' && method === 'GET') return this.analyses.export(seg[1], q.get('format') ?? 'csv');
      if (seg[2] === 'cancel' && method === 'POST') return this.analyses.cancel(seg[1]);
      if (seg.length === 1 && method === 'POST') return this.analyses.create(body, actor);
    }
    if (seg[0] === 'default-analysis' && seg.length === 1) return this.choices.defaultAnalysis(method, body, actor);
    if (seg[0] === 'shown-analysis' && seg.length === 1) return this.choices.shownAnalysis(method, body, actor);
    if (seg[0] === 'simulations' && method === 'POST') return simulation(ctx, body);
    if (seg[0] === 'reports' && seg[1] === 'dashboard' && method === 'GET') return dashboard(ctx, q.get('analysisId'), q.get('userTypes'));
    if (seg[0] === 'reports' && seg[1] === 'user-view' && method === 'GET') return userView(ctx, q);
    if (seg[0] === 'reports' && seg[1] === 'role-view' && method === 'GET') return roleView(ctx, q);
    if (isDemoResource(seg[0]) && seg.length <= 2) return restResource(ctx, method, seg[0], seg[1], q, body, actor);
    return null;
  }
}
