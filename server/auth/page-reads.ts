/**
 * DESIGN 6: "a page's read permission covers every read that page needs". A resource is gated
 * by its own page (ResourceSpec.access.page); these are the other pages (spec 2) whose screens
 * also read it, to pick from or to show names. Reads only: every write stays gated by the
 * resource's own page and flag.
 */
export const ALSO_READ_BY: Readonly<Record<string, readonly string[]>> = {
  // Risk analysis list, dashboard and comparison pick completed analyses.
  analyses: ['reports/list', 'reports/dashboard', 'reports/compare'],
  // The customer's default analysis is shown on the analysis requests and dashboard pages too.
  'default-analysis': ['reports/dashboard', 'reports/analyze-request'],
  // The analysis shown (issue 27): the list, the dashboard (and the home page's top users) show it,
  // the analysis requests page marks it. Choosing one's own is part of reading the list or the
  // dashboard, the pages that offer it.
  'shown-analysis': ['reports/dashboard', 'reports/analyze-request'],
  'analysis-choice': ['reports/dashboard'],
  // Screens that pick a system period: requests (names), creation, simulation, basis, special analysis, system data.
  'system-periods': ['reports/analyze-request', 'reports/create', 'simulation', 'report/basis', 'report/special', 'system/modules'],
  // Screens that pick a risk period: requests (names), creation, simulation, risk data.
  'risk-periods': ['reports/analyze-request', 'reports/create', 'simulation', 'risk/modules'],
  // The system period page picks the system of a period; the analysis screens name and add the
  // systems of a cross-system analysis (issue 32).
  systems: ['system/period', 'reports/create', 'reports/analyze-request'],
  // The special analysis page picks the stored query it runs.
  'sql-queries': ['report/special'],
  // The mitigations page picks the control of a mitigation (issue 16).
  'mitigating-controls': ['risk/mitigations'],
};
