import type { ComponentType } from 'react';
import { lazyPage } from '../../routes/lazy-page.ts';

/**
 * The analysis screens (issue 4 API, issue 5 screens), by their path in the route table
 * (src/routes/route-table.ts). The shell (App.tsx) mounts each entry in place of the placeholder.
 * Each loads lazily, so nothing of them is in the login page's bundle.
 */
export const analysisScreens: Record<string, ComponentType> = {
  // The analyses resource's creation form, at its spec path rather than the resource's /create.
  '/app/reports/create': lazyPage(() => import('../../resources/analyses/index.tsx').then((m) => ({ default: m.AnalysisCreate }))),
  '/app/reports/dashboard': lazyPage(() => import('./ReportsDashboard.tsx')),
  '/app/reports/compare': lazyPage(() => import('./Compare.tsx')),
  '/app/simulation': lazyPage(() => import('./Simulation.tsx')),
  '/app/report/basis': lazyPage(() => import('./Basis.tsx')),
  '/app/report/special': lazyPage(() => import('./Special.tsx')),
};

/** The welcome page's top 10 high-risk users (for /dashboards/default), lazily. */
export const LazyTopRiskUsers = lazyPage(() => import('./TopRiskUsers.tsx'));
