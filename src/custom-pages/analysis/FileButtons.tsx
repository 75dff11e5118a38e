import { Box, Button, LinearProgress, Tooltip } from '@mui/material';
import { useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { useApiError } from './components.tsx';
import { checkUploadFiles } from './helpers.ts';

/**
 * Upload of an extract, a ruleset or a usage export to a record's `path` (the data provider's
 * uploadFiles), with a progress bar.
 */
export function UploadButton({
  resource,
  id,
  path,
  label,
  onUploaded,
  disabled,
  testId = 'upload-input',
  fields,
}: {
  /** The react-admin resource and record that take the files. */
  resource: string;
  id: string;
  path: string;
  label: string;
  onUploaded: () => void;
  disabled?: boolean;
  /** The file input's test id (a second upload in the same row needs its own). */
  testId?: string;
  /** Form fields sent with the files (the extract's choices). */
  fields?: Record<string, string>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const dataProvider = useSegraDataProvider();
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
      await dataProvider.uploadFiles(resource, { id, path, files, onProgress: setPercent, ...(fields ? { fields } : {}) });
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
          data-testid={testId}
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

/**
 * CSV and XLSX download buttons for an export (`<resource>[/<id>]/<path>?<query>&format=`, the
 * data provider's downloadFile); with `pdf`, also the PDF report, written by the server in the
 * UI's current language (`lang=`); with `wordedXlsx`, the xlsx is asked for in it too (an
 * analysis's findings: its WARNINGS sheet says what each warning means).
 */
export function ExportButtons({
  resource,
  id,
  path,
  query,
  name,
  disabled,
  pdf,
  wordedXlsx,
}: {
  /** The react-admin resource (and record) whose sub-path `path` answers the export. */
  resource: string;
  id?: string;
  path: string;
  query?: Record<string, string>;
  name: string;
  disabled?: boolean;
  pdf?: boolean;
  wordedXlsx?: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const apiError = useApiError();
  const dataProvider = useSegraDataProvider();
  const [busy, setBusy] = useState(false);
  const go = async (format: 'csv' | 'xlsx' | 'pdf') => {
    setBusy(true);
    try {
      const lang: Record<string, string> = format === 'pdf' || (wordedXlsx && format === 'xlsx') ? { lang: locale } : {};
      await dataProvider.downloadFile(resource, { id, path, query: { ...query, format, ...lang }, name: `${name}.${format}` });
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
      {pdf && (
        <Button size="small" variant="outlined" disabled={disabled || busy} onClick={() => void go('pdf')}>
          {translate('segra.analysis.common.export_pdf')}
        </Button>
      )}
    </>
  );
}
