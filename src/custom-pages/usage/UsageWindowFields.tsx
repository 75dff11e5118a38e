import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { Flex } from '../analysis/Flex.tsx';
import { useTranslate } from 'react-admin';

export interface UsageWindow {
  withUsage: boolean;
  usageFrom: string;
  usageTo: string;
}

export const NO_USAGE: UsageWindow = { withUsage: false, usageFrom: '', usageTo: '' };

/** The analysis request's usage fields (POST /api/analyses: withUsage, usageFrom, usageTo; empty dates are open). */
export const usageRequest = (w: UsageWindow): Record<string, unknown> =>
  w.withUsage ? { withUsage: true, usageFrom: w.usageFrom || null, usageTo: w.usageTo || null } : {};

/** "Use the period's usage" with the window (from/to) of the analysis (issue 17). */
export function UsageWindowFields({ value, onChange }: { value: UsageWindow; onChange: (v: UsageWindow) => void }) {
  const translate = useTranslate();
  return (
    <Flex direction="row" gap={2} flexWrap="wrap" alignItems="center">
      <FormControlLabel
        control={<Checkbox checked={value.withUsage} onChange={(e) => onChange({ ...value, withUsage: e.target.checked })} name="withUsage" />}
        label={translate('segra.usage.with_usage')}
      />
      {value.withUsage && (
        <>
          <TextField size="small" type="date" name="usageFrom" label={translate('segra.usage.from')} value={value.usageFrom} onChange={(e) => onChange({ ...value, usageFrom: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="date" name="usageTo" label={translate('segra.usage.to')} value={value.usageTo} onChange={(e) => onChange({ ...value, usageTo: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        </>
      )}
    </Flex>
  );
}
