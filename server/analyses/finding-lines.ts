import type { PreparedAnalysis } from '../../engine/analysis/prepared-analysis.ts';
import type { Finding } from '../../engine/model/analysis.ts';
import { formatFunctions, formatOrgValues, formatSources } from '../../engine/output/findings-csv.ts';
import { userTypeOf } from '../../contracts/user-types.ts';
import { copyText, COPY_NULL } from '../db/copy-text.ts';
import type { StoredAcceptance } from './acceptances.ts';
import { usageCopyFields, type ThreadUsage } from './analysis-usage.ts';

/** The columns of `findings` that an analysis writes, in the order of findingLines' fields. */
export const FINDING_COLUMNS = [
  'customer_id',
  'analysis_id',
  'level',
  'holder',
  'risk_id',
  'risk_level',
  'risk_type',
  'business_process',
  'functions',
  'sources',
  'provenance',
  'meeting_roles',
  'accepted',
  'accepted_by',
  'acceptance_id',
  'message',
  'org_values',
  'holder_name',
  'risk_description',
  'execution',
  'remediation',
  'usage',
  'user_type',
  'cross_system',
] as const;

/** What findingLines asks about a finding's holder: its name, user type and the roles that meet its risk. */
export interface HolderFacts {
  names(f: Finding): [string, string];
  userType(f: Finding): string;
  meetingRoles(f: Finding): string[];
}

/** The holder facts of an analysis of one system. */
export function singleSystemFacts(prepared: PreparedAnalysis): HolderFacts {
  const riskIndex = new Map(prepared.compiled.risks.map((r, i) => [r.risk.id, i]));
  return { names: findingNames(prepared), userType: findingUserType(prepared), meetingRoles: (f) => meetingRoles(prepared, f, riskIndex) };
}

/**
 * The names a finding is stored with (DESIGN 6 `holderName`, `riskDescription`): the user's full
 * name (USER_ADDR NAME_TEXTC, else first and last name) or the role's text (AGR_TEXTS), the
 * first row in file order winning as the import keeps it, and the risk's description. Stored
 * with the finding so a page of the list reads no other table (issue 11: no slower list).
 */
export function findingNames(prepared: PreparedAnalysis): (f: Finding) => [string, string] {
  const users = new Map<string, string>();
  for (const u of prepared.extract.userAddresses) {
    if (!users.has(u.user)) users.set(u.user, u.fullName.trim() || `${u.firstName} ${u.lastName}`.trim());
  }
  const roles = new Map<string, string>();
  for (const t of prepared.extract.roleTexts) if (!roles.has(t.role)) roles.set(t.role, t.text);
  const risks = new Map(prepared.ruleset.risks.map((r) => [r.id, r.description]));
  return (f) => [
    (f.level === 'USER' ? users : f.level === 'ROLE' ? roles : undefined)?.get(f.holder) ?? '',
    risks.get(f.riskId) ?? '',
  ];
}

/**
 * The SAP user type a user finding is stored with (USR02-USTYP, first row in file order, as the
 * names; issue 27 item 6): '' when unknown, NULL for role and profile findings, which have none.
 */
export function findingUserType(prepared: PreparedAnalysis): (f: Finding) => string {
  const types = new Map<string, string>();
  for (const u of prepared.extract.users) if (!types.has(u.bname)) types.set(u.bname, userTypeOf(u.ustyp));
  return (f) => (f.level === 'USER' ? copyText(types.get(f.holder) ?? '') : COPY_NULL);
}

/** The roles a user holds that meet the finding's whole risk by themselves (DESIGN 5.12). */
function meetingRoles(prepared: PreparedAnalysis, finding: Finding, riskIndex: Map<string, number>): string[] {
  if (finding.level !== 'USER') return [];
  const index = riskIndex.get(finding.riskId);
  if (index === undefined) return [];
  // The role tree, as the engine's acceptance reads it: a looped composite lies on no source path.
  const held = prepared.landscape.roleTreeOf(finding.holder, prepared.options.date);
  return [...held].filter((role) => prepared.roleRisks(role).has(index)).sort();
}

/** The ORG_VALUES items of a finding (`BUKRS=1000`, `BUKRS=1000+WERKS=0001`); none for other risks. */
const orgValueItems = (f: Finding): string[] => {
  const text = formatOrgValues(f);
  return text === '' ? [] : text.split(';');
};

const pgArray = (items: readonly string[]): string =>
  `{${items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** What the lines of a part came to, known once its last line is made: the 'evaluated' counts. */
export interface LinesTally {
  findings: number;
  accepted: number;
}

// Usage (EXECUTION, REMEDIATION) is worked out for this many findings at once, a holder's
// findings never split: its per-call set-up (start checks, assignment bit sets) is shared by
// the batch, and no more findings than that are held.
const USAGE_BATCH = 2000;

/** The findings in batches of at least `min` (the last one may be smaller), a holder's findings in one batch. */
function* holderBatches(findings: Iterable<Finding>, min: number): Generator<Finding[]> {
  let batch: Finding[] = [];
  for (const f of findings) {
    if (batch.length >= min) {
      const last = batch[batch.length - 1];
      if (last.level !== f.level || last.holder !== f.holder) {
        yield batch;
        batch = [];
      }
    }
    batch.push(f);
  }
  if (batch.length > 0) yield batch;
}

export interface FindingLinesOptions {
  /** Size of a chunk of COPY text, in characters. */
  chunkChars?: number;
  /** The analysis's usage, when it uses one (DESIGN 5.17; an analysis of one system only). */
  usage?: { thread: ThreadUsage; prepared: PreparedAnalysis } | null;
  /** Counted as the lines are made. */
  tally?: LinesTally;
  /** Findings whose usage is worked out at once (Infinity: all of them, as one call). */
  usageBatch?: number;
}

/**
 * The findings as COPY text for FINDING_COLUMNS, in chunks of about `chunkChars` characters.
 * The findings are read as the chunks are asked for (a stream of a part's findings holds no more
 * than a usage batch and a chunk, however many it yields); `tally` counts them as they go.
 */
export function* findingLines(
  customerId: string,
  analysisId: string,
  findings: Iterable<Finding>,
  facts: HolderFacts,
  { chunkChars = 1 << 20, usage = null, tally = { findings: 0, accepted: 0 }, usageBatch = USAGE_BATCH }: FindingLinesOptions = {},
): Generator<string> {
  let chunk = '';
  for (const batch of holderBatches(findings, usageBatch)) {
    const usageOf = usage ? usage.thread.of(usage.prepared, batch) : [];
    for (const [i, f] of batch.entries()) {
      tally.findings++;
      if (f.accepted) tally.accepted++;
      const fields = [
        customerId,
        analysisId,
        f.level,
        copyText(f.holder),
        copyText(f.riskId),
        f.riskLevel,
        f.riskType,
        copyText(f.businessProcess),
        copyText(formatFunctions(f)),
        copyText(formatSources(f)),
        copyText(JSON.stringify(f.functions)),
        copyText(pgArray(facts.meetingRoles(f))),
        f.accepted ? 't' : 'f',
        f.acceptance ? copyText(f.acceptance.author) : COPY_NULL,
        (f.acceptance as StoredAcceptance | null)?.id ?? COPY_NULL,
        f.acceptance ? copyText(f.acceptance.message) : COPY_NULL,
        copyText(pgArray(orgValueItems(f))),
        ...facts.names(f).map(copyText),
        ...usageCopyFields(f.holder, usageOf[i], usage?.thread ?? null),
        facts.userType(f),
        f.crossSystem ? 't' : 'f',
      ];
      chunk += fields.join('\t') + '\n';
      if (chunk.length > chunkChars) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}
