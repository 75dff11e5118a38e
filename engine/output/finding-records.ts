import { compareHolderRows } from '../analysis/order.ts';
import type { Finding, FunctionMatch } from '../model/analysis.ts';
import { formatSources, orgValueItems } from './findings-csv.ts';

/**
 * A finding as the API shows a simulation's findings (DESIGN 6): per function the action, paths
 * and permissions (rule 11, as the CLI's JSON has them), the CSV's SOURCES text and the acceptance. Shared by the server and the in-browser demo
 * API, so the two answer alike.
 */
export interface SimulatedFinding {
  level: Finding['level'];
  holder: string;
  riskId: string;
  riskLevel: string;
  riskType: string;
  businessProcess: string;
  functions: FunctionMatch[];
  sources: string;
  /** ORG_VALUES items (`BUKRS=1000`, DESIGN 5.15) as stored findings carry them; empty for other risks. */
  orgValues: string[];
  accepted: boolean;
  acceptedBy: string | null;
  message: string | null;
  /** DESIGN 6 (rule 16): `mitigated` when a control applies (mitigation wins), else `accepted` or `open`. */
  status: 'open' | 'accepted' | 'mitigated';
  /** The mitigating controls that apply (DESIGN 5.16), sorted; empty unless mitigated. */
  controls: string[];
}

/** A finding as a record; `controls` are the mitigating controls that apply to it (none by default). */
export function findingRecord(f: Finding, controls: readonly string[] = []): SimulatedFinding {
  return {
    level: f.level,
    holder: f.holder,
    riskId: f.riskId,
    riskLevel: f.riskLevel,
    riskType: f.riskType,
    businessProcess: f.businessProcess,
    functions: f.functions,
    sources: formatSources(f),
    orgValues: orgValueItems(f),
    accepted: f.accepted,
    acceptedBy: f.acceptance?.author ?? null,
    message: f.acceptance?.message ?? null,
    status: controls.length > 0 ? 'mitigated' : f.accepted ? 'accepted' : 'open',
    controls: [...controls],
  };
}

/** Findings as records, in the order of the CSV (level, holder, risk id; code points), with the controls of each. */
export const findingRecords = (findings: readonly Finding[], controlsOf: (f: Finding) => readonly string[] = () => []): SimulatedFinding[] =>
  [...findings].sort(compareHolderRows).map((f) => findingRecord(f, controlsOf(f)));
