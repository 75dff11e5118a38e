/** Segra's SoD analysis engine: pure TypeScript, no I/O, no clock (DESIGN 2, 5). */
export * from './model/index.ts';
export { analyse, prepareAnalysis, PreparedAnalysis } from './analysis/prepared-analysis.ts';
export { simulate, simulateOn, SimulationError } from './analysis/simulate.ts';
export { compareFindings } from './analysis/compare.ts';
export { scopeUsers } from './analysis/scope.ts';
export { compileRuleset } from './ruleset/compile.ts';
export { rulesetWarnings } from './ruleset/ruleset-warnings.ts';
export { rulesetToTables, RULESET_FILES } from './rulesets/ruleset-tables.ts';
export {
  findingsToCsv,
  findingToCsvRow,
  formatFunctions,
  formatSources,
  formatSourcePath,
  csvField,
  FINDINGS_CSV_COLUMNS,
  findingsCsvColumns,
  formatOrgValues,
} from './output/findings-csv.ts';
export { parseOrgFields, formatOrgFields, hasOrgLevelRisks } from './ruleset/org-fields.ts';
export { parseValueRow, coversValue, intervalsMeet, normaliseValue, type ValueInterval } from './authorisation/value-interval.ts';
export { parseRuleValue, rowSatisfies, type RuleValue } from './authorisation/rule-value.ts';
export { compareCodePoints } from './authorisation/code-point.ts';
export { MitigationIndex, mitigateFindings, mitigationWarnings } from './analysis/mitigation.ts';
export { UsageIndex, TcodeExecutability, usageWarnings } from './analysis/usage.ts';
export { usageOfFindings, formatRemediation } from './analysis/remediation.ts';
export {
  analyseSystems,
  prepareSystems,
  prepareSystem,
  SystemsAnalysis,
  SystemsError,
  type SystemInput,
  type PreparedSystemInput,
  type SystemSummary,
  type SystemsResult,
  type UserMapping,
} from './cross-system/analyse-systems.ts';
export { systemsWarnings } from './cross-system/systems-warnings.ts';
export { mitigateSystemFindings, systemsMitigationWarnings } from './cross-system/systems-mitigation.ts';
