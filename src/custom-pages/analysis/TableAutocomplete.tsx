import { Autocomplete, Box, TextField, Typography, type AutocompleteRenderInputParams } from '@mui/material';
import { useEffect, useState, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { RESOURCES } from '../../resources/resource-names.ts';

/**
 * Distinct values of one column of a period's SAP table matching what was typed (the tables API,
 * filter q), each with another column of its first row (`detail`, e.g. a user's USTYP).
 */
async function tableValues(
  dataProvider: DataProvider,
  periodId: string,
  table: string,
  column: string,
  q: string,
  extra: Record<string, unknown> = {},
  detail?: string,
): Promise<Map<string, string>> {
  const { data } = await dataProvider.getList<Record<string, unknown> & { id: number }>(RESOURCES.periodTables.name, {
    pagination: { page: 1, perPage: 50 },
    sort: { field: column, order: 'ASC' },
    filter: { ...extra, ...(q.trim() ? { q: q.trim() } : {}) },
    meta: { periodId, table },
  });
  const out = new Map<string, string>();
  for (const r of data) {
    const value = String(r[column] ?? '');
    if (value && !out.has(value)) out.set(value, detail ? String(r[detail] ?? '') : '');
  }
  return out;
}

type Props = {
  periodId: string;
  table: string;
  column: string;
  label: string;
  extraFilter?: Record<string, unknown>;
  testId?: string;
  /** Another column shown beside each option, as `render` draws it (the user picker: USR02's user type). */
  detail?: { column: string; render: (value: string) => ReactNode };
} & ({ multiple: true; value: string[]; onChange: (v: string[]) => void } | { multiple?: false; value: string | null; onChange: (v: string | null) => void });

/** An autocomplete over a period's users (USR02) or roles (AGR_DEFINE), loading as one types. */
export function TableAutocomplete(props: Props) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { periodId, table, column, label, extraFilter, testId, detail } = props;
  const [input, setInput] = useState('');
  const [found, setFound] = useState<Map<string, string>>(new Map());
  const options = [...found.keys()];
  const [loading, setLoading] = useState(false);
  const extraJson = JSON.stringify(extraFilter ?? {});
  useEffect(() => {
    if (!periodId) return;
    let live = true;
    setLoading(true);
    const id = setTimeout(() => {
      tableValues(dataProvider, periodId, table, column, input, JSON.parse(extraJson) as Record<string, unknown>, detail?.column)
        .then((v) => live && setFound(v))
        .catch(() => live && setFound(new Map()))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [dataProvider, periodId, table, column, input, extraJson, detail?.column]);
  const common = {
    options,
    loading,
    size: 'small' as const,
    sx: { minWidth: 280 },
    filterOptions: (o: string[]) => o,
    onInputChange: (_e: unknown, v: string) => setInput(v),
    loadingText: translate('segra.analysis.common.loading'),
    noOptionsText: translate('segra.list.no_data'),
    ...(detail
      ? {
          renderOption: ({ key, ...attributes }: HTMLAttributes<HTMLLIElement> & { key: Key }, option: string) => (
            <Box component="li" key={key} {...attributes} sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
              <span>{option}</span>
              <Typography variant="caption" color="text.secondary">
                {detail.render(found.get(option) ?? '')}
              </Typography>
            </Box>
          ),
        }
      : {}),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} label={translate(label)} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />
    ),
  };
  if (props.multiple) {
    return <Autocomplete multiple {...common} value={props.value} onChange={(_e, v) => props.onChange(v)} />;
  }
  return <Autocomplete {...common} value={props.value} onChange={(_e, v) => props.onChange(v)} />;
}
