import { Alert, Box, Button, Card, CardContent, Chip, IconButton, InputAdornment, LinearProgress, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TableSortLabel, TextField, Tooltip, Typography } from '@mui/material';
import { Flex } from './Flex.tsx';
import { Fragment, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { getActiveCustomer, subscribeActiveCustomer } from '../../providers/customer-scope.ts';
import { NoData, PER_PAGE_OPTIONS } from '../../resources/common/ListPage.tsx';
import { apiList, downloadFile, errorText, uploadFiles, type ListParams } from './api.ts';
import {
  checkUploadFiles,
  parseDefaultAnalysis,
  readDefaultAnalysisRaw,
  subscribeDefaultAnalysis,
  writeDefaultAnalysis,
  type DefaultAnalysis,
} from './helpers.ts';

export type Translate = (key: string, options?: object) => string;

/** The active customer (a SuperAdmin's choice); screens reload when it changes. */
export function useActiveCustomer(): string | null {
  return useSyncExternalStore(subscribeActiveCustomer, getActiveCustomer, () => null);
}

/** A screen's frame: page title (from the route table's label) and heading. */
export function ScreenCard({ titleKey, children, actions }: { titleKey: string; children: ReactNode; actions?: ReactNode }) {
  const translate = useTranslate();
  const title = translate(titleKey);
  return (
    <Card>
      <Title title={title} />
      <CardContent>
        <Flex direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }} gap={1} flexWrap="wrap">
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {actions && <Flex direction="row" gap={1} flexWrap="wrap">{actions}</Flex>}
        </Flex>
        {children}
      </CardContent>
    </Card>
  );
}

/** Reports an API failure as a toast: the screen's catalogue message with the server's reason. */
export function useApiError(): (error: unknown, contextKey: string) => void {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (error: unknown, contextKey: string) => {
      const text = errorText(error, translate, contextKey);
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
    [notify, translate],
  );
}

/** Calls `fn` every `ms` while `enabled`. */
export function usePolling(fn: () => void, ms: number, enabled: boolean): void {
  const saved = useRef(fn);
  useEffect(() => {
    saved.current = fn;
  }, [fn]);
  useEffect(() => {
    if (!enabled) return;
    const id = setInterval(() => saved.current(), ms);
    return () => clearInterval(id);
  }, [ms, enabled]);
}

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

/** A button that asks before it acts (every delete: "Are you sure you want to delete?"). */
export function ConfirmButton({
  label,
  title,
  content = 'segra.analysis.common.confirm_delete',
  onConfirm,
  color = 'error',
  disabled,
  size = 'small',
  variant = 'text',
}: {
  label: string;
  title: string;
  content?: string;
  onConfirm: () => Promise<void> | void;
  color?: 'error' | 'primary' | 'warning' | 'inherit';
  disabled?: boolean;
  size?: 'small' | 'medium';
  variant?: 'text' | 'outlined' | 'contained';
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button size={size} color={color} variant={variant} disabled={disabled || busy} onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}

export interface Option {
  id: string;
  name: string;
  [k: string]: unknown;
}

/** Records of an API list for a picker (first 1000). */
export function useOptions<T extends Option>(url: string | null, filter?: Record<string, unknown>, reloadKey?: unknown): T[] | null {
  const customer = useActiveCustomer();
  const [rows, setRows] = useState<T[] | null>(null);
  const filterJson = JSON.stringify(filter ?? {});
  useEffect(() => {
    if (!url) {
      setRows([]);
      return;
    }
    let live = true;
    apiList<T>(url, { range: [0, 999], filter: JSON.parse(filterJson) as Record<string, unknown> })
      .then(({ rows: r }) => live && setRows(r))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [url, filterJson, customer, reloadKey]);
  return rows;
}

/** A select of records (system periods, risk periods, analyses, queries). */
export function RecordSelect({
  label,
  value,
  onChange,
  options,
  optionLabel = (o) => o.name,
  testId,
  minWidth = 260,
  allowEmpty = false,
}: {
  label: string;
  value: string;
  onChange: (id: string, option: Option | undefined) => void;
  options: Option[] | null;
  optionLabel?: (o: Option) => string;
  testId?: string;
  minWidth?: number;
  allowEmpty?: boolean;
}) {
  const translate = useTranslate();
  const known = options?.some((o) => o.id === value) ?? false;
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value, options?.find((o) => o.id === e.target.value))}
      sx={{ minWidth }}
      slotProps={{ select: { 'data-testid': testId } as object }}
    >
      {allowEmpty && <MenuItem value="">{translate('segra.analysis.common.none')}</MenuItem>}
      {(options ?? []).length === 0 && !allowEmpty && (
        <MenuItem value="" disabled>
          {translate(options === null ? 'segra.analysis.common.loading' : 'segra.list.no_data')}
        </MenuItem>
      )}
      {(options ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The default analysis of the active customer (spec: "A default analysis must be chosen to see the full list"). */
export function useDefaultAnalysis(): [DefaultAnalysis | null, (a: { id: string; name: string } | null) => void] {
  const raw = useSyncExternalStore(subscribeDefaultAnalysis, readDefaultAnalysisRaw, () => null);
  const customer = useActiveCustomer();
  const value = parseDefaultAnalysis(raw, customer);
  const set = useCallback(
    (a: { id: string; name: string } | null) => writeDefaultAnalysis(a ? { id: a.id, name: a.name, customerId: getActiveCustomer() } : null),
    [],
  );
  return [value, set];
}

/** A picker of completed analyses that sets the default analysis. */
export function DefaultAnalysisPicker() {
  const [current, setCurrent] = useDefaultAnalysis();
  const options = useOptions<Option>('/api/analyses', { status: ['completed'] });
  return (
    <RecordSelect
      label="segra.analysis.default.label"
      value={current?.id ?? ''}
      options={options}
      testId="default-analysis-picker"
      minWidth={300}
      onChange={(id, o) => setCurrent(o ? { id, name: o.name } : null)}
    />
  );
}

/** Shows `children(analysis)` for the default analysis, or the spec's message and a picker when none is chosen. */
export function DefaultAnalysisGate({ children }: { children: (analysis: DefaultAnalysis) => ReactNode }) {
  const translate = useTranslate();
  const [current] = useDefaultAnalysis();
  return (
    <Box>
      <Flex direction="row" gap={2} alignItems="center" sx={{ mb: 2 }} flexWrap="wrap">
        <DefaultAnalysisPicker />
        {current && <Chip color="primary" variant="outlined" label={`${translate('segra.analysis.default.current')}: ${current.name}`} />}
      </Flex>
      {current ? (
        children(current)
      ) : (
        <Alert severity="warning" data-testid="default-analysis-required">
          {translate('segra.analysis.default.required')}
        </Alert>
      )}
    </Box>
  );
}

/** Upload of an extract or a ruleset with a progress bar (XMLHttpRequest upload events). */
export function UploadButton({ url, label, onUploaded, disabled }: { url: string; label: string; onUploaded: () => void; disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null | undefined>(undefined);
  const pick = async (files: File[]) => {
    const problem = checkUploadFiles(files.map((f) => f.name));
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    setPercent(0);
    try {
      await uploadFiles(url, files, setPercent);
      notify('segra.analysis.upload.done', { type: 'success' });
      onUploaded();
    } catch (e) {
      apiError(e, 'segra.analysis.errors.upload');
    } finally {
      setPercent(undefined);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 120 }}>
      <Button size="small" component="label" disabled={disabled || percent !== undefined}>
        {translate(label)}
        <input
          ref={input}
          hidden
          type="file"
          multiple
          accept=".zip,.xlsx,.csv,.txt,.tsv"
          data-testid="upload-input"
          onChange={(e) => void pick(Array.from(e.target.files ?? []))}
        />
      </Button>
      {percent !== undefined && (
        <Tooltip title={translate('segra.analysis.upload.uploading')}>
          <LinearProgress variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? 0} aria-label={translate('segra.analysis.upload.uploading')} />
        </Tooltip>
      )}
    </Box>
  );
}

/** CSV and XLSX download buttons for an export URL (`…format=`). */
export function ExportButtons({ url, name, disabled }: { url: string; name: string; disabled?: boolean }) {
  const translate = useTranslate();
  const apiError = useApiError();
  const [busy, setBusy] = useState(false);
  const go = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      await downloadFile(`${url}${url.includes('?') ? '&' : '?'}format=${format}`, `${name}.${format}`);
    } catch (e) {
      apiError(e, 'segra.analysis.errors.export');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" disabled={disabled || busy} onClick={() => void go('csv')}>
        {translate('segra.analysis.common.export_csv')}
      </Button>
      <Button size="small" variant="outlined" disabled={disabled || busy} onClick={() => void go('xlsx')}>
        {translate('segra.analysis.common.export_xlsx')}
      </Button>
    </>
  );
}

/** A date (YYYY-MM-DD) or timestamp in the active locale. */
export function formatDate(value: string | null | undefined, locale: string, withTime = false): string {
  if (!value) return '—';
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return withTime ? d.toLocaleString(locale) : d.toLocaleDateString(locale);
}
