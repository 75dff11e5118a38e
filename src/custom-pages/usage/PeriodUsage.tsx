import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiJson } from '../analysis/api.ts';
import { UploadButton } from '../analysis/FileButtons.tsx';
import { ConfirmButton, usePolling, useApiError } from '../analysis/components.tsx';
import { periodStatusColour } from '../analysis/helpers.ts';
import { jobErrorText } from '../../i18n/localize-server.ts';
import { RESOURCES } from '../../resources/resource-names.ts';

/** GET /api/system-periods/:id/usage (server/modules/usage/usage-routes.ts). */
export interface PeriodUsageRecord {
  status: 'empty' | 'importing' | 'ready' | 'failed';
  progress: number;
  error: unknown;
  warnings: Array<{ code: string; table: string; count: number; examples: string[] }>;
  fileName: string | null;
  rows: number | null;
  users: number | null;
  tcodes: number | null;
  firstDay: string | null;
  lastDay: string | null;
}

/** The answer when it is a usage record (a server without usage answers otherwise: shown as none). */
function asUsage(value: unknown): PeriodUsageRecord | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const u = value as Partial<PeriodUsageRecord>;
  if (typeof u.status !== 'string') return null;
  return { ...(u as PeriodUsageRecord), warnings: Array.isArray(u.warnings) ? u.warnings : [], rows: typeof u.rows === 'number' ? u.rows : null };
}

const KNOWN_WARNINGS = ['USER_NOT_IN_USR02', 'USAGE_ROW_WITHOUT_USER_OR_TCODE'];

/**
 * A system period's usage table (issue 17) in its row of the periods list: status, progress,
 * the error (file, line, column), warnings, and its own upload (a STAD / ST03N / SM20 export).
 */
export function PeriodUsage({ periodId, disabled }: { periodId: string; disabled?: boolean }) {
  const translate = useTranslate();
  const apiError = useApiError();
  const [usage, setUsage] = useState<PeriodUsageRecord | null>(null);
  const load = useCallback(() => {
    apiJson<unknown>(`/api/system-periods/${periodId}/usage`)
      .then((u) => setUsage(asUsage(u)))
      .catch(() => setUsage(null));
  }, [periodId]);
  useEffect(load, [load]);
  usePolling(load, 1000, usage?.status === 'importing');
  const status = usage?.status ?? 'empty';
  const error = status === 'failed' ? (jobErrorText(usage?.error, translate) ?? '') : '';
  return (
    <Box sx={{ minWidth: 160 }} data-testid="period-usage">
      <Chip size="small" color={periodStatusColour(status)} label={translate(`segra.usage.status.${status}`)} data-testid="usage-status" />
      {status === 'importing' && <LinearProgress variant="determinate" value={usage?.progress ?? 0} sx={{ mt: 0.5 }} aria-label={translate('segra.usage.status.importing')} />}
      {error && (
        <Typography variant="caption" color="error" component="div" sx={{ mt: 0.5, maxWidth: 360, whiteSpace: 'pre-wrap' }} data-testid="usage-error">
          {error}
        </Typography>
      )}
      {usage && usage.rows !== null && status !== 'importing' && (
        <Typography variant="caption" component="div" color="text.secondary" data-testid="usage-summary">
          {usage.fileName} — {translate('segra.usage.summary', { rows: usage.rows, users: usage.users ?? 0, tcodes: usage.tcodes ?? 0 })}
          {usage.firstDay && usage.lastDay ? ` · ${translate('segra.usage.days', { from: usage.firstDay, to: usage.lastDay })}` : ''}
        </Typography>
      )}
      {status !== 'importing' &&
        usage?.warnings.map((w) => (
          <Typography key={w.code} variant="caption" color="warning.main" component="div" data-testid="usage-warning">
            {translate('segra.usage.warning_line', {
              title: KNOWN_WARNINGS.includes(w.code) ? translate(`segra.usage.warning_codes.${w.code}`) : translate('segra.usage.warning_codes.other', { code: w.code }),
              count: w.count,
              examples: w.examples.join(', '),
            })}
          </Typography>
        ))}
      <Box>
        <UploadButton resource={RESOURCES.systemPeriods.name} id={periodId} path="usage" label="segra.usage.upload" disabled={disabled || status === 'importing'} onUploaded={load} testId="usage-upload-input" />
        {usage?.rows !== null && usage?.rows !== undefined && status !== 'importing' && (
          <ConfirmButton
            label="segra.usage.remove"
            title="segra.analysis.common.delete_title"
            onConfirm={async () => {
              try {
                setUsage(asUsage(await apiJson<unknown>(`/api/system-periods/${periodId}/usage`, 'DELETE')));
              } catch (e) {
                apiError(e, 'segra.usage.errors.load');
              }
            }}
          />
        )}
      </Box>
    </Box>
  );
}
