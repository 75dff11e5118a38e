import { Box, Button, Chip, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { intlLocale } from '../../resources/common/locale.ts';
import { apiJson, apiList } from './api.ts';
import { DataQualityLink } from '../data-quality/DataQualityLink.tsx';
import { UploadButton } from './FileButtons.tsx';
import { PagedTable, type Column } from './PagedTable.tsx';
import { RecordSelect, useOptions, type Option } from './RecordSelect.tsx';
import { ConfirmButton, formatDate, ScreenCard, useActiveCustomer, useApiError } from './components.tsx';
import { periodStatusColour, periodStatusKey } from './helpers.ts';
import { ImportWarnings } from './ImportWarnings.tsx';
import { PeriodForm } from './PeriodForm.tsx';
import { PeriodUsage } from '../usage/PeriodUsage.tsx';
import { jobErrorText } from '../../i18n/localize-server.ts';

export interface PeriodRecord {
  id: string;
  name: string;
  periodDate: string;
  systemId?: string;
  status: string;
  progress: number | null;
  error: unknown;
  rowCounts?: Record<string, number> | null;
  /** The data-quality warnings of the last import (DESIGN 4.1a). */
  warnings?: unknown;
  importedAt?: string | null;
}

/** Status chip, progress while importing, the import error (file, line, column) when failed. */
export function PeriodStatus({ row }: { row: PeriodRecord }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 140 }}>
      <Chip size="small" color={periodStatusColour(row.status)} label={translate(periodStatusKey(row.status))} data-testid="period-status" />
      {row.status === 'importing' && (
        <LinearProgress variant="determinate" value={Math.max(0, Math.min(100, row.progress ?? 0))} sx={{ mt: 0.5 }} aria-label={translate('segra.analysis.period_status.importing')} />
      )}
      {row.status === 'failed' && jobErrorText(row.error, translate) && (
        <Typography variant="caption" color="error" component="div" sx={{ mt: 0.5, maxWidth: 420, whiteSpace: 'pre-wrap' }} data-testid="import-error">
          {jobErrorText(row.error, translate)}
        </Typography>
      )}
      {row.status !== 'importing' && <ImportWarnings warnings={row.warnings} />}
    </Box>
  );
}

/** System periods (/app/system/period): list, create, upload an extract (progress, then import polling), delete. */
export default function SystemPeriods() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const [locale] = useLocaleState();
  const customer = useActiveCustomer();
  const [creating, setCreating] = useState(false);
  const [systemId, setSystemId] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  const systems = useOptions<Option>('/api/systems');
  const systemName = (id?: string) => {
    const s = systems?.find((o) => o.id === id);
    return s ? String(s.sid ?? s.name ?? id) : '—';
  };
  const columns: Column<PeriodRecord>[] = [
    { key: 'name', label: 'segra.analysis.fields.name', sortable: true },
    { key: 'periodDate', label: 'segra.analysis.fields.period_date', sortable: true, render: (r) => formatDate(r.periodDate, intlLocale(locale)) },
    { key: 'systemId', label: 'segra.analysis.fields.system', render: (r) => systemName(r.systemId) },
    { key: 'status', label: 'segra.analysis.fields.status', sortable: true, render: (r) => <PeriodStatus row={r} /> },
    { key: 'importedAt', label: 'segra.analysis.fields.imported_at', render: (r) => formatDate(r.importedAt, intlLocale(locale), true) },
    { key: 'usage', label: 'segra.usage.title', render: (r) => <PeriodUsage periodId={r.id} disabled={r.status === 'importing'} /> },
  ];
  return (
    <ScreenCard
      titleKey="segra.screens.system_period"
      actions={<Button variant="contained" onClick={() => setCreating((c) => !c)}>{translate('segra.analysis.common.create')}</Button>}
    >
      {creating && (
        <PeriodForm
          extraValid={systemId !== ''}
          onCancel={() => setCreating(false)}
          extra={
            <RecordSelect label="segra.analysis.fields.system" value={systemId} options={systems} optionLabel={(o) => String(o.sid ?? o.name)} onChange={setSystemId} testId="system-picker" minWidth={180} />
          }
          onSubmit={async (v) => {
            try {
              await apiJson('/api/system-periods', 'POST', { ...v, systemId });
              notify('segra.analysis.common.created', { type: 'success' });
              setCreating(false);
              setReloadKey((k) => k + 1);
            } catch (e) {
              apiError(e, 'segra.analysis.errors.period_save');
            }
          }}
        />
      )}
      <PagedTable<PeriodRecord>
        testId="system-periods"
        columns={columns}
        reloadKey={`${reloadKey}-${customer}`}
        defaultSort={['periodDate', 'DESC']}
        load={(p) => apiList<PeriodRecord>('/api/system-periods', p)}
        pollWhile={(rows) => rows.some((r) => r.status === 'importing')}
        rowActions={(row, reload) => (
          <>
            <DataQualityLink periodId={row.id} disabled={row.status !== 'ready'} />
            <UploadButton url={`/api/system-periods/${row.id}/extract`} label="segra.analysis.upload.extract" disabled={row.status === 'importing'} onUploaded={reload} />
            <ConfirmButton
              label="segra.analysis.common.delete"
              title="segra.analysis.common.delete_title"
              disabled={row.status === 'importing'}
              onConfirm={async () => {
                try {
                  await apiJson(`/api/system-periods/${row.id}`, 'DELETE');
                  notify('segra.analysis.common.deleted', { type: 'info' });
                  reload();
                } catch (e) {
                  apiError(e, 'segra.analysis.errors.period_delete');
                }
              }}
            />
          </>
        )}
      />
    </ScreenCard>
  );
}
