import { describe, expect, it } from 'vitest';
import type { DatatableRow, Page } from '../../../src/demo/apps-mock/types.ts';
import { call, freshState } from './call.ts';

const get = (params: Record<string, unknown>, state = freshState()) =>
  call<Page<DatatableRow>>(state, 'GET', '/apps/datatable', params);

describe('GET /apps/datatable', () => {
  it('answers pageSize, pageIndex, pageCount = ceil(filtered / pageSize) and the zero-based page slice', () => {
    const all = freshState().datatable;
    const page = get({ pageSize: '7', pageIndex: '2' });
    expect(page.pageSize).toBe(7);
    expect(page.pageIndex).toBe(2);
    expect(page.pageCount).toBe(9); // 60 / 7 = 8.57 → 9
    expect(page.items.map((r) => r.id)).toEqual(all.slice(14, 21).map((r) => r.id));
    expect(get({ pageSize: '7', pageIndex: '8' }).items).toHaveLength(4); // the last, partial page
    expect(get({ pageSize: '10', pageIndex: '0' }).pageCount).toBe(6); // exact division is not rounded up
  });

  it('counts pages over the filtered rows, not over all rows', () => {
    const page = get({ term: 'Baguette', pageSize: '4', pageIndex: '0' });
    expect(page.pageCount).toBe(2); // 6 baguettes over 4 per page
    expect(page.items.every((r) => r.name.includes('Baguette'))).toBe(true);
  });

  it('ignores a term of one character and applies one of two', () => {
    expect(get({ term: 'B', pageSize: '100', pageIndex: '0' }).items).toHaveLength(60);
    const two = get({ term: 'Ba', pageSize: '100', pageIndex: '0' }).items;
    expect(two.length).toBeGreaterThan(0);
    expect(two.length).toBeLessThan(60);
  });

  it('matches the term as a substring of name, tag, sales, stock or category', () => {
    const state = freshState();
    state.datatable = [
      { id: 1, name: 'Alpha', sales: '10', stock: '5', category: 'Sourdough', tag: '' },
      { id: 2, name: 'Beta', sales: '4711', stock: '5', category: 'Sourdough', tag: '' },
      { id: 3, name: 'Gamma', sales: '10', stock: '999', category: 'Sourdough', tag: '' },
      { id: 4, name: 'Delta', sales: '10', stock: '5', category: 'Multigrain', tag: '' },
      { id: 5, name: 'Eps', sales: '10', stock: '5', category: 'Sourdough', tag: 'Sale' },
    ];
    const ids = (term: string) => get({ term, pageSize: '10', pageIndex: '0' }, state).items.map((r) => r.id);
    expect(ids('lph')).toEqual([1]);
    expect(ids('71')).toEqual([2]);
    expect(ids('99')).toEqual([3]);
    expect(ids('grain')).toEqual([4]);
    expect(ids('Sal')).toEqual([5]);
    // The spec calls only the contacts search case-insensitive.
    expect(ids('alpha')).toEqual([]);
  });

  it('sorts by a single key, ascending unless desc is true, from a JSON-encoded sortBy', () => {
    const asc = get({ sortBy: '[{"id":"name"}]', pageSize: '60', pageIndex: '0' }).items.map((r) => r.name);
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    expect(asc[0]).not.toBe(asc[asc.length - 1]);
    const desc = get({ sortBy: '[{"id":"name","desc":true}]', pageSize: '60', pageIndex: '0' }).items.map(
      (r) => r.name,
    );
    expect(desc).toEqual([...asc].reverse());
    const notDesc = get({ sortBy: '[{"id":"name","desc":false}]', pageSize: '60', pageIndex: '0' }).items.map(
      (r) => r.name,
    );
    expect(notDesc).toEqual(asc);
  });

  it('compares sales and stock by their numeric value', () => {
    const sales = get({ sortBy: '[{"id":"sales"}]', pageSize: '60', pageIndex: '0' }).items.map((r) => Number(r.sales));
    expect(sales).toEqual([...sales].sort((a, b) => a - b));
  });

  it('does not sort when sortBy has more than one entry, or none', () => {
    const stored = freshState().datatable.map((r) => r.id);
    const two = get({ sortBy: '[{"id":"name","desc":true},{"id":"sales"}]', pageSize: '60', pageIndex: '0' });
    expect(two.items.map((r) => r.id)).toEqual(stored);
    expect(get({ sortBy: '[]', pageSize: '60', pageIndex: '0' }).items.map((r) => r.id)).toEqual(stored);
  });
});

describe('POST /apps/datatable', () => {
  it('appends the row with id = count + 1 and answers the page of the body', () => {
    const state = freshState();
    state.datatable.splice(0, 5); // 55 rows left, highest id still 60
    const item = { name: 'New Bread', sales: '1', stock: '2', category: 'Sourdough', tag: 'New' };
    const page = call<Page<DatatableRow>>(state, 'POST', '/apps/datatable', {
      item,
      sortBy: [],
      pageSize: 10,
      pageIndex: 5,
    });
    expect(state.datatable).toHaveLength(56);
    expect(state.datatable[55]).toEqual({ ...item, id: 56 });
    expect(page).toMatchObject({ pageSize: 10, pageIndex: 5, pageCount: 6 });
    // The spec's rule, not max + 1: after deletions the new id can repeat an existing one.
    expect(page.items.map((r) => r.id)).toEqual([56, 57, 58, 59, 60, 56]);
  });
});

describe('PUT /apps/datatable', () => {
  it('replaces the row with the same id, keeps its place, and answers the sorted page', () => {
    const state = freshState();
    const item = { ...state.datatable[9], name: 'AAA Renamed' };
    const page = call<Page<DatatableRow>>(state, 'PUT', '/apps/datatable', {
      item,
      sortBy: [{ id: 'name' }],
      pageSize: 5,
      pageIndex: 0,
    });
    expect(state.datatable[9]).toEqual(item);
    expect(state.datatable).toHaveLength(60);
    expect(page.items[0]).toEqual(item);
  });
});

describe('DELETE /apps/datatable', () => {
  it('removes the rows with the given ids and answers the page', () => {
    const state = freshState();
    const page = call<Page<DatatableRow>>(state, 'DELETE', '/apps/datatable', {
      ids: [1, 2, 60],
      sortBy: [],
      pageSize: 10,
      pageIndex: 0,
    });
    expect(state.datatable.map((r) => r.id)).not.toContain(1);
    expect(state.datatable.map((r) => r.id)).not.toContain(60);
    expect(state.datatable).toHaveLength(57);
    expect(page.items[0].id).toBe(3);
    expect(page.pageCount).toBe(6);
  });
});
