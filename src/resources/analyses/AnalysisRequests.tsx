import { Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import { useDelete, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { intlLocale } from '../common/locale.ts';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { ListTable, type Column } from '../common/ListTable.tsx';
import { RESOURCES } from '../resource-names.ts';
import { maySetCustomerDefault, useShownAnalysis } from './ShownAnalysis.tsx';
import { ExportButtons } from '../../custom-pages/analysis/FileButtons.tsx';
import { useChoices, type Option } from '../../custom-pages/analysis/RecordSelect.tsx';
import { ConfirmButton, formatDate, ScreenCard, useApiError } from '../../custom-pages/analysis/components.tsx';
import { durationBetween, formatDuration, isActive, normaliseStatus, statusColour, statusLabelKey } from '../../custom-pages/analysis/helpers.ts';
import { jobErrorText } from '../../i18n/localize-server.ts';
import { ImportWarnings } from '../system-periods/ImportWarnings.tsx';
import { coveredSystems, type CoveredSystem } from './analysis-systems.ts';

export interface AnalysisRecord {
  id: string;
  name: string;
  description: string;
  systemPeriodId: string;
  riskPeriodId: string;
  level: string;
  mode: string;
  status: string;
  progress: number | null;
  phase: string | null;
  error: unknown;
  counts: Record<string, number> | null;
  /** The systems and periods a cross-system analysis covers, in SID order (DESIGN 5.18); [] for one system. */
  systems?: CoveredSystem[];
  /** The input warnings that applied (DESIGN 4.1b): [{ code, table, count, examples }]; null before they were kept. */
  warnings?: unknown;
  createdBy: string | null;
  createdAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** The status chip of an analysis, with the progress and phase while it runs. */
export function AnalysisStatusCell({ row }: { row: AnalysisRecord }) {
  const translate = useTranslate();
  const status = normaliseStatus(row.status);
  return (
    <Box sx={{ minWidth: 150 }}>
      <Chip size="small" color={statusColour(status)} label={translate(statusLabelKey(status))} data-testid="analysis-status" />
      {status === 'running' && (
        <>
          <LinearProgress variant={row.progress == null ? 'indeterminate' : 'determinate'} value={row.progress ?? 0} sx={{ mt: 0.5 }} aria-label={translate('segra.analysis.status.running')} />
          <Typography variant="caption" component="div">
            {[row.phase ? translate(`segra.server.analysis_phase.${row.phase.replace(/ /g, '_')}`, { _: row.phase }) : null, row.progress != null ? `${Math.round(row.progress)} %` : null].filter(Boolean).join(' · ')}
          </Typography>
        </>
      )}
      {/* What the result is read with: the inputs' warnings, worded as the import screens word them. */}
      {status === 'completed' && <ImportWarnings warnings={row.warnings} />}
      {status === 'enqueued' && <LinearProgress sx={{ mt: 0.5 }} aria-label={translate('segra.analysis.status.enqueued')} />}
      {status === 'failed' && jobErrorText(row.error, translate) && (
        <Typography variant="caption" color="error" component="div" sx={{ maxWidth: 320 }}>
          {jobErrorText(row.error, translate)}
        </Typography>
      )}
    </Box>
  );
}

/** Analysis requests (/app/reports/analyze-request): status, progress, timings, cancel, delete, export, default analysis. */
export default function AnalysisRequests() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const dataProvider = useSegraDataProvider();
  const [remove] = useDelete();
  // The customer's default analysis, marked here and set here by whom the page's update flag allows.
  const { answer, setCustomerDefault, reload: reloadShown } = useShownAnalysis();
  const current = answer?.customerDefault ?? null;
  const maySetDefault = maySetCustomerDefault();
  const systemPeriods = useChoices<Option>(RESOURCES.systemPeriods.name, { field: 'periodDate', order: 'DESC' });
  const riskPeriods = useChoices<Option>(RESOURCES.riskPeriods.name, { field: 'periodDate', order: 'DESC' });
  const nameOf = (list: Option[] | null, id: string) => list?.find((o) => o.id === id)?.name ?? '—';
  const loc = intlLocale(locale);
  const columns: Column<AnalysisRecord>[] = [
    { key: 'name', label: 'segra.analysis.fields.name', sortable: true, render: (r) => (
      <Box>
        <Typography variant="body2" sx={{ fontWeight: current?.analysisId === r.id ? 700 : 400 }}>{r.name}</Typography>
        {current?.analysisId === r.id && <Chip size="small" color="primary" variant="outlined" label={translate('segra.analysis.default.is_default')} />}
      </Box>
    ) },
    { key: 'status', label: 'segra.analysis.fields.status', sortable: true, render: (r) => <AnalysisStatusCell row={r} /> },
    {
      key: 'periods',
      label: 'segra.analysis.fields.periods',
      render: (r) => {
        const systems = coveredSystems(r);
        if (systems.length === 0) return `${nameOf(systemPeriods, r.systemPeriodId)} / ${nameOf(riskPeriods, r.riskPeriodId)}`;
        // A cross-system analysis: each system with its period, then the ruleset.
        return (
          <Box data-testid="analysis-systems">
            <Chip size="small" variant="outlined" color="info" label={translate('segra.cross_system.cross_system')} sx={{ mb: 0.5 }} />
            {systems.map((s) => (
              <Typography key={s.sid} variant="body2" component="div">
                <strong>{s.sid}</strong>: {nameOf(systemPeriods, s.systemPeriodId)}
              </Typography>
            ))}
            <Typography variant="body2" component="div">/ {nameOf(riskPeriods, r.riskPeriodId)}</Typography>
          </Box>
        );
      },
    },
    { key: 'level', label: 'segra.analysis.fields.level', sortable: true, render: (r) => `${translate(`segra.analysis.level.${r.level}`)} · ${translate(`segra.analysis.mode.${r.mode}`)}` },
    { key: 'findings', label: 'segra.analysis.fields.findings', align: 'right', render: (r) => (r.counts?.findings ?? r.counts?.total ?? '—') as string | number },
    { key: 'createdAt', label: 'segra.analysis.fields.created_at', sortable: true, render: (r) => formatDate(r.createdAt, loc, true) },
    { key: 'startedAt', label: 'segra.analysis.fields.started_at', sortable: true, render: (r) => formatDate(r.startedAt, loc, true) },
    { key: 'finishedAt', label: 'segra.analysis.fields.finished_at', sortable: true, render: (r) => formatDate(r.finishedAt, loc, true) },
    { key: 'duration', label: 'segra.analysis.fields.duration', render: (r) => formatDuration(durationBetween(r.startedAt, r.finishedAt)) },
  ];
  return (
    <ScreenCard
      titleKey="segra.screens.analyze_request"
      actions={<Button variant="contained" onClick={() => navigate('/app/reports/create')}>{translate('segra.analysis.requests.new')}</Button>}
    >
      <ListTable<AnalysisRecord>
        resource={RESOURCES.analyses.name}
        testId="analysis-requests"
        columns={columns}
        defaultSort={['createdAt', 'DESC']}
        pollWhile={(rows) => rows.some((r) => isActive(r.status))}
        pollMs={2000}
        rowActions={(row, reload) => (
          // Stacked, so the column stays narrow: side by side they pushed Delete out of the table (issue 15 item 9).
          <Box data-testid="analysis-actions" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.5, minWidth: 140 }}>
            {row.status === 'completed' && current?.analysisId !== row.id && maySetDefault && (
              <Button size="small" onClick={() => void setCustomerDefault(row.id).then((done) => done && notify('segra.analysis.default.set_done', { type: 'info' }))}>
                {translate('segra.analysis.default.set')}
              </Button>
            )}
            {row.status === 'completed' && <ExportButtons wordedXlsx resource={RESOURCES.analyses.name} id={row.id} path="export" name={row.name} />}
            {isActive(row.status) && (
              <ConfirmButton
                label="segra.analysis.requests.cancel"
                title="segra.analysis.requests.cancel_title"
                content="segra.analysis.requests.cancel_confirm"
                confirmLabel="segra.analysis.requests.cancel_do"
                cancelLabel="segra.analysis.requests.cancel_keep"
                color="warning"
                onConfirm={async () => {
                  try {
                    await dataProvider.postAction(RESOURCES.analyses.name, { id: row.id, path: 'cancel' });
                    notify('segra.analysis.requests.canceled', { type: 'info' });
                    reload();
                  } catch (e) {
                    apiError(e, 'segra.analysis.errors.cancel');
                  }
                }}
              />
            )}
            {row.status !== 'running' && (
              <ConfirmButton
                label="segra.analysis.common.delete"
                title="segra.analysis.common.delete_title"
                onConfirm={async () => {
                  try {
                    await remove(RESOURCES.analyses.name, { id: row.id, previousData: row }, { returnPromise: true });
                    // The server drops a choice of the deleted analysis: read again what is shown.
                    void reloadShown();
                    notify('segra.analysis.common.deleted', { type: 'info' });
                  } catch (e) {
                    apiError(e, 'segra.analysis.errors.analysis_delete');
                  }
                }}
              />
            )}
          </Box>
        )}
      />
    </ScreenCard>
  );
}
