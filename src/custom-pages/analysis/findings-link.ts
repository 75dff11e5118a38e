import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HOLDER_LEVELS, RISK_LEVELS } from './helpers.ts';
import { userTypeFromUrl, userTypeToApi } from '../user-types/user-type-url.ts';

/**
 * The findings list's filter kept in its URL (`/app/reports/list?riskLevel=HIGH&level=USER`), so
 * a dashboard segment or a top-10 row can open the list filtered (issue 15 item 4), and the
 * browser's back button returns to the same view.
 */
export const FINDINGS_LIST_PATH = '/app/reports/list';

export interface FindingsUrlFilter {
  level?: string;
  riskLevel?: string;
  businessProcess?: string;
  holder?: string;
  /** One holder exactly (a top-10 row, the user and role views): `holder` matches any name containing it. */
  holderExact?: string;
  accepted?: 'true' | 'false';
  /** EXECUTION (issue 17): FULL, PARTIAL or NONE. */
  execution?: string;
  /** DESIGN 6: open | accepted | mitigated (issue 16) | deactivated (issue 27: the customer deactivated the risk). */
  status?: string;
  /** The SAP user type of a user finding (issue 27 item 6): A, B, C, S, L or `unknown`. */
  userType?: string;
  /** Cross-system analyses (DESIGN 5.18): `true` lists the cross-system findings only, `false` the others. */
  crossSystem?: 'true' | 'false';
}

export const FINDING_STATUSES = ['open', 'accepted', 'mitigated', 'deactivated'] as const;

export type FindingsUrlKey = keyof FindingsUrlFilter;
const KEYS: FindingsUrlKey[] = ['level', 'riskLevel', 'businessProcess', 'holder', 'holderExact', 'accepted', 'execution', 'status', 'userType', 'crossSystem'];
const EXECUTIONS = ['FULL', 'PARTIAL', 'NONE'];
const MAX_TEXT = 200;

/** The list filter a URL holds; values the list cannot show (unknown level, overlong text) are ignored. */
export function readFindingsUrlFilter(params: URLSearchParams): FindingsUrlFilter {
  const out: FindingsUrlFilter = {};
  const level = params.get('level');
  if (level && (HOLDER_LEVELS as readonly string[]).includes(level)) out.level = level;
  const riskLevel = params.get('riskLevel');
  if (riskLevel && (RISK_LEVELS as readonly string[]).includes(riskLevel)) out.riskLevel = riskLevel;
  const accepted = params.get('accepted');
  if (accepted === 'true' || accepted === 'false') out.accepted = accepted;
  const crossSystem = params.get('crossSystem');
  if (crossSystem === 'true' || crossSystem === 'false') out.crossSystem = crossSystem;
  const execution = params.get('execution');
  if (execution && EXECUTIONS.includes(execution)) out.execution = execution;
  const status = params.get('status');
  if (status && (FINDING_STATUSES as readonly string[]).includes(status)) out.status = status;
  const userType = userTypeFromUrl(params.get('userType'));
  if (userType) out.userType = userType;
  for (const key of ['businessProcess', 'holder', 'holderExact'] as const) {
    const v = params.get(key);
    if (v !== null && v.length <= MAX_TEXT) out[key] = v; // an empty business process is a real one
  }
  return out;
}

/** The link to the findings list under a filter. */
export function findingsListLink(filter: FindingsUrlFilter): string {
  const q = new URLSearchParams();
  for (const key of KEYS) if (filter[key] !== undefined) q.set(key, filter[key]!);
  const s = q.toString();
  return s ? `${FINDINGS_LIST_PATH}?${s}` : FINDINGS_LIST_PATH;
}

/** The `filter` of GET /api/findings and of the export for an analysis under a URL filter. */
export function findingsApiFilter(analysisId: string, f: FindingsUrlFilter): Record<string, unknown> {
  return {
    analysisId,
    level: f.level ? [f.level] : undefined,
    riskLevel: f.riskLevel ? [f.riskLevel] : undefined,
    businessProcess: f.businessProcess !== undefined ? [f.businessProcess] : undefined,
    holder: f.holder || undefined,
    holderExact: f.holderExact || undefined,
    accepted: f.accepted === undefined ? undefined : f.accepted === 'true',
    ...(f.execution ? { execution: [f.execution] } : {}),
    status: f.status ? [f.status] : undefined,
    ...(f.userType ? { userType: [userTypeToApi(f.userType)] } : {}),
    ...(f.crossSystem ? { crossSystem: f.crossSystem === 'true' } : {}),
  };
}

/** The URL's filter and a setter of one of its keys ('' or undefined removes it). */
export function useFindingsUrlFilter(): [FindingsUrlFilter, (key: FindingsUrlKey, value: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFindingsUrlFilter(params), [params]);
  const set = useCallback(
    (key: FindingsUrlKey, value: string | undefined) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === undefined || (value === '' && key !== 'businessProcess')) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filter, set];
}

/** The user and role views (issue 15 item 1) live on the findings list's page: `?view=user|role&name=…`. */
export type HolderViewKind = 'user' | 'role';

export function holderViewLink(kind: HolderViewKind, name: string): string {
  return `${FINDINGS_LIST_PATH}?${new URLSearchParams({ view: kind, name }).toString()}`;
}

/** The view a findings-list URL asks for, or null for the list itself. */
export function readHolderView(params: URLSearchParams): { kind: HolderViewKind; name: string } | null {
  const kind = params.get('view');
  const name = params.get('name');
  if ((kind !== 'user' && kind !== 'role') || !name || name.length > MAX_TEXT) return null;
  return { kind, name };
}
