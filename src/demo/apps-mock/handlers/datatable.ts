import type { DemoState } from '../state.ts';
import type { DatatableRow, Page } from '../types.ts';
import { sortedPage } from './paging.ts';
import { activeTerm, idsParam, itemParam, sameId, type Params } from './params.ts';

const SEARCHED: (keyof DatatableRow)[] = ['name', 'tag', 'sales', 'stock', 'category'];

/**
 * Spec section 5: the datatable matches as a substring on name, tag, sales, stock and
 * category. Unlike contacts the spec does not call it case-insensitive, so it is not.
 */
export function matchesDatatable(row: DatatableRow, term: string): boolean {
  return SEARCHED.some((field) => String(row[field]).includes(term));
}

/** GET datatable: term, sortBy, pageSize, pageIndex → page. */
export function getDatatable(state: DemoState, params: Params): Page<DatatableRow> {
  const term = activeTerm(params.term);
  const rows = term === undefined ? state.datatable : state.datatable.filter((r) => matchesDatatable(r, term));
  return sortedPage(rows, params);
}

/** POST datatable: the row is appended with id = count + 1 (the spec's rule, even if that id exists). */
export function addDatatableRow(state: DemoState, params: Params): Page<DatatableRow> {
  const item = itemParam<DatatableRow>(params.item);
  state.datatable.push({ ...(item as DatatableRow), id: state.datatable.length + 1 });
  return sortedPage(state.datatable, params);
}

/** PUT datatable: the row with the same id is replaced. */
export function replaceDatatableRow(state: DemoState, params: Params): Page<DatatableRow> {
  const item = itemParam<DatatableRow>(params.item);
  const at = state.datatable.findIndex((r) => sameId(item.id, r.id));
  if (at >= 0) state.datatable[at] = { ...(item as DatatableRow), id: state.datatable[at].id };
  return sortedPage(state.datatable, params);
}

/** DELETE datatable: the rows with the given ids are removed. */
export function deleteDatatableRows(state: DemoState, params: Params): Page<DatatableRow> {
  const ids = idsParam(params.ids);
  state.datatable = state.datatable.filter((r) => !ids.some((id) => sameId(id, r.id)));
  return sortedPage(state.datatable, params);
}
