/**
 * The columns and JSON fields `segra analyze` adds for mitigating controls (--mitigations,
 * DESIGN 5.16) and usage (--usage, 5.17), after the findings' own: STATUS, CONTROLS, then
 * EXECUTION, REMEDIATION. Each finding's extras are found by its index in the result.
 */
import type { Finding } from '../../engine/model/analysis.ts';
import type { FindingMitigation, FindingUsage } from '../../engine/model/controls.ts';
import { formatRemediation } from '../../engine/analysis/remediation.ts';

export interface FindingExtras {
  mitigations?: readonly FindingMitigation[];
  usage?: readonly (FindingUsage | null)[];
}

export function extraCsvHeader(extras: FindingExtras): string[] {
  return [...(extras.mitigations ? ['STATUS', 'CONTROLS'] : []), ...(extras.usage ? ['EXECUTION', 'REMEDIATION'] : [])];
}

export function extraCsvCells(extras: FindingExtras, index: number): string[] {
  const out: string[] = [];
  const m = extras.mitigations?.[index];
  if (m) out.push(m.status, m.controls.join(';'));
  if (extras.usage) {
    const u = extras.usage[index];
    out.push(u ? u.execution : '', u ? formatRemediation(u.remediation) : '');
  }
  return out;
}

/** The JSON fields of one finding; per function, the used tcodes that executed it go on the function. */
export function extraJsonFields(extras: FindingExtras, index: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const m = extras.mitigations?.[index];
  if (m) Object.assign(out, { status: m.status, controls: m.controls });
  const u = extras.usage?.[index];
  if (u) {
    Object.assign(out, { execution: u.execution, remediation: formatRemediation(u.remediation), remediationEntries: u.remediation });
  } else if (extras.usage) {
    Object.assign(out, { execution: null, remediation: null, remediationEntries: [] });
  }
  return out;
}

/** `executed` and `usedTcodes` of one function of a user finding, when usage was given. */
export function functionUsage(extras: FindingExtras, index: number, functionId: string): Record<string, unknown> {
  const u = extras.usage?.[index];
  if (!u) return {};
  const f = u.functions.find((x) => x.functionId === functionId);
  return { executed: f?.executed ?? false, usedTcodes: f?.tcodes ?? [] };
}

/** One stderr line per warning, as the extract readers print theirs. */

export type { Finding };
