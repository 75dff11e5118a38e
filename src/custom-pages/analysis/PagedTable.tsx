import { Alert, Box, IconButton, InputAdornment, LinearProgress, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TableSortLabel, TextField } from '@mui/material';
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { NoData, PER_PAGE_OPTIONS } from '../../resources/common/ListPage.tsx';
import { errorText, type ListParams } from './api.ts';
import { usePolling } from './components.tsx';

export interface Column<T> {
  key: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  render?: (row: T) => ReactNode;
}

/**
 * A paged, sortable, searchable table over a simple-rest list: entries per page, "No data to
 * display", optional row actions and an expandable detail row.
 */
export function PagedTable<T extends { id?: string | number }>({
  columns,
  load,
  reloadKey,
  search = true,
  defaultSort = null,
  filter,
  rowActions,
  expand,
  testId,
  perPage = 25,
  errorKey = 'segra.analysis.errors.load',
  pollWhile,
  pollMs = 1500,
}: {
  columns: Column<T>[];
  load: (p: ListParams) => Promise<{ rows: T[]; total: number }>;
  reloadKey?: unknown;
  search?: boolean;
  defaultSort?: [string, 'ASC' | 'DESC'] | null;
  filter?: Record<string, unknown>;
  rowActions?: (row: T, reload: () => void) => ReactNode;
  expand?: (row: T) => ReactNode;
  testId?: string;
  perPage?: number;
  errorKey?: string;
  /** Reloads quietly every `pollMs` while this says so of the shown rows (imports, running analyses). */
  pollWhile?: (rows: T[]) => boolean;
  pollMs?: number;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(perPage);
  const [sort, setSort] = useState<[string, 'ASC' | 'DESC'] | null>(defaultSort);
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [data, setData] = useState<{ rows: T[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | number | null>(null);
  const [tick, setTick] = useState(0);
  const filterJson = JSON.stringify(filter ?? {});

  useEffect(() => {
    const id = setTimeout(() => setQuery(q.trim()), 300);
    return () => clearTimeout(id);
  }, [q]);
  useEffect(() => setPage(0), [query, filterJson, reloadKey]);

  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    setLoading(true);
    const f = { ...(JSON.parse(filterJson) as Record<string, unknown>), ...(query ? { q: query } : {}) };
    loadRef
      .current({ range: [page * rowsPerPage, page * rowsPerPage + rowsPerPage - 1], sort, filter: f })
      .then((d) => {
        if (!live) return;
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => live && setError(errorText(e, translate, errorKey)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, rowsPerPage, sort, query, filterJson, reloadKey, tick, translate, errorKey]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  usePolling(reload, pollMs, Boolean(data && pollWhile?.(data.rows)));
  const toggleSort = (key: string) =>
    setSort((s) => (s && s[0] === key ? [key, s[1] === 'ASC' ? 'DESC' : 'ASC'] : [key, 'ASC']));
  const span = columns.length + (rowActions ? 1 : 0);

  return (
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
      {loading && !data && <LinearProgress sx={{ mb: 1 }} />}
      {error && <Alert severity="error" sx={{ mb: 1 }}>{error}</Alert>}
      {data && data.rows.length === 0 && !loading && <NoData />}
      {data && data.rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.sortable ? (
                      <TableSortLabel active={sort?.[0] === c.key} direction={sort?.[0] === c.key && sort[1] === 'DESC' ? 'desc' : 'asc'} onClick={() => toggleSort(c.key)}>
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
              {data.rows.map((row, i) => {
                const key = row.id ?? i;
                return (
                  <Fragment key={key}>
                    <TableRow
                      hover
                      data-testid="analysis-row"
                      onClick={expand ? () => setOpen((o) => (o === key ? null : key)) : undefined}
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
                    {expand && open === key && (
                      <TableRow>
                        <TableCell colSpan={span} sx={{ bgcolor: 'action.hover' }}>
                          {expand(row)}
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {data && (data.total > 0 || page > 0) && (
        <TablePagination
          component="div"
          count={data.total}
          page={page}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={PER_PAGE_OPTIONS}
          labelRowsPerPage={translate('segra.analysis.common.per_page')}
          // "1–25 / 1.366" in the UI's language, not MUI's English "1–25 of 1,366" (issue 15).
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count === -1 ? to : count.toLocaleString(locale) })
          }
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setRowsPerPage(Number(e.target.value));
            setPage(0);
          }}
        />
      )}
    </Box>
  );
}

