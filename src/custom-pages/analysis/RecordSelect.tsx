import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiList } from './api.ts';
import { useActiveCustomer } from './components.tsx';

export interface Option {
  id: string;
  name: string;
  [k: string]: unknown;
}

/** Records of an API list for a picker (first 1000). */
export function useOptions<T extends Option>(url: string | null, filter?: Record<string, unknown>, reloadKey?: unknown): T[] | null {
  const customer = useActiveCustomer();
  const [rows, setRows] = useState<T[] | null>(null);
  const filterJson = JSON.stringify(filter ?? {});
  useEffect(() => {
    if (!url) {
      setRows([]);
      return;
    }
    let live = true;
    apiList<T>(url, { range: [0, 999], filter: JSON.parse(filterJson) as Record<string, unknown> })
      .then(({ rows: r }) => live && setRows(r))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [url, filterJson, customer, reloadKey]);
  return rows;
}

/** A select of records (system periods, risk periods, analyses, queries). */
export function RecordSelect({
  label,
  value,
  onChange,
  options,
  optionLabel = (o) => o.name,
  testId,
  minWidth = 260,
  allowEmpty = false,
}: {
  label: string;
  value: string;
  onChange: (id: string, option: Option | undefined) => void;
  options: Option[] | null;
  optionLabel?: (o: Option) => string;
  testId?: string;
  minWidth?: number;
  allowEmpty?: boolean;
}) {
  const translate = useTranslate();
  const known = options?.some((o) => o.id === value) ?? false;
  return (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value, options?.find((o) => o.id === e.target.value))}
      sx={{ minWidth }}
      slotProps={{ select: { 'data-testid': testId } as object }}
    >
      {allowEmpty && <MenuItem value="">{translate('segra.analysis.common.none')}</MenuItem>}
      {(options ?? []).length === 0 && !allowEmpty && (
        <MenuItem value="" disabled>
          {translate(options === null ? 'segra.analysis.common.loading' : 'segra.list.no_data')}
        </MenuItem>
      )}
      {(options ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

