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
}

export function findingRecord(f: Finding): SimulatedFinding {
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
  };
}

/** Findings as records, in the order of the CSV (level, holder, risk id; code points). */
export const findingRecords = (findings: readonly Finding[]): SimulatedFinding[] => [...findings].sort(compareHolderRows).map(findingRecord);
