import { Alert, Box, IconButton, InputAdornment, TextField } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ListBase, Pagination, useListContext, useLocale, useTranslate, type RaRecord, type SortPayload } from 'react-admin';
import { errorText } from '../../custom-pages/analysis/api.ts';
import { PER_PAGE_OPTIONS } from './ListPage.tsx';

/** What every list inside a screen is given, whichever way its rows are drawn. */
export interface ListFrameProps<T> {
  resource: string;
  testId?: string;
  /** The list's fixed filter (the screen's own filter controls); the search box adds `q`. */
  filter?: Record<string, unknown>;
  /** Passed to getList: fills a nested resource's path, or names a list that is no plain resource (a comparison). */
  meta?: Record<string, unknown>;
  sort?: SortPayload;
  perPage?: number;
  search?: boolean;
  errorKey?: string;
  /** Reloads quietly every `pollMs` while this says so of the shown records (imports, running analyses). */
  pollWhile?: (records: T[]) => boolean;
  pollMs?: number;
  /** Shown above the list, inside its list context (e.g. what the list's answer says besides its rows). */
  above?: ReactNode;
}

const NO_FILTER = {};

/** Another filter or search starts again on the first page. */
function FirstPageOn({ shown }: { shown: string }) {
  const { setPage } = useListContext();
  const last = useRef(shown);
  useEffect(() => {
    if (last.current === shown) return;
    last.current = shown;
    setPage(1);
  }, [shown, setPage]);
  return null;
}

function LoadError({ errorKey }: { errorKey: string }) {
  const translate = useTranslate();
  const { error } = useListContext();
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mb: 1 }}>
      {errorText(error, translate, errorKey)}
    </Alert>
  );
}

/**
 * The one list machinery of the screens (issue 14): react-admin's ListBase over the data
 * provider (paging, sorting and the simple-rest Content-Range are react-admin's), not bound to
 * the URL, with the screen's search box, the load error in the screen's words (not as a second
 * toast), entries per page and the page range in the UI's language (issue 15), and a quiet
 * reload while `pollWhile` says so. `children` draw the rows from the list context.
 */
export function ListFrame<T = RaRecord>({
  resource,
  testId,
  filter = NO_FILTER,
  meta,
  sort,
  perPage = 25,
  search = true,
  errorKey = 'segra.analysis.errors.load',
  pollWhile,
  pollMs = 1500,
  above,
  children,
}: ListFrameProps<T> & { children: ReactNode }) {
  const translate = useTranslate();
  const locale = useLocale();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    // One request per pause in typing.
    const id = setTimeout(() => setQuery(q.trim()), 300);
    return () => clearTimeout(id);
  }, [q]);
  // Undefined values are no filter (JSON drops them); the keys keep filter and meta stable across renders.
  const filterKey = JSON.stringify({ ...filter, ...(query ? { q: query } : {}) });
  const fixedFilter = useMemo(() => JSON.parse(filterKey) as Record<string, unknown>, [filterKey]);
  const metaKey = JSON.stringify(meta ?? null);
  const stableMeta = useMemo(() => JSON.parse(metaKey) as Record<string, unknown> | null, [metaKey]);
  // react-admin's Pagination hands these to MUI's TablePagination (its props type omits them):
  // "Entries per page" and "1–25 / 1.366" in the UI's language.
  const labels = {
    labelRowsPerPage: translate('segra.analysis.common.per_page'),
    labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
      translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count === -1 ? to : count.toLocaleString(locale) }),
  } as object;

  return (
    <ListBase
      resource={resource}
      filter={fixedFilter}
      sort={sort}
      perPage={perPage}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{
        ...(stableMeta ? { meta: stableMeta } : {}),
        onError: () => undefined,
        refetchInterval: pollWhile ? (last) => (last.state.data && pollWhile(last.state.data.data as T[]) ? pollMs : false) : false,
      }}
    >
      <FirstPageOn shown={`${filterKey}${metaKey}`} />
      {above}
      <Box data-testid={testId}>
        {search && (
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
        )}
        <LoadError errorKey={errorKey} />
        {children}
        <Pagination rowsPerPageOptions={PER_PAGE_OPTIONS} {...labels} />
      </Box>
    </ListBase>
  );
}
