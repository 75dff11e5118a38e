import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isValidDate8 } from '../../../engine/basis/index.ts';

describe('Date8 arithmetic', () => {
  it('counts days across month and year ends', () => {
    expect(daysBetween(20260131, 20260201)).toBe(1);
    expect(daysBetween(20251231, 20260101)).toBe(1);
    expect(daysBetween(20260101, 20261231)).toBe(364);
    expect(daysBetween(20260601, 20260501)).toBe(-31);
    expect(daysBetween(20260601, 20260601)).toBe(0);
  });

  it('knows leap years, including the century rules', () => {
    expect(daysBetween(20240228, 20240301)).toBe(2);
    expect(daysBetween(20230228, 20230301)).toBe(1);
    expect(daysBetween(19000228, 19000301)).toBe(1);
    expect(daysBetween(20000228, 20000301)).toBe(2);
    expect(daysBetween(20240101, 20250101)).toBe(366);
  });

  it('works for years below 100 (no 19xx mapping) and is independent of local time', () => {
    expect(daysBetween(10228, 10301)).toBe(1);
    expect(daysBetween(991231, 1000101)).toBe(1);
    expect(addDays(991231, 1)).toBe(1000101);
    expect(daysBetween(19700101, 19700102)).toBe(1);
    expect(addDays(19700101, -1)).toBe(19691231);
  });

  it('adds days', () => {
    expect(addDays(20260601, -90)).toBe(20260303);
    expect(addDays(20240228, 1)).toBe(20240229);
    expect(addDays(20231231, 60)).toBe(20240229);
  });

  it('validates dates', () => {
    expect(isValidDate8(20240229)).toBe(true);
    expect(isValidDate8(20230229)).toBe(false);
    expect(isValidDate8(20260431)).toBe(false);
    expect(isValidDate8(20261301)).toBe(false);
    expect(isValidDate8(20260100)).toBe(false);
    expect(isValidDate8(2026060.5)).toBe(false);
  });
});
