import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from '../../../src/i18n/analysis/de.ts';
import { en } from '../../../src/i18n/analysis/en.ts';
import { analysisMessages } from '../../../src/i18n/analysis/index.ts';
import { tr } from '../../../src/i18n/analysis/tr.ts';
import { ANALYSIS_STATUSES, HOLDER_LEVELS, PERIOD_STATUSES, RISK_LEVELS, RISK_TYPES } from '../../../src/custom-pages/analysis/helpers.ts';
import { DATA_AREAS } from '../../../src/resources/system-data/SystemData.tsx';

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const EN = leaves(en as unknown as Tree);
const TR = leaves(tr as unknown as Tree);
const DE = leaves(de as unknown as Tree);
const placeholders = (s: string) => [...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Words that are the same in the other language (international terms, pure placeholders). */
const SAME_OK = new Set([
  'dashboard.subtitle',
  'fields.status',
  'fields.name',
  'fields.system',
  'scope.global',
  'common.export_csv',
  'common.export_xlsx',
  'risk_period.export_zip',
  'risk_period.export_xlsx',
  'risk_data.perm_operator',
  'basis.detail',
  'sql.new',
]);

describe('analysis catalogue', () => {
  it('is merged under segra.analysis for every language', () => {
    expect((analysisMessages.tr.segra as { analysis: unknown }).analysis).toBe(tr);
    expect((analysisMessages.en.segra as { analysis: unknown }).analysis).toBe(en);
    expect((analysisMessages.de.segra as { analysis: unknown }).analysis).toBe(de);
  });

  it('has the same keys in Turkish, English and German, none empty', () => {
    expect([...TR.keys()].sort()).toEqual([...EN.keys()].sort());
    expect([...DE.keys()].sort()).toEqual([...EN.keys()].sort());
    for (const m of [EN, TR, DE]) for (const [k, v] of m) expect(v.trim(), k).not.toBe('');
  });

  it('keeps the placeholders of every message', () => {
    for (const [k, v] of EN) {
      expect(placeholders(TR.get(k)!), `tr ${k}`).toEqual(placeholders(v));
      expect(placeholders(DE.get(k)!), `de ${k}`).toEqual(placeholders(v));
    }
  });

  it('does not leave Turkish or German in English', () => {
    const left = (m: Map<string, string>) => [...m].filter(([k, v]) => v === EN.get(k) && !SAME_OK.has(k)).map(([k]) => k);
    expect(left(TR)).toEqual([]);
    // German shares only the words listed in SAME_OK with English (Status, Name, System).
    expect(left(DE)).toEqual([]);
  });

  it('has the spec wording of the catalogue (sections 5 and 8)', () => {
    expect(EN.get('default.required')).toBe('A default analysis must be chosen to see the full list');
    expect(EN.get('compare.both_required')).toBe('Both risk results must be chosen to compare');
    expect(EN.get('common.confirm_delete')).toBe('Are you sure you want to delete?');
    expect(EN.get('special.no_data')).toBe('Data not found');
    expect(EN.get('errors.simulation_failed')).toBe('Simulation failed');
    expect(EN.get('errors.comparison')).toBe('Comparison error');
    expect(TR.get('compare.both_required')).toMatch(/risk sonucu/);
  });

  it('covers every key the screens use, literal or built from a constant', () => {
    // The analysis screens and the resources that moved out of them (issue 14).
    const dirs = ['custom-pages/analysis', 'resources/system-periods', 'resources/system-data', 'resources/risk-periods', 'resources/risks', 'resources/functions', 'resources/sql-queries', 'resources/common', 'resources/analyses', 'resources/findings', 'resources/risk-acceptances'];
    const used = new Set<string>();
    for (const dir of dirs.map((d) => path.resolve(__dirname, '../../../src', d))) {
      for (const f of readdirSync(dir)) {
        const text = readFileSync(path.join(dir, f), 'utf8');
        for (const m of text.matchAll(/['"]segra\.analysis\.([a-zA-Z0-9_.-]+[a-zA-Z0-9_])['"]/g)) used.add(m[1]);
      }
    }
    expect(used.size).toBeGreaterThan(100);
    const built = [
      ...ANALYSIS_STATUSES.map((s) => `status.${s}`),
      ...PERIOD_STATUSES.map((s) => `period_status.${s}`),
      ...RISK_LEVELS.map((s) => `risk_level.${s}`),
      ...RISK_TYPES.map((s) => `risk_type.${s}`),
      ...HOLDER_LEVELS.map((s) => `holder_level.${s}`),
      ...DATA_AREAS.map((a) => `system_data.${a.key}`),
      ...['new', 'resolved', 'unchanged'].map((s) => `compare.${s}`),
      ...['global', 'user', 'role'].map((s) => `scope.${s}`),
      ...['action', 'permission'].map((s) => `level.${s}`),
      ...['same-instance', 'union'].map((s) => `mode.${s}`),
      ...['added', 'removed', 'before', 'after'].map((s) => `simulation.${s}`),
      ...['action', 'object', 'field', 'low', 'high', 'operator', 'active'].map((s) => `risk_data.perm_${s}`),
    ];
    const missing = [...used, ...built].filter((k) => !EN.has(k));
    expect(missing).toEqual([]);
  });
});
