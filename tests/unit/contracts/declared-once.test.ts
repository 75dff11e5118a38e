import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentRange, rangeSchema, sortSchema } from '../../../contracts/paging.ts';
import { filterParam, rangeParam, sortParam } from '../../../server/resources/query-params.ts';

/*
 * Facts declared once (issue 31): the risk and holder levels, the uuid shape and the list
 * query with its Content-Range live in contracts/; a second declaration in server/, src/ or
 * contracts/ fails here and names the file.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}
const files = ['server', 'src', 'contracts'].flatMap(sources);
const declaring = (pattern: RegExp): string[] => files.filter((f) => pattern.test(readFileSync(path.join(ROOT, f), 'utf8'))).sort();

describe('declared once', () => {
  it('the risk levels and holder levels: contracts/levels.ts (risk levels: the engine)', () => {
    expect(declaring(/\[\s*'CRITICAL',\s*'HIGH',\s*'MEDIUM',\s*'LOW'\s*\]/)).toEqual([]);
    expect(declaring(/=\s*\[\s*'USER',\s*'ROLE',\s*'PROFILE'\s*\]/)).toEqual(['contracts/levels.ts']);
  });

  it('the uuid shape: contracts/ids.ts', () => {
    expect(declaring(/\[0-9a-f\]\{8\}|\[0-9a-f-\]\{36\}/i)).toEqual(['contracts/ids.ts']);
  });

  it('the Content-Range header: written by one server helper', () => {
    expect(declaring(/header\(\s*'Content-Range'/)).toEqual(['server/resources/query-params.ts']);
  });
});

describe('the list query (contracts/paging.ts)', () => {
  it('words a page, an empty page and a page past the end as ra-data-simple-rest reads them', () => {
    expect(contentRange('findings', 0, 25, 319)).toBe('findings 0-24/319');
    expect(contentRange('findings', 300, 19, 319)).toBe('findings 300-318/319');
    expect(contentRange('users', 0, 0, 0)).toBe('users */0');
    expect(contentRange('comparison', 50, 0, 12)).toBe('comparison */12');
  });

  it('takes a range of two whole numbers in order, and nothing else', () => {
    expect(rangeSchema.safeParse([0, 24]).success).toBe(true);
    for (const bad of [[24, 0], [-1, 3], [0.5, 3], ['0', '3'], [0], [0, 1, 2], [0, 2 ** 53]]) expect(rangeSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(rangeParam('[0,24]')).toEqual([0, 24]);
    expect(rangeParam(undefined)).toBeNull();
    expect(() => rangeParam('[0,1000]', 1000)).toThrow('at most 1000');
    expect(() => rangeParam('[3,1]')).toThrow('range parameter');
  });

  it('takes a sort over the declared fields, the direction in any case', () => {
    expect(sortSchema(['name', 'id']).parse(['name', 'desc'])).toEqual(['name', 'DESC']);
    expect(sortSchema(['name']).safeParse(['secret', 'ASC']).success).toBe(false);
    expect(sortParam(undefined, ['name'], ['name', 'desc'])).toEqual(['name', 'DESC']);
    expect(sortParam('["name","asc"]', ['name'], ['name', 'DESC'])).toEqual(['name', 'ASC']);
    expect(() => sortParam('["name","UP"]', ['name'], ['name', 'ASC'])).toThrow('sort parameter');
    expect(() => sortParam('["id","ASC"]', [], ['id', 'ASC'])).toThrow('sort parameter');
  });

  it('takes a filter that is a JSON object, {} when absent', () => {
    expect(filterParam(undefined)).toEqual({});
    expect(filterParam('null'), 'null is no filter, as before').toEqual({});
    expect(filterParam('{"q":"x"}')).toEqual({ q: 'x' });
    for (const bad of ['[1]', '"x"', '3']) expect(() => filterParam(bad), bad).toThrow('filter parameter must be a JSON object');
  });
});
