import { Chip, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FINDING_STATUSES } from '../../custom-pages/analysis/findings-link.ts';

const COLOUR = { open: 'default', accepted: 'success', mitigated: 'info', deactivated: 'default' } as const;

/** A finding's status (DESIGN 6, issue 16) with the mitigating controls that apply. */
export function FindingStatus({ status = 'open', controls = [] }: { status?: string; controls?: string[] }) {
  const translate = useTranslate();
  const colour = COLOUR[status as keyof typeof COLOUR] ?? 'default';
  return (
    <span data-testid="finding-status" data-status={status}>
      <Chip size="small" color={colour} variant={status === 'open' ? 'outlined' : 'filled'} label={translate(`segra.mitigations.finding_status.${status}`, { _: status })} />
      {controls.length > 0 && (
        <Typography variant="caption" component="div" data-testid="finding-controls">
          {controls.join(', ')}
        </Typography>
      )}
    </span>
  );
}

/** The findings list's status filter: all, open, accepted, mitigated, deactivated. */
export function FindingStatusFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('segra.mitigations.fields.finding_status')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 160 }}
      data-testid="filter-status"
    >
      <MenuItem value="">{translate('segra.analysis.common.all')}</MenuItem>
      {FINDING_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {translate(`segra.mitigations.finding_status.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
