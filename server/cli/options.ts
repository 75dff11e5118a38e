import { parseArgs, type ParseArgsConfig } from 'node:util';
import { date8FromDate, parseDate8, type Date8 } from '../../engine/model/dates.ts';
import { UsageError } from './usage-error.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses a command's flags; unknown flags and stray arguments are usage errors. */
export function parseFlags<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: false, strict: true }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function requireFlag(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

export function oneOf<T extends string>(value: string | undefined, name: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

/** `--date YYYYMMDD` (or ISO); today (UTC) when absent. */
export function dateFlag(value: string | undefined, now: () => Date = () => new Date()): Date8 {
  if (value === undefined) return date8FromDate(now());
  const d = parseDate8(value);
  if (d === undefined || d === null) throw new UsageError(`--date must be a date YYYYMMDD, got "${value}"`);
  return d;
}

/** A whole number of days (1 or more), such as --usage-window DAYS. */
export function daysFlag(value: string, name: string): number {
  const n = /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} must be a whole number of days (1 or more), got "${value}"`);
  return n;
}
