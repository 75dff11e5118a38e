import type { Finding } from '../../engine/model/analysis.ts';
import { error, json } from './answers.ts';
import type { DemoContext } from './context.ts';
import { completedAnalysis, userTypesOf } from './findings.ts';

/** The server's limit of users and combined findings in one role view (server/modules/reports/holder-views.ts). */
const VIEW_LIMIT = 500;

const named = (q: URLSearchParams, key: 'user' | 'role'): string | Response => {
  const v = q.get(key)?.trim();
  return v ? v : error(400, `A ${key} must be named`, 'HOLDER_REQUIRED', { [key]: `Name a ${key}` }, { level: key });
};

/** `GET /api/reports/user-view?analysisId=…&user=…`, as the server answers it, from the sample extract. */
export async function userView(ctx: DemoContext, q: URLSearchParams): Promise<Response> {
  const user = named(q, 'user');
  if (user instanceof Response) return user;
  const a = await completedAnalysis(ctx, q.get('analysisId'), 'chosen');
  if (a instanceof Response) return a;
  const x = ctx.extract;
  const addr = x.userAddresses.find((u) => u.user === user);
  const text = (role: string) => x.roleTexts.find((t) => t.role === role)?.text ?? '';
  const mine = a.findings.filter((f) => f.level === 'USER' && f.holder === user);
  return json({
    analysisId: a.record.id,
    user,
    fullName: addr?.fullName ?? '',
    department: addr?.department ?? '',
    userType: userTypesOf(x)({ level: 'USER', holder: user }),
    roles: x.roleAssignments
      .filter((r) => r.user === user)
      .sort((p, r) => (p.role < r.role ? -1 : p.role > r.role ? 1 : 0))
      .map((r) => ({ role: r.role, roleName: text(r.role), from: r.from, to: r.to })),
    profiles: [...new Set(x.userProfiles.filter((p) => p.user === user).map((p) => p.profile))].sort(),
    referenceUsers: [...new Set(x.referenceUsers.filter((r) => r.user === user).map((r) => r.referenceUser))].sort(),
    findings: mine.length,
    accepted: mine.filter((f) => f.accepted).length,
  });
}

/** `GET /api/reports/role-view?analysisId=…&role=…`: who holds the role, what it causes alone and together with others. */
export async function roleView(ctx: DemoContext, q: URLSearchParams): Promise<Response> {
  const role = named(q, 'role');
  if (role instanceof Response) return role;
  const a = await completedAnalysis(ctx, q.get('analysisId'), 'chosen');
  if (a instanceof Response) return a;
  const x = ctx.extract;
  const above = new Set([role]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const c of x.compositeRoles) {
      if (above.has(c.child) && !above.has(c.role)) {
        above.add(c.role);
        grown = true;
      }
    }
  }
  const name = (u: string) => x.userAddresses.find((r) => r.user === u)?.fullName ?? '';
  const typeOf = userTypesOf(x);
  const userType = (u: string) => typeOf({ level: 'USER', holder: u }) ?? '';
  const risk = (id: string) => ctx.ruleset.risks.find((r) => r.id === id)?.description ?? '';
  const held = x.roleAssignments.filter((r) => above.has(r.role)).sort((p, r) => (p.user + p.role < r.user + r.role ? -1 : 1));
  const row = (f: Finding, i: number) => ({
    id: `${f.level}-${f.holder}-${f.riskId}-${i}`,
    holder: f.holder,
    holderName: f.level === 'USER' ? name(f.holder) : '',
    ...(f.level === 'USER' ? { userType: userType(f.holder) } : {}),
    riskId: f.riskId,
    riskDescription: risk(f.riskId),
    riskLevel: f.riskLevel,
    riskType: f.riskType,
    accepted: f.accepted,
  });
  const alone = a.findings.filter((f) => f.level === 'ROLE' && f.holder === role);
  const aloneRisks = new Set(alone.map((f) => f.riskId));
  // The server excludes the findings the role meets by itself (meeting_roles); here: its own role-level risks.
  const combined = a.findings.filter(
    (f) => f.level === 'USER' && !aloneRisks.has(f.riskId) && f.functions.some((m) => m.sources.some((p) => p.some((s) => s.kind === 'role' && s.name === role))),
  );
  return json({
    analysisId: a.record.id,
    role,
    roleName: x.roleTexts.find((t) => t.role === role)?.text ?? '',
    users: held.slice(0, VIEW_LIMIT).map((r) => ({ user: r.user, fullName: name(r.user), userType: userType(r.user), via: r.role, from: r.from, to: r.to })),
    usersTotal: held.length,
    alone: alone.map((f, i) => Object.fromEntries(Object.entries(row(f, i)).filter(([k]) => k !== 'holderName'))),
    combined: combined.slice(0, VIEW_LIMIT).map(row),
    combinedTotal: combined.length,
  });
}
