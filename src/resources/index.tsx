import { lazyResource } from './lazy-resource.tsx';
import { RESOURCES as R } from './resource-names.ts';
import { Resource } from 'react-admin';
// Small indexes whose screens load lazily (their own chunks, with the spec's chunk timeout); their
// lists sit inside their screens, so react-admin gets the views themselves.
import riskPeriods from './risk-periods/index.tsx';
import risks from './risks/index.tsx';
import sqlQueries from './sql-queries/index.tsx';
import systemData from './system-data/index.tsx';
import systemPeriods from './system-periods/index.tsx';

/**
 * The CRUD areas, one line each (issue 14): the resource (its spec path, resource-names.ts), its
 * folder (loaded lazily; index.tsx exports list/create/edit/show/icon), its label and its views.
 */
// prettier-ignore -- a table of contents: one line per resource
export const resources = [
  lazyResource(R.customers, () => import('./customers/index.tsx'), { label: 'segra.screens.customer_add', views: ['list', 'create', 'edit'], recordRepresentation: 'name' }),
  lazyResource(R.corsEntries, () => import('./cors-entries/index.tsx'), { label: 'segra.screens.customer_cors', views: ['list', 'create', 'edit'], recordRepresentation: 'origin' }),
  lazyResource(R.licences, () => import('./licences/index.tsx'), { label: 'segra.screens.license_files', views: ['list', 'create'] }),
  lazyResource(R.systems, () => import('./systems/index.tsx'), { label: 'segra.screens.system_default', views: ['list', 'create', 'edit'], recordRepresentation: 'sid' }),
  lazyResource(R.appUsers, () => import('./app-users/index.tsx'), { label: 'segra.screens.user_add', views: ['list', 'create', 'edit'], recordRepresentation: 'username' }),
  lazyResource(R.groups, () => import('./groups/index.tsx'), { label: 'segra.screens.user_add_group', views: ['list', 'create', 'edit'], recordRepresentation: 'name' }),
  lazyResource(R.departments, () => import('./departments/index.tsx'), { label: 'segra.screens.user_add_department', views: ['list', 'create', 'edit'], recordRepresentation: 'name' }),
  lazyResource(R.mitigatingControls, () => import('./mitigating-controls/index.tsx'), { label: 'segra.screens.risk_mitigating_controls', views: ['list', 'create', 'edit', 'show'], recordRepresentation: 'controlId' }),
  lazyResource(R.mitigations, () => import('./mitigations/index.tsx'), { label: 'segra.screens.risk_mitigations', views: ['list', 'create', 'edit', 'show'] }),
  lazyResource(R.decisionTrail, () => import('./decision-trail/index.tsx'), { label: 'segra.screens.reports_decision_trail', views: ['list'] }),
  lazyResource(R.analyses, () => import('./analyses/index.tsx'), { label: 'segra.screens.analyze_request', views: ['list'] }),
  lazyResource(R.findings, () => import('./findings/index.tsx'), { label: 'segra.screens.reports_list', views: ['list'] }),
  lazyResource(R.riskAcceptances, () => import('./risk-acceptances/index.tsx'), { label: 'segra.screens.reports_risk', views: ['list'] }),
  <Resource key="system-periods" name={R.systemPeriods.name} options={{ label: 'segra.screens.system_period' }} {...systemPeriods} />,
  <Resource key="system-data" name={R.periodTables.name} options={{ label: 'segra.screens.system_modules' }} {...systemData} />,
  <Resource key="risk-periods" name={R.riskPeriods.name} options={{ label: 'segra.screens.risk_period' }} {...riskPeriods} />,
  <Resource key="risks" name={R.risks.name} options={{ label: 'segra.screens.risk_modules' }} {...risks} />,
  <Resource key="functions" name={R.functions.name} />,
  <Resource key="sql-queries" name={R.sqlQueries.name} options={{ label: 'segra.screens.admin_sql' }} {...sqlQueries} />,
];
