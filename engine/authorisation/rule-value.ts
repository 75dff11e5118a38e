import {
  coversValue,
  intervalsMeet,
  isFullInterval,
  normaliseValue,
  parseValueRow,
  type ValueInterval,
} from './value-interval.ts';

/**
 * What a rule line (a permission line's LOW/HIGH, a TSTCA value, an action) asks of an
 * instance field (DESIGN 5.5): a plain value must be covered; `*` alone needs full
 * authorisation; a pattern `X*` or a range needs the field to cover at least one of its values.
 */
export type RuleValue =
  | { readonly kind: 'value'; readonly value: string }
  | { readonly kind: 'full' }
  | { readonly kind: 'interval'; readonly interval: ValueInterval };

export function parseRuleValue(low: string, high: string): RuleValue {
  const l = normaliseValue(low);
  const h = normaliseValue(high);
  // What follows the first `*` is ignored, so any LOW starting with `*` is "`*` alone". A range
  // that merely spans everything (' '..`*`) stays a range: any overlapping row meets it.
  if (l.charCodeAt(0) === 42 /* '*' */) return { kind: 'full' };
  if (h === '' && !l.includes('*')) return { kind: 'value', value: l };
  return { kind: 'interval', interval: parseValueRow(low, high) };
}

/** A plain value, taken literally (used for tcodes, which never carry patterns). */
export function plainRuleValue(value: string): RuleValue {
  return { kind: 'value', value: normaliseValue(value) };
}

/** Whether one value row of an instance field satisfies the rule value. */
export function rowSatisfies(rule: RuleValue, row: ValueInterval): boolean {
  switch (rule.kind) {
    case 'value':
      return coversValue(row, rule.value);
    case 'full':
      return isFullInterval(row);
    case 'interval':
      return intervalsMeet(rule.interval, row);
  }
}

/** A stable text key, so equal rule values share one compiled atom. */
export function ruleValueKey(rule: RuleValue): string {
  switch (rule.kind) {
    case 'value':
      return `v\u0001${rule.value}`;
    case 'full':
      return 'f';
    case 'interval':
      return `i\u0001${rule.interval.lo}\u0001${rule.interval.hi}\u0001${rule.interval.hiPrefix ? 1 : 0}`;
  }
}
