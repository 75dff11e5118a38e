import { Alert, Box, Button, Chip, CircularProgress, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { intlLocale } from '../../resources/common/locale.ts';
import { apiJson } from './api.ts';
import { ListTable, type Column } from '../../resources/common/ListTable.tsx';
import { BasisDetail, type BasisDetailRecord } from './BasisDetail.tsx';
import { ExportButtons } from './FileButtons.tsx';
import { RecordSelect, useChoices, type Option } from './RecordSelect.tsx';
import { RESOURCES } from '../../resources/resource-names.ts';
import { formatDate, ScreenCard, useApiError, usePolling } from './components.tsx';
import { formatDuration, type ChipColour } from './helpers.ts';
import { jobErrorText } from '../../i18n/localize-server.ts';

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
  // The latest requested run (null: never requested). Optional: the in-browser demo answers without it.
  status?: 'enqueued' | 'running' | 'completed' | 'failed' | null;
  phase?: string | null;
  progress?: number | null;
  error?: string | null;
  // The last completed run's results, kept while a new run is enqueued or running.
  ran: boolean;
  ranAt: string | null;
  ranBy: string | null;
  analysisDate: string | null;
  findings: number;
  durationMs: number | null;
  stale: boolean;
  checks: BasisCheck[];
}

interface BasisFindingRecord extends BasisDetailRecord {
  id: string;
  checkId: string;
  holder: string;
  title: string;
  explanation: string;
  severity: string;
  category: string;
}

/** A run the server is still working on: the screen polls it and offers no second run. */
const isActive = (r: BasisRun | null): boolean => r?.status === 'enqueued' || r?.status === 'running';
const POLL_MS = 1000;

export const severityColour = (s: string): ChipColour => (s === 'CRITICAL' ? 'error' : s === 'HIGH' ? 'warning' : s === 'MEDIUM' ? 'info' : 'default');

/** Basis analysis (/app/report/basis): the last run of the basis checks on a period, run now, findings, export. */
export default function Basis() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const [locale] = useLocaleState();
  const periods = useChoices<Option>(RESOURCES.systemPeriods.name, { field: 'periodDate', order: 'DESC' }, { status: 'ready' });
  const [periodId, setPeriodId] = useState('');
  const [run, setRun] = useState<BasisRun | null>(null);
  const [starting, setStarting] = useState(false);
  const [checkId, setCheckId] = useState('');
  const refresh = useRefresh();
  // Answers for a period no longer shown (the user switched meanwhile) are dropped.
  const shown = useRef(periodId);
  useEffect(() => {
    shown.current = periodId;
  }, [periodId]);
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
  }, [periodId, apiError]);

  /** A run has ended: the findings list shows its results (or still the previous ones). */
  const finished = useCallback(
    (r: BasisRun) => {
      refresh();
      if (r.status === 'failed') notify('segra.analysis.errors.basis', { type: 'error' });
      else notify('segra.analysis.basis.done', { type: 'success' });
    },
    [notify, refresh],
  );
  const reread = useCallback(
    async (id: string): Promise<BasisRun | null> => {
      const r = await apiJson<BasisRun>(`/api/system-periods/${id}/basis`);
      if (shown.current !== id) return null;
      setRun(r);
      return r;
    },
    [],
  );
  const poll = useCallback(() => {
    const id = shown.current;
    reread(id)
      .then((r) => r && !isActive(r) && finished(r))
      .catch((e: unknown) => apiError(e, 'segra.analysis.errors.load'));
  }, [reread, finished, apiError]);
  usePolling(poll, POLL_MS, isActive(run));

  const runNow = async () => {
    const id = periodId;
    setStarting(true);
    try {
      const r = await apiJson<BasisRun>(`/api/system-periods/${id}/basis`, 'POST', {});
      if (shown.current !== id) return;
      setRun(r);
      // The server answers enqueued and the poll follows the run; the demo answers it completed.
      if (!isActive(r)) finished(r);
    } catch (e) {
      const code = e instanceof HttpError ? (e.body as { code?: string } | undefined)?.code : undefined;
      if (code === 'BASIS_RUNNING') {
        // Someone else started it: follow that run instead.
        notify('segra.analysis.basis.already_running', { type: 'info' });
        await reread(id).catch(() => null);
      } else apiError(e, 'segra.analysis.errors.basis');
    } finally {
      setStarting(false);
    }
  };
  const busy = starting || isActive(run);
  const phaseLabel = (p: string | null | undefined) => (p ? translate(`segra.analysis.basis.phase.${p}`, { _: p }) : null);
  const checkOf = (id: string) => run?.checks.find((c) => c.id === id);
  // The catalogue's words in the UI's language (issue 15); the engine's English as the fallback.
  const checkText = (id: string, part: 'title' | 'explanation' | 'unavailable', fallback: string) => translate(`segra.basis_checks.${id}.${part}`, { _: fallback });
  const columns: Column<BasisFindingRecord>[] = [
    { key: 'checkId', label: 'segra.analysis.basis.check', sortable: true },
    { key: 'holder', label: 'segra.analysis.fields.holder', sortable: true },
    { key: 'detail', label: 'segra.analysis.basis.detail', render: (r) => <BasisDetail record={r} /> },
    { key: 'severity', label: 'segra.analysis.basis.severity', sortable: true, render: (r) => <Chip size="small" color={severityColour(r.severity)} label={translate(`segra.analysis.severity.${r.severity}`, { _: r.severity })} /> },
    { key: 'title', label: 'segra.analysis.basis.title', sortable: true, render: (r) => checkText(r.checkId, 'title', r.title) },
  ];
  return (
    <ScreenCard titleKey="segra.screens.report_basis">
      <Flex direction="row" gap={2} alignItems="center" flexWrap="wrap" sx={{ mb: 2 }}>
        <RecordSelect label="segra.analysis.fields.system_period" value={periodId} options={periods} onChange={(id) => { setPeriodId(id); setCheckId(''); }} testId="basis-period" />
        <Button variant="contained" disabled={!periodId || busy} onClick={() => void runNow()} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          {translate(busy ? 'segra.analysis.basis.running' : 'segra.analysis.basis.run')}
        </Button>
        {run?.ran && <ExportButtons resource={RESOURCES.systemPeriods.name} id={periodId} path="basis/export" name="basis" />}
      </Flex>
      {run && isActive(run) && (
        <Box sx={{ mb: 2, maxWidth: 480 }} data-testid="basis-status">
          <LinearProgress
            variant={run.status === 'running' && run.progress != null ? 'determinate' : 'indeterminate'}
            value={run.progress ?? 0}
            aria-label={translate(`segra.analysis.status.${run.status}`)}
          />
          <Typography variant="caption" color="text.secondary">
            {[translate(`segra.analysis.status.${run.status}`), run.status === 'running' ? phaseLabel(run.phase) : null, run.status === 'running' && run.progress != null ? `${Math.round(run.progress)} %` : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {run.ran && <Typography variant="body2" color="text.secondary">{translate('segra.analysis.basis.previous')}</Typography>}
        </Box>
      )}
      {run?.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="basis-error">
          {translate('segra.analysis.basis.failed', { error: jobErrorText(run.error, translate) ?? '—' })}
        </Alert>
      )}
      {run && !run.ran && !isActive(run) && <Alert severity="info" sx={{ mb: 2 }}>{translate('segra.analysis.basis.not_run')}</Alert>}
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
                  <TableCell>{checkText(c.id, 'title', c.title)}</TableCell>
                  <TableCell><Chip size="small" color={severityColour(c.severity)} label={translate(`segra.analysis.severity.${c.severity}`, { _: c.severity })} /></TableCell>
                  <TableCell sx={{ maxWidth: 480 }}>
                    {checkText(c.id, 'explanation', c.explanation)}
                    {!c.available && c.unavailableReason && <Typography variant="caption" color="text.secondary" component="div">{checkText(c.id, 'unavailable', c.unavailableReason)}</Typography>}
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
          {checkId && checkOf(checkId) && <Alert severity="info" sx={{ mb: 1 }}>{checkText(checkId, 'explanation', checkOf(checkId)!.explanation)}</Alert>}
          <ListTable<BasisFindingRecord>
            resource="basis-findings"
            testId="basis-findings"
            columns={columns}
            defaultSort={['checkId', 'ASC']}
            filter={{ systemPeriodId: periodId, checkId: checkId ? [checkId] : undefined }}
            expand={(r) => <Typography variant="body2">{checkText(r.checkId, 'explanation', r.explanation)}</Typography>}
          />
        </>
      )}
    </ScreenCard>
  );
}
