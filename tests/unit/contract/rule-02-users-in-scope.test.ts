/**
 * DESIGN 5.2 — Users in scope: every USR02 user valid on D. Locked users (UFLAG ≠ 0) are
 * excluded unless includeLocked; expired or not-yet-valid users unless includeExpired.
 * Excluded users are counted and listed, never silently dropped.
 */
import { describe, it, expect } from 'vitest';
import { analyse } from '../../../engine/index.ts';
import type { AnalysisResult } from '../../../engine/model/index.ts';
import { D_MINUS_1, D_PLUS_1, PAY, extract, keysAt, opts, payFunctionLines, ruleset } from '../../reference/fixture.ts';

const rules = ruleset().fn('FN_PAY', ['F110'], payFunctionLines()).risk('CA_PAY', ['FN_PAY']).build();

function excluded(r: AnalysisResult): Record<string, string[]> {
  return Object.fromEntries(r.excludedUsers.map((e) => [e.bname, [...e.reasons].sort()]));
}

describe('rule 2: users in scope', () => {
  const x = extract()
    .user('U_OK')
    .user('U_LOCAL', { uflag: 64 })
    .user('U_GLOBAL', { uflag: 32 })
    .user('U_FAILED', { uflag: 128 })
    .user('U_BOTH_LOCKS', { uflag: 192 })
    .user('U_ODD', { uflag: 1 })
    .user('U_EXPIRED', { to: D_MINUS_1 })
    .user('U_NOT_YET', { from: D_PLUS_1 })
    .user('U_LOCKED_EXPIRED', { uflag: 64, to: D_MINUS_1 })
    .user('U_REF', { ustyp: 'L' })
    .role('R_PAY', ...PAY)
    .build();
  for (const u of x.users) x.roleAssignments.push({ role: 'R_PAY', user: u.bname, from: null, to: null });
  // A user named in AGR_USERS only, not in USR02.
  x.roleAssignments.push({ role: 'R_PAY', user: 'U_GHOST', from: null, to: null });

  it('by default only unlocked users valid on D are analysed (reference users included)', () => {
    const r = analyse(x, rules, opts());
    expect(keysAt('USER', r.findings)).toEqual(['USER:U_OK:CA_PAY', 'USER:U_REF:CA_PAY']);
  });

  it('lists and counts every excluded user with its reasons', () => {
    const r = analyse(x, rules, opts());
    expect(excluded(r)).toEqual({
      U_LOCAL: ['locked'],
      U_GLOBAL: ['locked'],
      U_FAILED: ['locked'],
      U_BOTH_LOCKS: ['locked'],
      U_ODD: ['locked'],
      U_EXPIRED: ['expired'],
      U_NOT_YET: ['not-yet-valid'],
      U_LOCKED_EXPIRED: ['expired', 'locked'],
    });
    expect(r.counts.usersExcluded).toBe(8);
    expect(r.counts.usersInScope).toBe(2);
  });

  it('includeLocked brings locked users back (any non-zero UFLAG), not expired ones', () => {
    const r = analyse(x, rules, opts({ includeLocked: true }));
    expect(keysAt('USER', r.findings)).toEqual([
      'USER:U_BOTH_LOCKS:CA_PAY',
      'USER:U_FAILED:CA_PAY',
      'USER:U_GLOBAL:CA_PAY',
      'USER:U_LOCAL:CA_PAY',
      'USER:U_ODD:CA_PAY',
      'USER:U_OK:CA_PAY',
      'USER:U_REF:CA_PAY',
    ]);
    // READING: only the filters that are on give reasons.
    expect(excluded(r)).toEqual({
      U_EXPIRED: ['expired'],
      U_NOT_YET: ['not-yet-valid'],
      U_LOCKED_EXPIRED: ['expired'],
    });
    expect(r.counts.usersInScope).toBe(7);
    expect(r.counts.usersExcluded).toBe(3);
  });

  it('includeExpired brings expired and not-yet-valid users back, not locked ones', () => {
    const r = analyse(x, rules, opts({ includeExpired: true }));
    expect(keysAt('USER', r.findings)).toEqual([
      'USER:U_EXPIRED:CA_PAY',
      'USER:U_NOT_YET:CA_PAY',
      'USER:U_OK:CA_PAY',
      'USER:U_REF:CA_PAY',
    ]);
    expect(excluded(r)).toEqual({
      U_LOCAL: ['locked'],
      U_GLOBAL: ['locked'],
      U_FAILED: ['locked'],
      U_BOTH_LOCKS: ['locked'],
      U_ODD: ['locked'],
      U_LOCKED_EXPIRED: ['locked'],
    });
  });

  it('with both switches every USR02 user is analysed and nobody is excluded', () => {
    const r = analyse(x, rules, opts({ includeLocked: true, includeExpired: true }));
    expect(keysAt('USER', r.findings)).toHaveLength(10);
    expect(r.excludedUsers).toEqual([]);
    expect(r.counts.usersInScope).toBe(10);
    expect(r.counts.usersExcluded).toBe(0);
  });

  it('a user that is not in USR02 is neither analysed nor listed as excluded', () => {
    const r = analyse(x, rules, opts({ includeLocked: true, includeExpired: true }));
    expect(r.findings.some((f) => f.holder === 'U_GHOST')).toBe(false);
    expect(r.excludedUsers.some((e) => e.bname === 'U_GHOST')).toBe(false);
  });

  it("excluded users' roles are still analysed at role level", () => {
    const y = extract()
      .user('U_LOCKED', { uflag: 64 })
      .role('R_PAY', ...PAY)
      .assign('U_LOCKED', 'R_PAY')
      .build();
    const r = analyse(y, rules, opts());
    expect(keysAt('USER', r.findings)).toEqual([]);
    expect(keysAt('ROLE', r.findings)).toEqual(['ROLE:R_PAY:CA_PAY']);
  });
});
