import { Autocomplete, TextField, type AutocompleteRenderInputParams } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate, type DataProvider } from 'react-admin';
import { RESOURCES } from '../../resources/resource-names.ts';

/** Distinct values of one column of a period's SAP table matching what was typed (the tables API, filter q). */
async function tableValues(dataProvider: DataProvider, periodId: string, table: string, column: string, q: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const { data } = await dataProvider.getList<Record<string, unknown> & { id: number }>(RESOURCES.periodTables.name, {
    pagination: { page: 1, perPage: 50 },
    sort: { field: column, order: 'ASC' },
    filter: { ...extra, ...(q.trim() ? { q: q.trim() } : {}) },
    meta: { periodId, table },
  });
  return [...new Set(data.map((r) => String(r[column] ?? '')).filter(Boolean))];
}

type Props = {
  periodId: string;
  table: string;
  column: string;
  label: string;
  extraFilter?: Record<string, unknown>;
  testId?: string;
} & ({ multiple: true; value: string[]; onChange: (v: string[]) => void } | { multiple?: false; value: string | null; onChange: (v: string | null) => void });

/** An autocomplete over a period's users (USR02) or roles (AGR_DEFINE), loading as one types. */
export function TableAutocomplete(props: Props) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { periodId, table, column, label, extraFilter, testId } = props;
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const extraJson = JSON.stringify(extraFilter ?? {});
  useEffect(() => {
    if (!periodId) return;
    let live = true;
    setLoading(true);
    const id = setTimeout(() => {
      tableValues(dataProvider, periodId, table, column, input, JSON.parse(extraJson) as Record<string, unknown>)
        .then((v) => live && setOptions(v))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [dataProvider, periodId, table, column, input, extraJson]);
  const common = {
    options,
    loading,
    size: 'small' as const,
    sx: { minWidth: 280 },
    filterOptions: (o: string[]) => o,
    onInputChange: (_e: unknown, v: string) => setInput(v),
    loadingText: translate('segra.analysis.common.loading'),
    noOptionsText: translate('segra.list.no_data'),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} label={translate(label)} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />
    ),
  };
  if (props.multiple) {
    return <Autocomplete multiple {...common} value={props.value} onChange={(_e, v) => props.onChange(v)} />;
  }
  return <Autocomplete {...common} value={props.value} onChange={(_e, v) => props.onChange(v)} />;
}
