import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HOLDER_LEVELS, RISK_LEVELS } from './helpers.ts';

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
  accepted?: 'true' | 'false';
  /** DESIGN 6: open | accepted | mitigated (issue 16). */
  status?: string;
}

export const FINDING_STATUSES = ['open', 'accepted', 'mitigated'] as const;

export type FindingsUrlKey = keyof FindingsUrlFilter;
const KEYS: FindingsUrlKey[] = ['level', 'riskLevel', 'businessProcess', 'holder', 'accepted', 'status'];
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
  const status = params.get('status');
  if (status && (FINDING_STATUSES as readonly string[]).includes(status)) out.status = status;
  for (const key of ['businessProcess', 'holder'] as const) {
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
    accepted: f.accepted === undefined ? undefined : f.accepted === 'true',
    status: f.status ? [f.status] : undefined,
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
