import { Box, Button, Checkbox, Chip, FormControlLabel, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { intlLocale } from '../common/locale.ts';
import { DataQualityLink } from '../../custom-pages/data-quality/DataQualityLink.tsx';
import { UploadButton } from '../../custom-pages/analysis/FileButtons.tsx';
import { RecordSelect, useChoices, type Option } from '../../custom-pages/analysis/RecordSelect.tsx';
import { formatDate, ScreenCard, useApiError } from '../../custom-pages/analysis/components.tsx';
import { periodStatusColour, periodStatusKey } from '../../custom-pages/analysis/helpers.ts';
import { PeriodUsage } from '../../custom-pages/usage/PeriodUsage.tsx';
import { jobErrorText } from '../../i18n/localize-server.ts';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { Column, EmbeddedList } from '../common/EmbeddedList.tsx';
import { RESOURCES } from '../resource-names.ts';
import { ImportWarnings } from './ImportWarnings.tsx';
import { PeriodForm } from './PeriodForm.tsx';
import { DeleteRowButton } from '../common/DeleteRowButton.tsx';

const RESOURCE = RESOURCES.systemPeriods.name;

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

/** Periods are polled while one of them imports. */
export const importing = (rows: PeriodRecord[]): boolean => rows.some((r) => r.status === 'importing');

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

/** A period's data-quality link, extract upload and delete (after the confirmation). */
function PeriodActions({ row }: { row: PeriodRecord }) {
  const refresh = useRefresh();
  const translate = useTranslate();
  // DESIGN 4.1b: data without a user master is refused unless the uploader says its users are valid.
  const [assumeUsersValid, setAssumeUsersValid] = useState(false);
  return (
    <>
      <DataQualityLink periodId={row.id} disabled={row.status !== 'ready'} />
      <UploadButton
        resource={RESOURCE}
        id={row.id}
        path="extract"
        label="segra.analysis.upload.extract"
        disabled={row.status === 'importing'}
        onUploaded={refresh}
        fields={assumeUsersValid ? { assumeUsersValid: 'true' } : undefined}
      />
      <FormControlLabel
        control={<Checkbox size="small" checked={assumeUsersValid} onChange={(e) => setAssumeUsersValid(e.target.checked)} data-testid="assume-users-valid" />}
        label={<Typography variant="caption">{translate('segra.analysis.upload.assume_users_valid')}</Typography>}
      />
      <DeleteRowButton resource={RESOURCE} row={row} errorKey="segra.analysis.errors.period_delete" disabled={row.status === 'importing'} />
    </>
  );
}

/** System periods (/app/system/period): list, create, upload an extract (progress, then import polling), delete. */
export default function SystemPeriods() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const apiError = useApiError();
  const dataProvider = useSegraDataProvider();
  const [locale] = useLocaleState();
  const [creating, setCreating] = useState(false);
  const [systemId, setSystemId] = useState('');
  const systems = useChoices<Option>(RESOURCES.systems.name, { field: 'sid', order: 'ASC' });
  const systemName = (id?: string) => {
    const s = systems?.find((o) => o.id === id);
    return s ? String(s.sid ?? s.name ?? id) : '—';
  };
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
              await dataProvider.create(RESOURCE, { data: { ...v, systemId } });
              notify('segra.analysis.common.created', { type: 'success' });
              setCreating(false);
              refresh();
            } catch (e) {
              apiError(e, 'segra.analysis.errors.period_save');
            }
          }}
        />
      )}
      <SystemPeriodList systemName={systemName} locale={intlLocale(locale)} />
    </ScreenCard>
  );
}

/** The periods: name, date, system, import status, usage table, actions; polled while one imports. */
function SystemPeriodList({ systemName, locale }: { systemName: (id?: string) => string; locale: string }) {
  return (
    <EmbeddedList<PeriodRecord> resource={RESOURCE} testId="system-periods" sort={{ field: 'periodDate', order: 'DESC' }} pollWhile={importing}>
      <Column<PeriodRecord> source="name" label="segra.analysis.fields.name" render={(r) => r.name} />
      <Column<PeriodRecord> source="periodDate" label="segra.analysis.fields.period_date" render={(r) => formatDate(r.periodDate, locale)} />
      <Column<PeriodRecord> label="segra.analysis.fields.system" sortable={false} render={(r) => systemName(r.systemId)} />
      <Column<PeriodRecord> source="status" label="segra.analysis.fields.status" render={(r) => <PeriodStatus row={r} />} />
      <Column<PeriodRecord> label="segra.analysis.fields.imported_at" sortable={false} render={(r) => formatDate(r.importedAt, locale, true)} />
      <Column<PeriodRecord> label="segra.usage.title" sortable={false} render={(r) => <PeriodUsage periodId={r.id} disabled={r.status === 'importing'} />} />
      <Column<PeriodRecord> label="segra.analysis.common.actions" sortable={false} textAlign="right" stopClick render={(r) => <PeriodActions row={r} />} />
    </EmbeddedList>
  );
}
