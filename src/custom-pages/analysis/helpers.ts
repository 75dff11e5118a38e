/**
 * Pure helpers of the analysis screens (no React, no network): statuses, durations,
 * provenance, Content-Range.
 */
import { compareCodePoints } from '../../../engine/authorisation/code-point.ts';

export const ANALYSIS_STATUSES = ['enqueued', 'running', 'completed', 'failed', 'canceled', 'unknown'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** Any status the server sends that is not one of the spec's is shown as `unknown` (spec 4). */
export function normaliseStatus(status: unknown): AnalysisStatus {
  return (ANALYSIS_STATUSES as readonly string[]).includes(String(status)) ? (status as AnalysisStatus) : 'unknown';
}

export type ChipColour = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

export function statusColour(status: unknown): ChipColour {
  switch (normaliseStatus(status)) {
    case 'enqueued':
      return 'info';
    case 'running':
      return 'primary';
    case 'completed':
      return 'success';
    case 'failed':
      return 'error';
    case 'canceled':
      return 'warning';
    default:
      return 'default';
  }
}

export const statusLabelKey = (status: unknown): string => `segra.analysis.status.${normaliseStatus(status)}`;

/** An analysis that is still working: polled, and the only kind that can be canceled. */
export const isActive = (status: unknown): boolean => status === 'enqueued' || status === 'running';

/** Period import statuses (DESIGN 6): empty, importing, ready, failed. */
export const PERIOD_STATUSES = ['empty', 'importing', 'ready', 'failed'] as const;
export function periodStatusColour(status: unknown): ChipColour {
  return status === 'ready' ? 'success' : status === 'failed' ? 'error' : status === 'importing' ? 'primary' : 'default';
}
export const periodStatusKey = (status: unknown): string =>
  `segra.analysis.period_status.${(PERIOD_STATUSES as readonly string[]).includes(String(status)) ? String(status) : 'empty'}`;

// Declared once (contracts/levels.ts); named here for the screens that import them from the kit.
export { HOLDER_LEVELS, RISK_LEVELS, RISK_TYPES } from '../../../contracts/levels.ts';

export function riskLevelColour(level: unknown): ChipColour {
  switch (String(level).toUpperCase()) {
    case 'CRITICAL':
      return 'error';
    case 'HIGH':
      return 'warning';
    case 'MEDIUM':
      return 'info';
    case 'LOW':
      return 'success';
    default:
      return 'default';
  }
}
export const riskLevelKey = (level: unknown): string => `segra.analysis.risk_level.${String(level).toUpperCase()}`;

/**
 * A duration in milliseconds as "1 h 2 min", "3 min 4 s", "5.2 s" or "120 ms"; null or a
 * negative value gives "—".
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${(Math.round(seconds * 10) / 10).toString()} s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min ${s} s`;
}

/** The time from `from` to `to` (or to `now` while still running), in ms; null without a start. */
export function durationBetween(from: string | null | undefined, to: string | null | undefined, now: number = Date.now()): number | null {
  if (!from) return null;
  const start = Date.parse(from);
  if (Number.isNaN(start)) return null;
  const end = to ? Date.parse(to) : now;
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - start);
}

// ---------------------------------------------------------------- provenance

export interface SourceStep {
  kind: 'user' | 'role' | 'profile' | string;
  name: string;
}
/** The instance that met one permission object (DESIGN 5.11): source `R:role` or `P:profile`, and the values per field. */
export interface PermissionMatch {
  object: string;
  auth: string;
  source: string;
  fields: Record<string, string[]>;
}
export interface FunctionMatch {
  functionId: string;
  action: string | null;
  sources: SourceStep[][];
  permissions: PermissionMatch[];
  /** Cross-system analyses (DESIGN 5.18): the SID of the system that met the function; its paths are that system's. */
  system?: string;
  /** Cross-system user findings: the person's user (BNAME) in `system` that met it. */
  user?: string;
  /** Cross-system user findings: every system in which one of the person's users meets the function, in SID order. */
  systems?: string[];
}

const parsePermission = (p: Record<string, unknown>): PermissionMatch => ({
  object: String(p.object ?? ''),
  auth: String(p.auth ?? ''),
  source: String(p.source ?? ''),
  fields:
    typeof p.fields === 'object' && p.fields !== null && !Array.isArray(p.fields)
      ? Object.fromEntries(
          Object.entries(p.fields as Record<string, unknown>).map(([f, v]) => [f, Array.isArray(v) ? v.map(String) : [String(v)]]),
        )
      : {},
});

/** A permission's source (`R:Z_ROLE`, `P:PROFILE`) as a step of a path; anything else as it is. */
export function sourceStep(source: string): SourceStep {
  const m = /^([RPU]):(.*)$/.exec(source);
  if (!m) return { kind: '', name: source };
  return { kind: m[1] === 'R' ? 'role' : m[1] === 'P' ? 'profile' : 'user', name: m[2] };
}

/** The provenance JSON of a finding (it may come as text), as a list; anything malformed gives []. */
export function parseProvenance(raw: unknown): FunctionMatch[] {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null)
    .map((m) => ({
      functionId: String(m.functionId ?? ''),
      action: m.action === null || m.action === undefined ? null : String(m.action),
      sources: Array.isArray(m.sources)
        ? (m.sources as unknown[]).filter(Array.isArray).map((path) =>
            (path as unknown[])
              .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null)
              .map((s) => ({ kind: String(s.kind ?? ''), name: String(s.name ?? '') })),
          )
        : [],
      permissions: Array.isArray(m.permissions)
        ? (m.permissions as unknown[]).filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null).map(parsePermission)
        : [],
      ...(typeof m.system === 'string' && m.system !== '' ? { system: m.system } : {}),
      ...(typeof m.user === 'string' && m.user !== '' ? { user: m.user } : {}),
      ...(Array.isArray(m.systems) ? { systems: m.systems.map(String) } : {}),
    }));
}

/** A finding's functions as the CSV's FUNCTIONS column writes them (`F_PAY:F110;F_VENDOR:XK01`). */
export function functionsText(functions: unknown): string {
  return parseProvenance(functions)
    .map((m) => `${m.functionId}:${m.action ?? ''}`)
    .join(';');
}

/** One source path as "role Z_COMPOSITE › role Z_SINGLE" (the kinds given as labels). */
export function formatSourcePath(path: readonly SourceStep[], kindLabel: (kind: string) => string = (k) => k): string {
  return path.map((s) => `${kindLabel(s.kind)} ${s.name}`).join(' › ');
}

/**
 * The systems whose users, roles or profiles met a finding's functions (cross-system analyses,
 * DESIGN 5.18), each once in SID order (as the engine orders them); [] for a finding
 * of one system.
 */
export function findingSystems(functions: unknown): string[] {
  const sids = new Set<string>();
  for (const m of parseProvenance(functions)) if (m.system) sids.add(m.system);
  return [...sids].sort(compareCodePoints);
}

/** A name as a cross-system analysis identifies it: `SID/NAME` when the function names its system (DESIGN 5.18). */
export const inSystem = (m: Pick<FunctionMatch, 'system'>, name: string): string => (m.system ? `${m.system}/${name}` : name);

/** The roles (last role of each path) and profiles behind a finding: what to look at first (`SID/NAME` across systems). */
export function originsOf(matches: readonly FunctionMatch[]): { roles: string[]; profiles: string[] } {
  const roles = new Set<string>();
  const profiles = new Set<string>();
  for (const m of matches) {
    for (const path of m.sources) {
      const last = path[path.length - 1];
      if (!last) continue;
      if (last.kind === 'role') roles.add(inSystem(m, last.name));
      if (last.kind === 'profile') profiles.add(inSystem(m, last.name));
    }
  }
  return { roles: [...roles].sort(), profiles: [...profiles].sort() };
}

// ---------------------------------------------------------------- uploads

/** Upload progress as a whole percentage (0–100); unknown totals give null. */
export function uploadPercent(loaded: number, total: number, lengthComputable = true): number | null {
  if (!lengthComputable || !(total > 0)) return null;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/** What an upload may contain (server: one .zip or .xlsx, or several .csv/.txt/.tsv table files); an error key or null. */
export function checkUploadFiles(names: readonly string[]): string | null {
  if (names.length === 0) return 'segra.analysis.upload.no_file';
  const ext = (n: string) => n.slice(n.lastIndexOf('.')).toLowerCase();
  const archives = names.filter((n) => ['.zip', '.xlsx'].includes(ext(n)));
  if (names.some((n) => !['.zip', '.xlsx', '.csv', '.txt', '.tsv'].includes(ext(n)))) return 'segra.analysis.upload.bad_kind';
  if (archives.length > 0 && names.length > 1) return 'segra.analysis.upload.one_archive';
  return null;
}

/** The file name of a Content-Disposition header, or the fallback. */
export function dispositionName(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

/**
 * An import error of a period (`error` jsonb: `{ file, line, column, message }`, or text) as
 * one line that names the file, line and column; null when there is none.
 */
export function formatImportError(error: unknown): string | null {
  if (error === null || error === undefined || error === '') return null;
  if (typeof error === 'string') return error;
  if (typeof error !== 'object') return String(error);
  const e = error as { file?: unknown; line?: unknown; column?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : '';
  const where = [e.file, e.line !== undefined && e.line !== null ? `line ${String(e.line)}` : null, e.column ? `column ${String(e.column)}` : null]
    .filter((p) => p !== null && p !== undefined && p !== '')
    .map(String)
    .join(', ');
  // The server's message usually names the place already.
  if (message && (!where || (e.file !== undefined && message.includes(String(e.file))))) return message;
  if (message) return `${where}: ${message}`;
  return where || JSON.stringify(error);
}
