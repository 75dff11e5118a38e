import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { coded } from '../../errors.ts';
import { USER_TYPES } from '../../../contracts/user-types.ts';
import { findScoped } from '../../resources/scoped-record.ts';
import { gate, pageGate } from './gate.ts';

/** The user and role views read what the findings list reads: gated by its page (reports/list). */
export const holderViewsGate = pageGate('holder-views', 'reports/list');

/** At most this many users holding a role, and user findings a role takes part in, in one answer. */
export const VIEW_LIMIT = 500;

interface ViewAnalysis {
  id: string;
  status: string;
  risk_period_id: string;
  data_import_id: string;
}

const fullNameSql = (u: string) => `COALESCE(NULLIF(btrim(${u}.name_textc), ''), btrim(${u}.name_first || ' ' || ${u}.name_last))`;

/**
 * The SAP user type of `bname` in the import $1 (USR02-USTYP, first row in file order; issue 27
 * item 6): SAP's letter, '' when unknown (no USR02 row, or none of SAP's types).
 */
const userTypeSql = (bname: string) =>
  `COALESCE((SELECT CASE WHEN upper(btrim(t.ustyp)) IN (${USER_TYPES.map((x) => `'${x}'`).join(', ')}) THEN upper(btrim(t.ustyp)) ELSE '' END
             FROM sap_usr02 t WHERE t.import_id = $1 AND t.bname = ${bname} ORDER BY t.seq LIMIT 1), '')`;

async function viewAnalysis(db: Database, request: Parameters<typeof gate>[2], key: 'user' | 'role') {
  const ctx = await gate(db, holderViewsGate, request, 'read');
  const query = (request.query ?? {}) as Record<string, unknown>;
  const analysisId = query.analysisId;
  const name = query[key];
  if (typeof analysisId !== 'string' || analysisId === '') throw coded(400, 'ANALYSIS_REQUIRED', {}, 'An analysis must be named', { analysisId: 'Choose an analysis' });
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) throw coded(400, 'HOLDER_REQUIRED', { level: key }, `A ${key} must be named`, { [key]: `Name a ${key}` });
  const a = await findScoped<{ id: string; status: string }>(db, 'analyses', ctx, analysisId, 'id, status', 'analysis');
  if (a.status !== 'completed') throw coded(409, 'NOT_COMPLETED', {}, 'The analysis has not completed');
  const { rows } = await db.query<ViewAnalysis>(
    `SELECT a.id, a.status, a.risk_period_id, p.data_import_id FROM analyses a JOIN system_periods p ON p.id = a.system_period_id WHERE a.id = $1`,
    [a.id],
  );
  return { analysis: rows[0], name: name.trim() };
}

/** A finding as the views list it: what it is, how grave, whether accepted. */
interface ViewFinding {
  id: string;
  holder: string;
  holderName: string;
  /** A user finding's: USR02-USTYP as analysed (issue 27 item 6). */
  userType?: string;
  riskId: string;
  riskDescription: string;
  riskLevel: string;
  riskType: string;
  accepted: boolean;
  meetingRoles: string[];
}

const FINDING_SELECT = `f.id, f.holder, f.risk_id AS "riskId", f.risk_level AS "riskLevel", f.risk_type AS "riskType", f.accepted,
  f.meeting_roles AS "meetingRoles", f.risk_description AS "riskDescription"`;

/**
 * `GET /api/reports/user-view?analysisId=…&user=BNAME` and `GET /api/reports/role-view?analysisId=…&role=AGR_NAME`
 * (issue 15 item 1). The user view: the user's name, department, SAP user type, assigned roles, profiles and reference users (the
 * findings themselves are the findings list's, filtered by `holderExact`). The role view: its
 * text, the users holding it (directly or through a composite role), what it causes alone (its
 * role-level findings) and the user findings it takes part in together with other roles.
 */
export function registerHolderViews(app: FastifyInstance, db: Database): void {
  app.get('/api/reports/user-view', { preHandler: app.authenticate, config: { page: 'reports/list' } }, async (request) => {
    const { analysis, name } = await viewAnalysis(db, request, 'user');
    const user = await db.query<{ fullName: string; department: string }>(
      `SELECT ${fullNameSql('u')} AS "fullName", u.department FROM sap_user_addr u WHERE u.import_id = $1 AND u.bname = $2 ORDER BY u.seq LIMIT 1`,
      [analysis.data_import_id, name],
    );
    const userType = await db.query<{ userType: string }>(`SELECT ${userTypeSql('$2')} AS "userType"`, [analysis.data_import_id, name]);
    const roles = await db.query<{ role: string; roleName: string | null; from: number | null; to: number | null }>(
      `SELECT g.agr_name AS role, g.from_dat AS "from", g.to_dat AS "to",
              (SELECT t.text FROM sap_agr_texts t WHERE t.import_id = $1 AND t.agr_name = g.agr_name ORDER BY t.seq LIMIT 1) AS "roleName"
       FROM sap_agr_users g WHERE g.import_id = $1 AND g.uname = $2
       ORDER BY g.agr_name COLLATE "C", g.from_dat`,
      [analysis.data_import_id, name],
    );
    // What else the user holds: manually assigned profiles (UST04) and reference users (USREFUS).
    const profiles = await db.query<{ profile: string }>(
      'SELECT DISTINCT profile FROM sap_ust04 WHERE import_id = $1 AND bname = $2 ORDER BY profile',
      [analysis.data_import_id, name],
    );
    const refs = await db.query<{ refuser: string }>(
      'SELECT DISTINCT refuser FROM sap_usrefus WHERE import_id = $1 AND bname = $2 ORDER BY refuser',
      [analysis.data_import_id, name],
    );
    const counts = await db.query<{ findings: number; accepted: number }>(
      `SELECT count(*)::int AS findings, (count(*) FILTER (WHERE accepted))::int AS accepted
       FROM findings WHERE analysis_id = $1 AND level = 'USER' AND holder = $2`,
      [analysis.id, name],
    );
    return {
      analysisId: analysis.id,
      user: name,
      fullName: user.rows[0]?.fullName ?? '',
      department: user.rows[0]?.department ?? '',
      userType: userType.rows[0].userType,
      roles: roles.rows.map((r) => ({ ...r, roleName: r.roleName ?? '' })),
      profiles: profiles.rows.map((p) => p.profile),
      referenceUsers: refs.rows.map((r) => r.refuser),
      findings: counts.rows[0].findings,
      accepted: counts.rows[0].accepted,
    };
  });

  app.get('/api/reports/role-view', { preHandler: app.authenticate, config: { page: 'reports/list' } }, async (request) => {
    const { analysis, name } = await viewAnalysis(db, request, 'role');
    const text = await db.query<{ text: string }>(
      'SELECT text FROM sap_agr_texts WHERE import_id = $1 AND agr_name = $2 ORDER BY seq LIMIT 1',
      [analysis.data_import_id, name],
    );
    // The role and every composite above it (a looped composite ends: UNION keeps each once).
    const holders = await db.query<{ user: string; fullName: string | null; userType: string; via: string; from: number | null; to: number | null; total: number }>(
      `WITH RECURSIVE up(agr) AS (
         SELECT $2::text
         UNION
         SELECT c.agr_name FROM sap_agr_agrs c JOIN up ON c.child_agr = up.agr WHERE c.import_id = $1
       ), held AS (
         SELECT DISTINCT ON (g.uname, g.agr_name) g.uname, g.agr_name, g.from_dat, g.to_dat
         FROM sap_agr_users g JOIN up ON g.agr_name = up.agr WHERE g.import_id = $1
         ORDER BY g.uname, g.agr_name, g.from_dat
       )
       SELECT h.uname AS "user", h.agr_name AS via, h.from_dat AS "from", h.to_dat AS "to", count(*) OVER ()::int AS total,
              (SELECT ${fullNameSql('u')} FROM sap_user_addr u WHERE u.import_id = $1 AND u.bname = h.uname ORDER BY u.seq LIMIT 1) AS "fullName",
              ${userTypeSql('h.uname')} AS "userType"
       FROM held h ORDER BY h.uname COLLATE "C", h.agr_name COLLATE "C" LIMIT ${VIEW_LIMIT}`,
      [analysis.data_import_id, name],
    );
    const alone = await db.query<ViewFinding>(
      `SELECT ${FINDING_SELECT}, '' AS "holderName" FROM findings f
       WHERE f.analysis_id = $1 AND f.level = 'ROLE' AND f.holder = $2 ORDER BY f.risk_id COLLATE "C"`,
      [analysis.id, name],
    );
    // User findings whose provenance passes through the role, where the role does not meet the
    // whole risk by itself (meeting_roles, DESIGN 5.12): what it causes in combination.
    // Only users who can reach the role are read: holders of it or of a composite above it, and
    // users referring to one of them (USREFUS); the index on (analysis, level, holder) finds them.
    const combined = await db.query<ViewFinding & { total: number }>(
      `WITH RECURSIVE up(agr) AS (
         SELECT $2::text
         UNION
         SELECT c.agr_name FROM sap_agr_agrs c JOIN up ON c.child_agr = up.agr WHERE c.import_id = $3
       ), holders AS (
         SELECT DISTINCT g.uname FROM sap_agr_users g JOIN up ON g.agr_name = up.agr WHERE g.import_id = $3
       ), reach(uname) AS (
         SELECT uname FROM holders
         UNION
         SELECT r.bname FROM sap_usrefus r JOIN holders h ON r.refuser = h.uname WHERE r.import_id = $3
       )
       SELECT ${FINDING_SELECT}, count(*) OVER ()::int AS total,
              f.holder_name AS "holderName", COALESCE(f.user_type, '') AS "userType"
       FROM reach JOIN findings f ON f.analysis_id = $1 AND f.level = 'USER' AND f.holder = reach.uname
       WHERE NOT ($2 = ANY (f.meeting_roles))
         AND jsonb_path_exists(f.provenance, '$[*].sources[*][*] ? (@.kind == "role" && @.name == $r)', jsonb_build_object('r', $2::text))
       ORDER BY f.holder COLLATE "C", f.risk_id COLLATE "C" LIMIT ${VIEW_LIMIT}`,
      [analysis.id, name, analysis.data_import_id],
    );
    return {
      analysisId: analysis.id,
      role: name,
      roleName: text.rows[0]?.text ?? '',
      users: holders.rows.map(({ total: _total, ...u }) => ({ ...u, fullName: u.fullName ?? '' })),
      usersTotal: holders.rows[0]?.total ?? 0,
      alone: alone.rows.map(({ holderName: _h, meetingRoles: _m, ...f }) => f),
      combined: combined.rows.map(({ total: _total, meetingRoles: _m, ...f }) => f),
      combinedTotal: combined.rows[0]?.total ?? 0,
    };
  });
}
