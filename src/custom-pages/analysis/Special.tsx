import { Alert, Box, Button, LinearProgress, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PER_PAGE_OPTIONS } from '../../resources/common/ListPage.tsx';
import { errorText } from './api.ts';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { RecordSelect, useChoices, type Option } from './RecordSelect.tsx';
import { RESOURCES } from '../../resources/resource-names.ts';
import { ScreenCard } from './components.tsx';
import { formatDuration } from './helpers.ts';

export interface SqlResult {
  columns: string[];
  rows: unknown[][];
  rowCount: number;
  truncated: boolean;
  truncatedBy?: 'rowLimit' | 'size';
  rowLimit?: number;
  durationMs?: number;
}

const cell = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The result of a special query: columns and rows, paged here; "Data not found" when empty. */
export function SqlResultTable({ result }: { result: SqlResult }) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  if (result.rows.length === 0) return <Alert severity="info" data-testid="sql-no-data">{translate('segra.analysis.special.no_data')}</Alert>;
  return (
    <Box data-testid="sql-result">
      {result.truncated && <Alert severity="warning" sx={{ mb: 1 }}>{translate('segra.analysis.special.truncated', { limit: result.rowLimit ?? result.rows.length })}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {result.columns.map((c) => (
                <TableCell key={c}>{c}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.rows.slice(page * perPage, page * perPage + perPage).map((r, i) => (
              <TableRow key={i}>
                {r.map((v, j) => (
                  <TableCell key={j}>{cell(v)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={result.rows.length}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        labelRowsPerPage={translate('segra.analysis.common.per_page')}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}

/** Special analysis (/app/report/special): run a stored SQL query on one system period. */
export default function Special() {
  const translate = useTranslate();
  const queries = useChoices<Option>(RESOURCES.sqlQueries.name, { field: 'name', order: 'ASC' });
  const periods = useChoices<Option>(RESOURCES.systemPeriods.name, { field: 'periodDate', order: 'DESC' }, { status: 'ready' });
  const [queryId, setQueryId] = useState('');
  const [periodId, setPeriodId] = useState('');
  const [busy, setBusy] = useState(false);
  const dataProvider = useSegraDataProvider();
  const [result, setResult] = useState<SqlResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!periodId && periods?.length) setPeriodId(periods[0].id);
  }, [periods, periodId]);
  const query = queries?.find((q) => q.id === queryId);
  const run = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult((await dataProvider.postAction(RESOURCES.sqlQueries.name, { id: queryId, path: 'run', data: { systemPeriodId: periodId } })).data as SqlResult);
    } catch (e) {
      setError(errorText(e, translate, 'segra.analysis.errors.sql_search'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ScreenCard titleKey="segra.screens.report_special">
      <Flex direction="row" gap={2} flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
        <RecordSelect label="segra.analysis.special.query" value={queryId} options={queries} optionLabel={(o) => `${o.name}${o.type ? ` (${String(o.type)})` : ''}`} onChange={(id) => { setQueryId(id); setResult(null); setError(null); }} testId="special-query" />
        <RecordSelect label="segra.analysis.fields.system_period" value={periodId} options={periods} onChange={setPeriodId} testId="special-period" />
        <Button variant="contained" disabled={!queryId || !periodId || busy} onClick={() => void run()}>
          {translate('segra.analysis.special.run')}
        </Button>
      </Flex>
      {query?.description ? <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{String(query.description)}</Typography> : null}
      {busy && <LinearProgress sx={{ mb: 2 }} />}
      {error && <Alert severity="error" data-testid="sql-error" sx={{ mb: 2 }}>{error}</Alert>}
      {result && (
        <>
          <Typography variant="caption" component="div" color="text.secondary" sx={{ mb: 1 }}>
            {translate('segra.analysis.special.summary', { rows: result.rowCount, duration: formatDuration(result.durationMs) })}
          </Typography>
          <SqlResultTable result={result} />
        </>
      )}
    </ScreenCard>
  );
}
