import { Alert, Box, IconButton, InputAdornment, TextField } from '@mui/material';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Datagrid, DatagridBody, DatagridRow, ListBase, Pagination, useListContext, useRecordContext, useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import { errorText } from '../../custom-pages/analysis/api.ts';
import { NoData, PER_PAGE_OPTIONS } from './ListPage.tsx';

/**
 * A column of an embedded list drawn by `render` from its record. Datagrid reads `label`
 * (a catalogue key), `source` (what a click on the header sorts by), `sortable` and
 * `textAlign` for the header.
 */
export function Column<T extends RaRecord = RaRecord>({
  render,
  stopClick = false,
}: {
  render: (record: T) => ReactNode;
  label: string;
  source?: string;
  sortable?: boolean;
  textAlign?: 'left' | 'right' | 'center';
  /** Clicks inside do not reach the row (its buttons must not open the row's detail). */
  stopClick?: boolean;
}) {
  const record = useRecordContext<T>();
  if (!record) return null;
  return stopClick ? (
    <Box component="span" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
      {render(record)}
    </Box>
  ) : (
    <>{render(record)}</>
  );
}

/** The free-text search of a list (the API's `q` filter), kept apart from its fixed filter. */
function SearchBox() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [q, setQ] = useState(String(filterValues.q ?? ''));
  useEffect(() => {
    // The list context debounces, so typing asks the API once per pause.
    const { q: _old, ...rest } = filterValues as Record<string, unknown>;
    const next = q.trim();
    if (next !== String(_old ?? '')) setFilters(next ? { ...rest, q: next } : rest, undefined, true);
  }, [q, filterValues, setFilters]);
  return (
    <TextField
      size="small"
      label={translate('segra.analysis.common.search')}
      value={q}
      onChange={(e) => setQ(e.target.value)}
      sx={{ mb: 1, minWidth: 260 }}
      slotProps={{
        input: {
          endAdornment: q ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={translate('segra.analysis.common.clear')} onClick={() => setQ('')}>
                ×
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/** The rows (each `analysis-row`), the load error in the screen's words, and the paging. */
function Rows({ errorKey, expand, children }: { errorKey: string; expand?: ReactElement; children: ReactNode }) {
  const translate = useTranslate();
  const { error } = useListContext();
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorText(error, translate, errorKey)}
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Datagrid
          bulkActionButtons={false}
          rowClick={expand ? 'expand' : false}
          expand={expand}
          empty={error ? null : <NoData />}
          body={<DatagridBody row={<DatagridRow data-testid="analysis-row" />} />}
          size="small"
        >
          {children}
        </Datagrid>
      </Box>
      {/* Passed on to MUI's TablePagination: the screens' own "Entries per page" wording. */}
      <Pagination rowsPerPageOptions={PER_PAGE_OPTIONS} {...({ labelRowsPerPage: translate('segra.analysis.common.per_page') } as object)} />
    </>
  );
}

/**
 * A resource's list inside a screen (issue 14): react-admin's list over the data provider,
 * not bound to the URL, with the screen's search box, "No data to display", entries per page,
 * and, while `pollWhile` says so of the shown records (imports), a quiet reload every `pollMs`.
 */
export function EmbeddedList<T extends RaRecord = RaRecord>({
  resource,
  testId,
  filter,
  meta,
  sort,
  search = true,
  errorKey = 'segra.analysis.errors.load',
  pollWhile,
  pollMs = 1500,
  expand,
  children,
}: {
  resource: string;
  testId?: string;
  /** A fixed filter (e.g. the chosen risk period), below the search. */
  filter?: Record<string, unknown>;
  /** Fills a nested resource's path (resource-names.ts). */
  meta?: Record<string, unknown>;
  sort?: SortPayload;
  search?: boolean;
  errorKey?: string;
  pollWhile?: (records: T[]) => boolean;
  pollMs?: number;
  /** A record's detail, opened by a click on its row. */
  expand?: ReactElement;
  children: ReactNode;
}) {
  return (
    <ListBase
      resource={resource}
      filter={filter}
      sort={sort}
      perPage={25}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{
        meta,
        refetchInterval: pollWhile ? (query) => (query.state.data && pollWhile(query.state.data.data as T[]) ? pollMs : false) : false,
      }}
    >
      <Box data-testid={testId}>
        {search && <SearchBox />}
        <Rows errorKey={errorKey} expand={expand}>
          {children}
        </Rows>
      </Box>
    </ListBase>
  );
}
