/**
 * The forms a ruleset is exported in (DESIGN 4.2): the multi-file form as .zip or .xlsx, the
 * JSON form, and GRC's rule download (a .zip of its tab-separated text files), each read back
 * equal by readRuleset.
 */
import { zipSync } from 'fflate';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { rulesetToGrcFiles } from './ruleset-grc.ts';
import { rulesetToJson } from './ruleset-json.ts';
import { rulesetToXlsx, rulesetToZip } from './ruleset-writer.ts';

export const RULESET_EXPORT_FORMATS = ['zip', 'xlsx', 'json', 'grc'] as const;
export type RulesetExportFormat = (typeof RULESET_EXPORT_FORMATS)[number];

export async function exportRuleset(
  ruleset: Ruleset,
  format: RulesetExportFormat,
): Promise<{ body: Uint8Array; contentType: string; extension: string }> {
  switch (format) {
    case 'zip':
      return { body: rulesetToZip(ruleset), contentType: 'application/zip', extension: 'zip' };
    case 'xlsx':
      return {
        body: await rulesetToXlsx(ruleset),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: 'xlsx',
      };
    case 'json':
      return {
        body: new TextEncoder().encode(rulesetToJson(ruleset)),
        contentType: 'application/json',
        extension: 'json',
      };
    case 'grc': {
      const encoder = new TextEncoder();
      const files = Object.fromEntries(
        Object.entries(rulesetToGrcFiles(ruleset)).map(([n, t]) => [n, encoder.encode(t)]),
      );
      return { body: zipSync(files), contentType: 'application/zip', extension: 'grc.zip' };
    }
  }
}
