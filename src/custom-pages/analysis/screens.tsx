import { lazy, type ComponentType } from 'react';

/**
 * The analysis screens (issue 4 API, issue 5 screens), by their path in the route table
 * (src/routes/route-table.ts). The shell (App.tsx) mounts each entry in place of the placeholder.
 * Each loads lazily, so nothing of them is in the login page's bundle.
 */
export const analysisScreens: Record<string, ComponentType> = {
  '/app/system/period': lazy(() => import('./SystemPeriods.tsx')),
  '/app/system/modules': lazy(() => import('./SystemData.tsx')),
  '/app/risk/period': lazy(() => import('./RiskPeriods.tsx')),
  '/app/risk/modules': lazy(() => import('./RiskData.tsx')),
  '/app/reports/create': lazy(() => import('./AnalysisCreate.tsx')),
  '/app/reports/analyze-request': lazy(() => import('./AnalysisRequests.tsx')),
  '/app/reports/dashboard': lazy(() => import('./ReportsDashboard.tsx')),
  '/app/reports/list': lazy(() => import('./FindingsList.tsx')),
  '/app/reports/risk': lazy(() => import('./RiskApproval.tsx')),
  '/app/reports/compare': lazy(() => import('./Compare.tsx')),
  '/app/simulation': lazy(() => import('./Simulation.tsx')),
  '/app/report/basis': lazy(() => import('./Basis.tsx')),
  '/app/report/special': lazy(() => import('./Special.tsx')),
  '/app/admin/sql': lazy(() => import('./SqlQueries.tsx')),
};

/** The welcome page's top 10 high-risk users (for /dashboards/default), lazily. */
export const LazyTopRiskUsers = lazy(() => import('./TopRiskUsers.tsx'));
