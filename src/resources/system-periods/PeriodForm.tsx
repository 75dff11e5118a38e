import { Box, Button, TextField } from '@mui/material';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/** Name + date (+ extra fields) of a new period, with "Fill in all fields" until complete. */
export function PeriodForm({
  onSubmit,
  extra,
  extraValid = true,
  submitLabel = 'segra.analysis.common.save',
  initialName = '',
  onCancel,
}: {
  onSubmit: (v: { name: string; periodDate: string }) => Promise<void>;
  extra?: ReactNode;
  extraValid?: boolean;
  submitLabel?: string;
  initialName?: string;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [name, setName] = useState(initialName);
  const [periodDate, setPeriodDate] = useState(new Date().toISOString().slice(0, 10));
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(periodDate) || !extraValid) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ name: name.trim(), periodDate });
      setName('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ mb: 2 }}>
      <Flex direction="row" gap={2} flexWrap="wrap" alignItems="center">
        <TextField size="small" required name="name" label={translate('segra.analysis.fields.name')} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          size="small"
          required
          type="date"
          name="periodDate"
          label={translate('segra.analysis.fields.period_date')}
          value={periodDate}
          onChange={(e) => setPeriodDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {extra}
        <Button type="submit" variant="contained" disabled={busy}>
          {translate(submitLabel)}
        </Button>
        {onCancel && <Button onClick={onCancel}>{translate('segra.analysis.common.cancel')}</Button>}
      </Flex>
    </Box>
  );
}
