import { describe, expect, it } from 'vitest';
import { RISK_LEVELS, RISK_TYPES } from '../../engine/model/ruleset.ts';
import { defaultRuleset, defaultRulesetName, defaultRulesetVersion } from '../../engine/rulesets/default-ruleset.ts';
import { rulesetToTables } from '../../engine/rulesets/ruleset-tables.ts';

const { risks, functions } = defaultRuleset;
const functionById = new Map(functions.map((f) => [f.id, f]));

describe('default ruleset', () => {
  it('is named and versioned', () => {
    expect(defaultRulesetName).toBe('Segra default ruleset');
    expect(defaultRulesetVersion).toMatch(/\S/);
  });

  it('has at least 45 risks with unique ids, and unique function ids', () => {
    expect(risks.length).toBeGreaterThanOrEqual(45);
    expect(new Set(risks.map((r) => r.id)).size).toBe(risks.length);
    expect(new Set(functions.map((f) => f.id)).size).toBe(functions.length);
  });

  it('uses our own ids, not SAP object names', () => {
    for (const f of functions) expect(f.id).toMatch(/^FN_[A-Z0-9]+_[A-Z0-9_]+$/);
    for (const r of risks) expect(r.id).toMatch(/^(P2P|O2C|R2R|FA|INV|HR|BC)\d{3}$/);
  });

  it('covers every business process and every level and type', () => {
    const processes = new Set(risks.map((r) => r.businessProcess));
    for (const bp of ['P2P', 'O2C', 'R2R', 'FA', 'INV', 'H2R', 'BC']) expect(processes).toContain(bp);
    for (const level of RISK_LEVELS) expect(risks.some((r) => r.level === level)).toBe(true);
    for (const type of RISK_TYPES) expect(risks.some((r) => r.type === type)).toBe(true);
  });

  it('references only existing functions; SoD risks combine two or more, critical risks one', () => {
    for (const r of risks) {
      expect(r.functionIds.length).toBeGreaterThan(0);
      for (const id of r.functionIds) expect(functionById.has(id), `${r.id} → ${id}`).toBe(true);
      if (r.type === 'SOD') expect(r.functionIds.length, r.id).toBeGreaterThanOrEqual(2);
      else expect(r.functionIds.length, r.id).toBe(1);
    }
  });

  it('has the SD-* reference risks of sap-semantics section 4 among its SoD risks', () => {
    const sod = risks.filter((r) => r.type === 'SOD');
    expect(sod.length).toBeGreaterThanOrEqual(34);
    const pairs = new Set(sod.map((r) => [...r.functionIds].sort().join('+')));
    expect(pairs).toContain(['FN_P2P_VENDOR_MAINT', 'FN_P2P_PAY_RUN'].sort().join('+'));
    expect(pairs).toContain(['FN_BC_USER_MAINT', 'FN_BC_ROLE_MAINT'].sort().join('+'));
    expect(pairs).toContain(['FN_HR_BANK_DATA', 'FN_HR_PAYROLL_RUN'].sort().join('+'));
  });

  it('critical actions have no permission lines and critical permissions have some', () => {
    for (const r of risks.filter((x) => x.type !== 'SOD')) {
      const f = functionById.get(r.functionIds[0])!;
      if (r.type === 'CRITICAL_ACTION') {
        expect(f.permissions, r.id).toHaveLength(0);
        expect(f.actions.length, r.id).toBeGreaterThan(0);
      } else {
        expect(f.permissions.length, r.id).toBeGreaterThan(0);
      }
    }
  });

  it("lists permissions only under the function's own actions (or none for action-less functions)", () => {
    for (const f of functions) {
      const actions = new Set(f.actions.map((a) => a.action));
      expect(actions.size, f.id).toBe(f.actions.length);
      for (const p of f.permissions) {
        if (f.actions.length === 0) expect(p.action, f.id).toBe('');
        else expect(actions.has(p.action), `${f.id}: ${p.action}`).toBe(true);
      }
    }
  });

  it('never lists S_TCODE as a permission and keeps every line well formed', () => {
    for (const f of functions) {
      expect(f.actions.length + f.permissions.length, f.id).toBeGreaterThan(0);
      for (const p of f.permissions) {
        expect(p.object, f.id).not.toBe('S_TCODE');
        expect(p.object).toMatch(/^[A-Z][A-Z0-9_]{2,9}$/);
        expect(p.field).toMatch(/^[A-Z][A-Z0-9_]{1,9}$/);
        expect(p.low, `${f.id} ${p.object}-${p.field}`).not.toBe('');
        expect(['OR', 'AND', 'NOT']).toContain(p.operator);
      }
    }
  });

  it('uses the real field names of the tricky objects', () => {
    const lines = functions.flatMap((f) => f.permissions);
    for (const p of lines.filter((l) => l.object === 'F_REGU_BUK')) expect(p.field).toBe('FBTCH');
    const lfa1App = new Set(lines.filter((l) => l.object === 'F_LFA1_APP').map((l) => l.field));
    expect([...lfa1App].sort()).toEqual(['ACTVT', 'APPKZ']);
  });

  it('includes realistic NOT and AND lines and some inactive actions and permission lines', () => {
    const lines = functions.flatMap((f) => f.permissions);
    expect(lines.some((l) => l.operator === 'NOT')).toBe(true);
    expect(lines.some((l) => l.operator === 'AND')).toBe(true);
    expect(lines.some((l) => !l.active)).toBe(true);
    expect(functions.some((f) => f.actions.some((a) => !a.active))).toBe(true);
    // AND and OR are never mixed on one field of one object under one action (GRC forbids it).
    for (const f of functions) {
      const ops = new Map<string, Set<string>>();
      for (const p of f.permissions) {
        const key = `${p.action}|${p.object}|${p.field}`;
        const set = ops.get(key) ?? new Set();
        set.add(p.operator);
        ops.set(key, set);
      }
      for (const [key, set] of ops) expect(set.has('AND') && set.has('OR'), `${f.id} ${key}`).toBe(false);
    }
  });

  it('writes to the multi-file tables with one row per risk and function', () => {
    const tables = rulesetToTables(defaultRuleset);
    expect(tables.RISKS.length - 1).toBe(risks.length);
    expect(tables.FUNCTIONS.length - 1).toBe(functions.length);
    expect(tables.RISK_FUNCTIONS.length - 1).toBe(risks.reduce((n, r) => n + r.functionIds.length, 0));
  });
});
