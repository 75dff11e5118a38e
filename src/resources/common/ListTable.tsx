import { Alert, Box, IconButton, InputAdornment, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, TableSortLabel, TextField } from '@mui/material';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ListContextProvider, Pagination, useListController, useLocale, useTranslate, type Identifier } from 'react-admin';
import { errorText } from '../../custom-pages/analysis/api.ts';
import { usePolling } from '../../custom-pages/analysis/components.tsx';
import { NoData, PER_PAGE_OPTIONS } from './ListPage.tsx';

export interface Column<T> {
  key: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  render?: (row: T) => ReactNode;
}

const NO_FILTER = {};

/**
 * A react-admin list (useListController over the dataProvider: paging, sorting and the
 * simple-rest Content-Range are react-admin's) drawn as the analysis screens show it: a search
 * box, sortable headers, row actions, a detail row that opens on a click, and "No data to display".
 * Its rows carry `data-testid="analysis-row"` and the first cell is the first column: the
 * Datagrid's expand column would shift every cell the screens and their tests name.
 */
export function ListTable<T extends { id: Identifier }>({
  resource,
  columns,
  filter = NO_FILTER,
  meta,
  search = true,
  defaultSort,
  rowActions,
  expand,
  testId,
  perPage = 25,
  errorKey = 'segra.analysis.errors.load',
  pollWhile,
  pollMs = 1500,
  above,
}: {
  resource: string;
  columns: Column<T>[];
  /** The list's fixed filter (the screen's own filter controls); the search box adds `q`. */
  filter?: Record<string, unknown>;
  /** Passed to getList (the parameters of a list that is no plain resource, e.g. a comparison). */
  meta?: Record<string, unknown>;
  search?: boolean;
  defaultSort?: [string, 'ASC' | 'DESC'];
  rowActions?: (row: T, reload: () => void) => ReactNode;
  expand?: (row: T) => ReactNode;
  testId?: string;
  perPage?: number;
  errorKey?: string;
  /** Reloads quietly every `pollMs` while this says so of the shown rows (running analyses). */
  pollWhile?: (rows: T[]) => boolean;
  pollMs?: number;
  /** Shown above the table, inside its list context (e.g. what the list's answer says besides its rows). */
  above?: ReactNode;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | number | null>(null);
  useEffect(() => {
    const id = setTimeout(() => setQuery(q.trim()), 300);
    return () => clearTimeout(id);
  }, [q]);
  // Undefined values are no filter (JSON drops them); the key keeps the filter stable across renders.
  const filterKey = JSON.stringify({ ...filter, ...(query ? { q: query } : {}) });
  const fixedFilter = useMemo(() => JSON.parse(filterKey) as Record<string, unknown>, [filterKey]);
  const metaKey = JSON.stringify(meta ?? null);
  const stableMeta = useMemo(() => JSON.parse(metaKey) as Record<string, unknown> | null, [metaKey]);
  const list = useListController({
    resource,
    filter: fixedFilter,
    sort: defaultSort ? { field: defaultSort[0], order: defaultSort[1] } : undefined,
    perPage,
    disableSyncWithLocation: true,
    storeKey: false,
    // The failure is shown in the table's place (below), not as a second toast.
    queryOptions: { ...(stableMeta ? { meta: stableMeta } : {}), onError: () => undefined },
  });
  // Another filter or search starts again on the first page.
  const { setPage } = list;
  const shownKey = useRef(`${filterKey}${metaKey}`);
  useEffect(() => {
    if (shownKey.current === `${filterKey}${metaKey}`) return;
    shownKey.current = `${filterKey}${metaKey}`;
    setPage(1);
  }, [filterKey, metaKey, setPage]);

  const rows = list.data as T[] | undefined;
  const { refetch } = list;
  const reload = () => void refetch();
  usePolling(reload, pollMs, Boolean(rows && pollWhile?.(rows)));
  const toggleSort = (key: string) =>
    list.setSort({ field: key, order: list.sort.field === key && list.sort.order === 'ASC' ? 'DESC' : 'ASC' });
  const span = columns.length + (rowActions ? 1 : 0);
  // react-admin's Pagination hands these to MUI's TablePagination (its props type omits them):
  // the analysis screens' "Entries per page" and "1–25 / 1.366" in the UI's language (issue 15).
  const labels = {
    labelRowsPerPage: translate('segra.analysis.common.per_page'),
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count === -1 ? to : count.toLocaleString(locale) }),
  } as object;

  return (
    <ListContextProvider value={list}>
      {above}
      <Box data-testid={testId}>
        {search && (
          <TextField
            size="small"
            label={translate('segra.analysis.common.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            sx={{ mb: 1, minWidth: 260 }}
            slotProps={{ input: { endAdornment: q ? <InputAdornment position="end"><IconButton size="small" aria-label={translate('segra.analysis.common.clear')} onClick={() => setQ('')}>×</IconButton></InputAdornment> : undefined } }}
          />
        )}
        {list.isPending && !list.error && <LinearProgress sx={{ mb: 1 }} />}
        {list.error && <Alert severity="error" sx={{ mb: 1 }}>{errorText(list.error, translate, errorKey)}</Alert>}
        {rows && rows.length === 0 && !list.isFetching && <NoData />}
        {rows && rows.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.key} align={c.align}>
                      {c.sortable ? (
                        <TableSortLabel
                          active={list.sort.field === c.key}
                          direction={list.sort.field === c.key && list.sort.order === 'DESC' ? 'desc' : 'asc'}
                          onClick={() => toggleSort(c.key)}
                        >
                          {translate(c.label, { _: c.label })}
                        </TableSortLabel>
                      ) : (
                        translate(c.label, { _: c.label })
                      )}
                    </TableCell>
                  ))}
                  {rowActions && <TableCell align="right">{translate('segra.analysis.common.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <Fragment key={row.id}>
                    <TableRow
                      hover
                      data-testid="analysis-row"
                      onClick={expand ? () => setOpen((o) => (o === row.id ? null : row.id)) : undefined}
                      sx={expand ? { cursor: 'pointer' } : undefined}
                    >
                      {columns.map((c) => (
                        <TableCell key={c.key} align={c.align}>
                          {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')}
                        </TableCell>
                      ))}
                      {rowActions && (
                        <TableCell align="right" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
                          {rowActions(row, reload)}
                        </TableCell>
                      )}
                    </TableRow>
                    {expand && open === row.id && (
                      <TableRow>
                        <TableCell colSpan={span} sx={{ bgcolor: 'action.hover' }}>
                          {expand(row)}
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Pagination rowsPerPageOptions={PER_PAGE_OPTIONS} {...labels} />
      </Box>
    </ListContextProvider>
  );
}
