import { z } from 'zod';
import { INVISIBLE_CHARACTER, INVISIBLE_MESSAGE, TEXT_LIMITS } from '../../contracts/text-limits.ts';

/** DESIGN 7b: a name refuses zero-width and direction control characters (contracts/text-limits.ts). */
export const visible = (text: z.ZodString): z.ZodString => text.refine((s) => !INVISIBLE_CHARACTER.test(s), INVISIBLE_MESSAGE);

/** A required name (of a record, a user, a ruleset id): trimmed, at most `max`, without invisible characters. */
export const nameText = (label: string, max: number = TEXT_LIMITS.name): z.ZodString => visible(requiredText(label, max));

/** A required, trimmed text field with the spec's wording ("Name is required"). */
export const requiredText = (label: string, max: number = TEXT_LIMITS.name) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** A calendar date as ISO `YYYY-MM-DD` that exists (not 2026-02-30). */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be in YYYY-MM-DD format`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${label} is not a real date`);
