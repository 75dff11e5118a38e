import type { AnalysisOptions, Finding, FunctionMatch, HolderLevel, RiskAcceptance } from '../model/analysis.ts';
import type { CompiledRisk } from '../ruleset/compiled.ts';
import type { OrgAnswer } from './org-values.ts';

/** A finding of one holder and risk: the one place its record is put together (one system or several). */
export function findingRecord(
  level: HolderLevel,
  holder: string,
  { risk, orgFields }: CompiledRisk,
  options: Pick<AnalysisOptions, 'level' | 'mode'>,
  functions: FunctionMatch[],
  org: OrgAnswer | null,
  acceptance: RiskAcceptance | null,
): Finding {
  return {
    level,
    holder,
    riskId: risk.id,
    riskLevel: risk.level,
    riskType: risk.type,
    businessProcess: risk.businessProcess,
    analysisLevel: options.level,
    mode: options.mode,
    functions,
    orgValues: org ? org.values : [],
    orgFields,
    accepted: acceptance !== null,
    acceptance,
  };
}
