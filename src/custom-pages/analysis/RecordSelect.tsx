import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate, type SortPayload } from 'react-admin';

export interface Option {
  id: string;
  name: string;
  [k: string]: unknown;
}

/**
 * Records of a resource for a picker (first 1000) in the given order, by react-admin resource
 * name (resources/resource-names.ts); null while loading, [] when the call fails. The customer
 * picker's refresh reloads them with every other query.
 */
export function useChoices<T extends Option>(resource: string, sort: SortPayload, filter?: Record<string, unknown>): T[] | null {
  const { data, error } = useGetList<T>(resource, { pagination: { page: 1, perPage: 1000 }, sort, filter });
  if (error) return [];
  return data ?? null;
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

