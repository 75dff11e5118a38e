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
} as const;

const byName = new Map<string, { api: string; entity: string }>(Object.values(RESOURCES).map((r) => [r.name, r]));

/** The API resource behind a react-admin resource name; unknown names pass through. */
export function apiResource(name: string): { api: string; entity?: string } {
  return byName.get(name) ?? { api: name };
}
