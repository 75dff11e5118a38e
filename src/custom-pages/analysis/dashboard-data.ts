import type { TopUser } from '../../../contracts/dashboard.ts';
export type { TopUser };
import type { ExecutionSummary } from '../usage/ExecutionPanel.tsx';
import type { OrgValueCount } from './OrgValuePanel.tsx';
import type { CrossSystemCounts, DashboardSystem } from './CrossSystemPanel.tsx';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DEFAULT_TOP_USER_TYPES } from '../../../contracts/user-types.ts';
import { apiJson, errorText } from './api.ts';


export interface Dashboard {
  analysis: { id: string; name: string; analysisDate: string; systemPeriodName: string; level: string; mode: string; finishedAt: string | null };
  /** By status (DESIGN 6): open counts neither the accepted, the mitigated nor the deactivated risks' findings (issue 27). */
  totals: { findings: number; accepted: number; mitigated?: number; deactivated?: number; open: number };
  byRiskLevel: { riskLevel: string; findings: number; accepted: number; open: number }[];
  byLevel: { level: string; findings: number; accepted: number; open: number }[];
  byBusinessProcess: { businessProcess: string; findings: number; accepted: number; open?: number }[];
  acceptedVsOpen: { accepted: number; mitigated?: number; deactivated?: number; open: number };
  topUsers: TopUser[];
  /** The user types the top 10 counts (issue 27 item 6: dialog users unless others are chosen). */
  topUserTypes?: string[];
  /** Users with critical or high findings of the types not chosen. */
  topUsersOfOtherTypes?: number;
  /** Executed vs potential (issue 17); null when the analysis ran without usage. */
  execution?: ExecutionSummary | null;
  /** Findings by org value (DESIGN 5.15); empty when the analysis has no org-level findings. */
  byOrgValue?: OrgValueCount[];
  /** A cross-system analysis (DESIGN 5.18) only: its systems in SID order and its cross-system findings by status. */
  systems?: DashboardSystem[];
  crossSystem?: CrossSystemCounts;
  trend: { analysisId: string; name: string; date: string; systemPeriodName: string; periodDate: string; findings: number; accepted: number; open: number }[];
}

/**
 * GET /api/reports/dashboard for one analysis (null id: nothing loaded), its top 10 of the chosen
 * user types (dialog users by default). A change of the types keeps the dashboard shown while the
 * new one is read; another analysis starts afresh.
 */
export function useDashboard(
  analysisId: string | null,
  userTypes: readonly string[] = DEFAULT_TOP_USER_TYPES,
): { data: Dashboard | null; error: string | null; loading: boolean } {
  const translate = useTranslate();
  const [state, setState] = useState<{ data: Dashboard | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: false });
  const types = JSON.stringify(userTypes);
  useEffect(() => {
    if (!analysisId) {
      setState({ data: null, error: null, loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ data: s.data?.analysis.id === analysisId ? s.data : null, error: null, loading: true }));
    apiJson<Dashboard>(`/api/reports/dashboard?analysisId=${encodeURIComponent(analysisId)}&userTypes=${encodeURIComponent(types)}`)
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch((e: unknown) => live && setState({ data: null, error: errorText(e, translate, 'segra.analysis.errors.dashboard'), loading: false }));
    return () => {
      live = false;
    };
  }, [analysisId, types, translate]);
  return state;
}
