import { SPECIFIC_CODES } from '../../providers/api-errors.ts';

/** The catalogue key for a failed public call: a known code, else the page's own failure message. */
export function errorMessageKey(answer: { status: number; body: { code?: string } }, fallback: string): string {
  const code = answer.body.code;
  if (code && (SPECIFIC_CODES as readonly string[]).includes(code)) return `segra.errors.code.${code}`;
  return fallback;
}
