import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { intlLocale } from '../common/locale.ts';
import { UploadButton } from '../../custom-pages/analysis/FileButtons.tsx';
import { formatDate, ScreenCard, useApiError } from '../../custom-pages/analysis/components.tsx';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { Column, EmbeddedList } from '../common/EmbeddedList.tsx';
import { RESOURCES } from '../resource-names.ts';
import { PeriodForm } from '../system-periods/PeriodForm.tsx';
import { importing, PeriodStatus, type PeriodRecord } from '../system-periods/SystemPeriods.tsx';
import { DeleteRowButton } from '../common/DeleteRowButton.tsx';

const RESOURCE = RESOURCES.riskPeriods.name;

/** A ruleset's upload, its exports (zip, xlsx), copy and delete (after the confirmation). */
function RulesetActions({ row, onCopy }: { row: PeriodRecord; onCopy: (row: PeriodRecord) => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const apiError = useApiError();
  const dataProvider = useSegraDataProvider();
  const exportAs = async (format: 'zip' | 'xlsx') => {
    try {
      await dataProvider.downloadFile(RESOURCE, { id: row.id, path: 'ruleset', query: { format }, name: `${row.name}.${format}` });
    } catch (e) {
      apiError(e, 'segra.analysis.errors.export');
    }
  };
  return (
    <>
      <UploadButton resource={RESOURCE} id={row.id} path="ruleset" label="segra.analysis.upload.ruleset" disabled={row.status === 'importing'} onUploaded={refresh} />
      <Button size="small" disabled={row.status !== 'ready'} onClick={() => void exportAs('zip')}>
        {translate('segra.analysis.risk_period.export_zip')}
      </Button>
      <Button size="small" disabled={row.status !== 'ready'} onClick={() => void exportAs('xlsx')}>
        {translate('segra.analysis.risk_period.export_xlsx')}
      </Button>
      <Button size="small" disabled={row.status === 'importing'} onClick={() => onCopy(row)}>
        {translate('segra.analysis.risk_period.copy')}
      </Button>
      <DeleteRowButton resource={RESOURCE} row={row} errorKey="segra.analysis.errors.risk_delete" disabled={row.status === 'importing'} />
    </>
  );
}

/** Risk periods (/app/risk/period): list, create, upload and export a ruleset, copy, delete. */
export default function RiskPeriods() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const apiError = useApiError();
  const dataProvider = useSegraDataProvider();
  const [locale] = useLocaleState();
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<PeriodRecord | null>(null);
  const at = intlLocale(locale);
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
              await dataProvider.create(RESOURCE, { data: v });
              notify('segra.analysis.common.created', { type: 'success' });
              setCreating(false);
              refresh();
            } catch (e) {
              apiError(e, 'segra.analysis.errors.period_save');
            }
          }}
        />
      )}
      <EmbeddedList<PeriodRecord> resource={RESOURCE} testId="risk-periods" sort={{ field: 'periodDate', order: 'DESC' }} pollWhile={importing}>
        <Column<PeriodRecord> source="name" label="segra.analysis.fields.name" render={(r) => r.name} />
        <Column<PeriodRecord> source="periodDate" label="segra.analysis.fields.period_date" render={(r) => formatDate(r.periodDate, at)} />
        <Column<PeriodRecord> source="status" label="segra.analysis.fields.status" render={(r) => <PeriodStatus row={r} />} />
        <Column<PeriodRecord> label="segra.analysis.fields.imported_at" sortable={false} render={(r) => formatDate(r.importedAt, at, true)} />
        <Column<PeriodRecord> label="segra.analysis.common.actions" sortable={false} textAlign="right" stopClick render={(r) => <RulesetActions row={r} onCopy={setCopying} />} />
      </EmbeddedList>
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
                  await dataProvider.postAction(RESOURCE, { id: copying.id, path: 'copy', data: v });
                  notify('segra.analysis.risk_period.copied', { type: 'success' });
                  setCopying(null);
                  refresh();
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
