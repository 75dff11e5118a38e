/**
 * Finds the JSON form among a ruleset reader's inputs: a `.json` path, or a single `.json`
 * upload. Its reader (with zod) is loaded only then, so other runs do not pay for it at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Ruleset } from '../../engine/model/ruleset.ts';
import { InputError, systemMessage } from './input-error.ts';
import type { RulesetBounds } from './ruleset-bounds.ts';
import type { TableSourceInput, Upload } from './table-types.ts';

const jsonReader = async () => (await import('./ruleset-json.ts')).readJsonRuleset;
const isJson = (name: string): boolean => name.toLowerCase().endsWith('.json');

export async function jsonRulesetInput(input: TableSourceInput, bounds?: RulesetBounds): Promise<Ruleset | undefined> {
  if (typeof input === 'string') {
    if (!isJson(input)) return undefined;
    let bytes: Uint8Array;
    try {
      bytes = await fs.promises.readFile(input);
    } catch (e) {
      throw new InputError(`cannot be read: ${systemMessage(e)}`, { file: input }, { cause: e });
    }
    return (await jsonReader())(path.basename(input), bytes, bounds);
  }
  if (!Array.isArray(input)) return undefined;
  const uploads = input as readonly Upload[];
  const json = uploads.filter((u) => isJson(u.name));
  if (json.length === 0) return undefined;
  if (uploads.length > 1) {
    throw new InputError('a JSON ruleset comes alone: upload the .json file without other files', {
      file: json[0].name,
    });
  }
  return (await jsonReader())(path.posix.basename(json[0].name.replace(/\\/g, '/')), json[0].data, bounds);
}
