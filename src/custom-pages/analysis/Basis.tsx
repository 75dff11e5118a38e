import { Alert, Box, Button, Chip, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { intlLocale } from '../../resources/common/locale.ts';
import { apiJson, apiList } from './api.ts';
import { ExportButtons, formatDate, PagedTable, RecordSelect, ScreenCard, useApiError, useOptions, type Column, type Option } from './components.tsx';
import { formatDuration, type ChipColour } from './helpers.ts';

interface BasisCheck {
  id: string;
  title: string;
  explanation: string;
  severity: string;
  category: string;
  available: boolean;
  unavailableReason?: string;
  findings: number;
}

interface BasisRun {
  ran: boolean;
  ranAt: string | null;
  ranBy: string | null;
  analysisDate: string | null;
  findings: number;
  durationMs: number | null;
  stale: boolean;
  checks: BasisCheck[];
}

interface BasisFindingRecord {
  id: string;
  checkId: string;
  holder: string;
  detail: string;
  title: string;
  explanation: string;
  severity: string;
  category: string;
}

export const severityColour = (s: string): ChipColour => (s === 'CRITICAL' ? 'error' : s === 'HIGH' ? 'warning' : s === 'MEDIUM' ? 'info' : 'default');

/** Basis analysis (/app/report/basis): the last run of the basis checks on a period, run now, findings, export. */
export default function Basis() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const [locale] = useLocaleState();
  const periods = useOptions<Option>('/api/system-periods', { status: 'ready' });
  const [periodId, setPeriodId] = useState('');
  const [run, setRun] = useState<BasisRun | null>(null);
  const [running, setRunning] = useState(false);
  const [checkId, setCheckId] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  useEffect(() => {
    if (!periodId && periods?.length) setPeriodId(periods[0].id);
  }, [periods, periodId]);
  useEffect(() => {
    if (!periodId) return;
    let live = true;
    setRun(null);
    apiJson<BasisRun>(`/api/system-periods/${periodId}/basis`)
      .then((r) => live && setRun(r))
      .catch((e: unknown) => live && apiError(e, 'segra.analysis.errors.load'));
    return () => {
      live = false;
    };
  }, [periodId, reloadKey, apiError]);

  const runNow = async () => {
    setRunning(true);
    try {
      const r = await apiJson<BasisRun>(`/api/system-periods/${periodId}/basis`, 'POST', {});
      setRun(r);
      setReloadKey((k) => k + 1);
      notify('segra.analysis.basis.done', { type: 'success' });
    } catch (e) {
      apiError(e, 'segra.analysis.errors.basis');
    } finally {
      setRunning(false);
    }
  };
  const checkOf = (id: string) => run?.checks.find((c) => c.id === id);
  const columns: Column<BasisFindingRecord>[] = [
    { key: 'checkId', label: 'segra.analysis.basis.check', sortable: true },
    { key: 'holder', label: 'segra.analysis.fields.holder', sortable: true },
    { key: 'detail', label: 'segra.analysis.basis.detail' },
    { key: 'severity', label: 'segra.analysis.basis.severity', sortable: true, render: (r) => <Chip size="small" color={severityColour(r.severity)} label={translate(`segra.analysis.severity.${r.severity}`, { _: r.severity })} /> },
    { key: 'title', label: 'segra.analysis.basis.title', sortable: true },
  ];
  return (
    <ScreenCard titleKey="segra.screens.report_basis">
      <Flex direction="row" gap={2} alignItems="center" flexWrap="wrap" sx={{ mb: 2 }}>
        <RecordSelect label="segra.analysis.fields.system_period" value={periodId} options={periods} onChange={(id) => { setPeriodId(id); setCheckId(''); }} testId="basis-period" />
        <Button variant="contained" disabled={!periodId || running} onClick={() => void runNow()} startIcon={running ? <CircularProgress size={16} /> : undefined}>
          {translate(running ? 'segra.analysis.basis.running' : 'segra.analysis.basis.run')}
        </Button>
        {run?.ran && <ExportButtons url={`/api/system-periods/${periodId}/basis/export`} name="basis" />}
      </Flex>
      {run && !run.ran && <Alert severity="info" sx={{ mb: 2 }}>{translate('segra.analysis.basis.not_run')}</Alert>}
      {run?.ran && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="basis-last-run">
          {translate('segra.analysis.basis.last_run', {
            at: formatDate(run.ranAt, intlLocale(locale), true),
            by: run.ranBy ?? '—',
            findings: run.findings,
            duration: formatDuration(run.durationMs),
          })}
        </Typography>
      )}
      {run?.stale && <Alert severity="warning" sx={{ mb: 2 }}>{translate('segra.analysis.basis.stale')}</Alert>}
      {run && (
        <Box sx={{ overflowX: 'auto', mb: 3 }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('segra.analysis.basis.check')}</TableCell>
                <TableCell>{translate('segra.analysis.basis.title')}</TableCell>
                <TableCell>{translate('segra.analysis.basis.severity')}</TableCell>
                <TableCell>{translate('segra.analysis.basis.explanation')}</TableCell>
                <TableCell align="right">{translate('segra.analysis.fields.findings')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {run.checks.map((c) => (
                <TableRow key={c.id} hover selected={checkId === c.id} sx={{ cursor: 'pointer' }} onClick={() => setCheckId(checkId === c.id ? '' : c.id)}>
                  <TableCell>{c.id}</TableCell>
                  <TableCell>{c.title}</TableCell>
                  <TableCell><Chip size="small" color={severityColour(c.severity)} label={translate(`segra.analysis.severity.${c.severity}`, { _: c.severity })} /></TableCell>
                  <TableCell sx={{ maxWidth: 480 }}>
                    {c.explanation}
                    {!c.available && c.unavailableReason && <Typography variant="caption" color="text.secondary" component="div">{c.unavailableReason}</Typography>}
                  </TableCell>
                  <TableCell align="right">{c.findings}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {run?.ran && (
        <>
          <Typography variant="subtitle1" gutterBottom>
            {translate('segra.analysis.basis.findings')}
            {checkId && <Chip size="small" sx={{ ml: 1 }} label={checkId} onDelete={() => setCheckId('')} />}
          </Typography>
          {checkId && checkOf(checkId) && <Alert severity="info" sx={{ mb: 1 }}>{checkOf(checkId)!.explanation}</Alert>}
          <PagedTable<BasisFindingRecord>
            testId="basis-findings"
            columns={columns}
            reloadKey={reloadKey}
            defaultSort={['checkId', 'ASC']}
            filter={{ systemPeriodId: periodId, checkId: checkId ? [checkId] : undefined }}
            load={(p) => apiList<BasisFindingRecord>('/api/basis-findings', p)}
            expand={(r) => <Typography variant="body2">{r.explanation}</Typography>}
          />
        </>
      )}
    </ScreenCard>
  );
}
