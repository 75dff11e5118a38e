/**
 * A row of the dashboard's top 10 high-risk users (`GET /api/reports/dashboard`, spec 2), declared
 * once for the server that counts it, the app that shows it and the demo that computes it.
 */
export interface TopUser {
  holder: string;
  /** USR02-USTYP (issue 27 item 6); '' unknown. */
  userType: string;
  fullName: string;
  department: string;
  critical: number;
  high: number;
  findings: number;
  accepted: number;
}
