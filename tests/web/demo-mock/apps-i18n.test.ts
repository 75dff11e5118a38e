import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appsMessages } from '../../../src/i18n/apps/index.ts';

function flatten(o: unknown, prefix = ''): Map<string, unknown> {
  if (typeof o !== 'object' || o === null) return new Map([[prefix, o]]);
  return new Map(Object.entries(o).flatMap(([k, v]) => [...flatten(v, prefix ? `${prefix}.${k}` : k)]));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('demo apps messages', () => {
  const en = flatten(appsMessages.en);
  const tr = flatten(appsMessages.tr);
  const de = flatten(appsMessages.de);

  it('sit under segra.apps in every language', () => {
    for (const cat of [en, tr, de]) for (const key of cat.keys()) expect(key).toMatch(/^segra\.apps\./);
  });

  it('have the same keys in tr, en and de', () => {
    expect([...tr.keys()].sort()).toEqual([...en.keys()].sort());
    expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('have no empty message, and Turkish and German are not left in English', () => {
    for (const [lang, cat] of [
      ['tr', tr],
      ['en', en],
      ['de', de],
    ] as const) {
      for (const [key, value] of cat) {
        expect(typeof value, `${lang} ${key}`).toBe('string');
        expect(String(value).trim(), `${lang} ${key}`).not.toBe('');
        if (lang !== 'en') expect(value, `${lang} ${key} is untranslated`).not.toBe(en.get(key));
      }
    }
  });

  it('keep the same placeholders in every language', () => {
    const placeholders = (v: unknown) => [...String(v).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of en) {
      expect(placeholders(tr.get(key)), key).toEqual(placeholders(value));
      expect(placeholders(de.get(key)), key).toEqual(placeholders(value));
    }
  });

  it('define every segra.apps key the screens use', () => {
    const used = new Set<string>();
    for (const file of sources('src/custom-pages/apps')) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'(segra\.apps\.[a-z_.]+[a-z_])'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    for (const key of used) expect(en.has(key), key).toBe(true);
  });
});

describe('labels of stored values', () => {
  it('exist for every category, tag, folder, group, presence and status value the demo stores', async () => {
    const { createDemoState } = await import('../../../src/demo/apps-mock/state.ts');
    const { valueKey } = await import('../../../src/custom-pages/apps/shared/labels.ts');
    const en = flatten(appsMessages.en);
    const s = createDemoState(new Date(2026, 0, 1));
    const expectLabel = (group: string, value: string) =>
      expect(en.has(`segra.apps.values.${group}.${valueKey(value)}`), `${group}: ${value}`).toBe(true);
    for (const r of s.datatable) {
      expectLabel('bread', r.category);
      expectLabel('row_tag', r.tag);
    }
    for (const p of s.products) {
      expectLabel('bread', p.category);
      expectLabel('row_tag', p.tag);
    }
    for (const e of s.events) expectLabel('event_category', e.category);
    for (const t of s.mailThreads) {
      expectLabel('folder', t.folder);
      for (const x of t.tags) expectLabel('mail_tag', x.title);
    }
    for (const c of s.contacts) expectLabel('group', c.group);
    for (const c of s.conversations) expectLabel('presence', c.status);
    for (const t of s.tasks) {
      expectLabel('task_status', t.status);
      for (const x of t.tags) expectLabel('task_tag', x.title);
    }
  });
});
