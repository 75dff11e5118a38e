/**
 * The JSON form of a ruleset (DESIGN 4.2): `{ "risks": [...], "functions": [...] }` in the shape
 * of the engine's Ruleset, with GRC's numeric codes accepted for type and level and every flag
 * and text optional (active by default). A syntax error names the line and column of the text;
 * a wrong value names the path of the value (`risks[3].level`) as the column.
 */
import type { ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { isSystemId, type Ruleset } from '../../engine/model/ruleset.ts';
import type { RulesetBounds } from './ruleset-bounds.ts';
import { InputError } from './input-error.ts';

const TYPES = {
  SOD: 'SOD',
  CRITICAL_ACTION: 'CRITICAL_ACTION',
  CRITICAL_PERMISSION: 'CRITICAL_PERMISSION',
  '1': 'SOD',
  '2': 'CRITICAL_ACTION',
  '3': 'CRITICAL_PERMISSION',
} as const;
const LEVELS = {
  CRITICAL: 'CRITICAL',
  HIGH: 'HIGH',
  MEDIUM: 'MEDIUM',
  LOW: 'LOW',
  '3': 'CRITICAL',
  '2': 'HIGH',
  '1': 'MEDIUM',
  '0': 'LOW',
} as const;

const code = <T extends Record<string, string>>(codes: T, what: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim().toUpperCase())
    .refine((v) => Object.hasOwn(codes, v), { error: `expected ${what}` })
    .transform((v) => codes[v as keyof T]);

const name = z.string().trim().min(1, { error: 'expected a non-empty name' });
const text = z.string().default('');
const active = z.boolean().default(true);
/** DESIGN 5.18: the system an action or permission line belongs to; absent or empty: any (then left out). */
const systemId = z
  .string()
  .trim()
  .refine((v) => v === '' || isSystemId(v), { error: 'expected a system id (letters, digits, _ or -, at most 32) or an empty value' })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const schema = z.strictObject({
  risks: z.array(
    z.object({
      id: name,
      description: text,
      type: code(TYPES, 'a risk type SOD, CRITICAL_ACTION or CRITICAL_PERMISSION (or 1, 2, 3)'),
      level: code(LEVELS, 'a risk level CRITICAL, HIGH, MEDIUM or LOW (or 3, 2, 1, 0)'),
      businessProcess: text,
      active,
      functionIds: z.array(name),
    }),
  ),
  functions: z.array(
    z.object({
      id: name,
      description: text,
      businessProcess: text,
      actions: z
        .array(z.union([name.transform((action) => ({ action, active: true })), z.object({ action: name, active, system: systemId })]))
        .default([]),
      permissions: z
        .array(
          z.object({
            action: z.string().trim().default(''),
            object: name,
            field: z.string().trim().default(''),
            low: text,
            high: text,
            operator: z.enum(['OR', 'AND', 'NOT']).default('OR'),
            active,
            system: systemId,
          }),
        )
        .default([]),
    }),
  ),
});

/** `risks[3].level` from a zod path. */
function pathText(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

export async function readJsonRuleset(fileName: string, bytes: Uint8Array, bounds?: RulesetBounds): Promise<Ruleset> {
  const source = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (e) {
    // JSON.parse does not always say where; jsonc-parser's scanner does (loaded only then).
    const { parse: parseTolerant, printParseErrorCode } = await import('jsonc-parser');
    const errors: ParseError[] = [];
    parseTolerant(source, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    const before = first ? source.slice(0, first.offset).split('\n') : undefined;
    const problem = first
      ? printParseErrorCode(first.error)
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase()
      : (e as Error).message;
    throw new InputError(`not valid JSON: ${problem}`, {
      file: fileName,
      ...(before ? { line: before.length, column: before[before.length - 1].length + 1 } : {}),
    });
  }
  // DESIGN 7b: the bounds before the checks, which cost far more than counting.
  bounds?.json(fileName, data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${issue.message} (a JSON ruleset is { "risks": [...], "functions": [...] })`, {
      file: fileName,
      column: pathText(issue.path) || '(top)',
    });
  }
  const ruleset = parsed.data as Ruleset;
  const ids = new Set(ruleset.functions.map((f) => f.id));
  ruleset.risks.forEach((r, i) =>
    r.functionIds.forEach((f, j) => {
      if (!ids.has(f))
        throw new InputError(`unknown function ${f}: it is not in "functions"`, {
          file: fileName,
          column: `risks[${i}].functionIds[${j}]`,
        });
    }),
  );
  return ruleset;
}

/** The ruleset as JSON text, read back equal by readJsonRuleset. */
export function rulesetToJson(ruleset: Ruleset): string {
  return JSON.stringify({ risks: ruleset.risks, functions: ruleset.functions }, null, 2) + '\n';
}
