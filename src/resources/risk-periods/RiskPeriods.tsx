import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { intlLocale } from '../../resources/common/locale.ts';
import { apiJson, apiList, downloadFile } from './api.ts';
import { UploadButton } from './FileButtons.tsx';
import { PagedTable, type Column } from './PagedTable.tsx';
import { ConfirmButton, formatDate, ScreenCard, useActiveCustomer, useApiError } from './components.tsx';
import { PeriodForm } from './PeriodForm.tsx';
import { PeriodStatus, type PeriodRecord } from './SystemPeriods.tsx';

/** Risk periods (/app/risk/period): list, create, upload and export a ruleset, copy, delete. */
export default function RiskPeriods() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const [locale] = useLocaleState();
  const customer = useActiveCustomer();
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<PeriodRecord | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const exportAs = async (row: PeriodRecord, format: 'zip' | 'xlsx') => {
    try {
      await downloadFile(`/api/risk-periods/${row.id}/ruleset?format=${format}`, `${row.name}.${format}`);
    } catch (e) {
      apiError(e, 'segra.analysis.errors.export');
    }
  };
  const columns: Column<PeriodRecord>[] = [
    { key: 'name', label: 'segra.analysis.fields.name', sortable: true },
    { key: 'periodDate', label: 'segra.analysis.fields.period_date', sortable: true, render: (r) => formatDate(r.periodDate, intlLocale(locale)) },
    { key: 'status', label: 'segra.analysis.fields.status', sortable: true, render: (r) => <PeriodStatus row={r} /> },
    { key: 'importedAt', label: 'segra.analysis.fields.imported_at', render: (r) => formatDate(r.importedAt, intlLocale(locale), true) },
  ];
  return (
    <ScreenCard
      titleKey="segra.screens.risk_period"
      actions={<Button variant="contained" onClick={() => setCreating((c) => !c)}>{translate('segra.analysis.common.create')}</Button>}
    >
      {creating && (
        <PeriodForm
          onCancel={() => setCreating(false)}
          onSubmit={async (v) => {
            try {
              await apiJson('/api/risk-periods', 'POST', v);
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
        testId="risk-periods"
        columns={columns}
        reloadKey={`${reloadKey}-${customer}`}
        defaultSort={['periodDate', 'DESC']}
        load={(p) => apiList<PeriodRecord>('/api/risk-periods', p)}
        pollWhile={(rows) => rows.some((r) => r.status === 'importing')}
        rowActions={(row, reload) => (
          <>
            <UploadButton url={`/api/risk-periods/${row.id}/ruleset`} label="segra.analysis.upload.ruleset" disabled={row.status === 'importing'} onUploaded={reload} />
            <Button size="small" disabled={row.status !== 'ready'} onClick={() => void exportAs(row, 'zip')}>
              {translate('segra.analysis.risk_period.export_zip')}
            </Button>
            <Button size="small" disabled={row.status !== 'ready'} onClick={() => void exportAs(row, 'xlsx')}>
              {translate('segra.analysis.risk_period.export_xlsx')}
            </Button>
            <Button size="small" disabled={row.status === 'importing'} onClick={() => setCopying(row)}>
              {translate('segra.analysis.risk_period.copy')}
            </Button>
            <ConfirmButton
              label="segra.analysis.common.delete"
              title="segra.analysis.common.delete_title"
              disabled={row.status === 'importing'}
              onConfirm={async () => {
                try {
                  await apiJson(`/api/risk-periods/${row.id}`, 'DELETE');
                  notify('segra.analysis.common.deleted', { type: 'info' });
                  reload();
                } catch (e) {
                  apiError(e, 'segra.analysis.errors.risk_delete');
                }
              }}
            />
          </>
        )}
      />
      <Dialog open={copying !== null} onClose={() => setCopying(null)} maxWidth="md">
        <DialogTitle>{translate('segra.analysis.risk_period.copy_title', { name: copying?.name ?? '' })}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {copying && (
            <PeriodForm
              initialName={`${copying.name} (2)`}
              submitLabel="segra.analysis.risk_period.copy"
              onCancel={() => setCopying(null)}
              onSubmit={async (v) => {
                try {
                  await apiJson(`/api/risk-periods/${copying.id}/copy`, 'POST', v);
                  notify('segra.analysis.risk_period.copied', { type: 'success' });
                  setCopying(null);
                  setReloadKey((k) => k + 1);
                } catch (e) {
                  apiError(e, 'segra.analysis.errors.period_save');
                }
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </ScreenCard>
  );
}
