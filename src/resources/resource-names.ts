/**
 * react-admin resources are named by their spec path (so their pages live at exactly the
 * spec's URLs, e.g. /app/user/add-department), and each maps to an API resource (DESIGN 6).
 * `entity` names the error messages of the resource (segra.errors.<entity>.<op>).
 */
export const RESOURCES = {
  customers: { name: 'app/customer/add', api: 'customers', entity: 'customers' },
  corsEntries: { name: 'app/customer/cors', api: 'cors-entries', entity: 'cors_entries' },
  licences: { name: 'app/licenses/license-files', api: 'licences', entity: 'licences' },
  systems: { name: 'app/system/default', api: 'systems', entity: 'systems' },
  appUsers: { name: 'app/user/add', api: 'app-users', entity: 'app_users' },
  groups: { name: 'app/user/add-group', api: 'groups', entity: 'groups' },
  departments: { name: 'app/user/add-department', api: 'departments', entity: 'departments' },
  mitigatingControls: { name: 'app/risk/mitigating-controls', api: 'mitigating-controls', entity: 'mitigating_controls' },
  mitigations: { name: 'app/risk/mitigations', api: 'mitigations', entity: 'mitigations' },
  decisionTrail: { name: 'app/reports/decision-trail', api: 'risk-decision-trail', entity: 'decision_trail' },
  analyses: { name: 'app/reports/analyze-request', api: 'analyses', entity: 'analyses' },
  findings: { name: 'app/reports/list', api: 'findings', entity: 'findings' },
  riskAcceptances: { name: 'app/reports/risk', api: 'risk-acceptances', entity: 'risk_acceptances' },
  // Issue 14: these screens word their own failures (segra.analysis.errors.*), so no entity.
  systemPeriods: { name: 'app/system/period', api: 'system-periods' },
  riskPeriods: { name: 'app/risk/period', api: 'risk-periods' },
  risks: { name: 'app/risk/modules', api: 'risks' },
  // Listed beside the risks on /app/risk/modules: a resource without pages of its own.
  functions: { name: 'functions', api: 'functions' },
  sqlQueries: { name: 'app/admin/sql', api: 'sql-queries' },
  // The system data browser: one SAP table of a system period (meta: periodId, table); its `id`, a row's place, sorts in file order.
  periodTables: { name: 'app/system/modules', api: 'system-periods/:periodId/tables/:table' },
} as const;

interface ApiResource {
  api: string;
  entity?: string;
}

const byName = new Map<string, ApiResource>(Object.values(RESOURCES).map((r) => [r.name, r]));

/**
 * The API resource behind a react-admin resource name, its `:params` filled in from the call's
 * `meta` (a nested list such as a period's tables); unknown names pass through.
 */
export function apiResource(name: string, meta?: Record<string, unknown>): ApiResource {
  const found = byName.get(name);
  if (!found) return { api: name };
  if (!found.api.includes(':')) return found;
  const api = found.api.replace(/:(\w+)/g, (_m, key: string) => {
    const value = meta?.[key];
    if (typeof value !== 'string' || value === '') throw new Error(`${name}: meta.${key} is required`);
    return encodeURIComponent(value);
  });
  return { ...found, api };
}
