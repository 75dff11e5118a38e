import { Box, Checkbox, Chip, FormHelperText, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { RESOURCES } from '../../resources/resource-names.ts';
import { Flex } from './Flex.tsx';
import { rowToValue, toggleValue, VALUE_FIELDS, VALUE_LABELS, valueKey, type AuthorisationValue } from './simulation-options.ts';

/** Rows loaded at once; a search narrows bigger roles (the demo's roles have hundreds of values). */
const PAGE = 200;

interface Props {
  periodId: string;
  role: string;
  value: AuthorisationValue[];
  onChange: (values: AuthorisationValue[]) => void;
}

/**
 * The role's own authorisation values (AGR_1251 through the system data API, deleted rows left
 * out as the engine ignores them) with a checkbox each: the checked ones are removed in the
 * simulation. The values are sent as the API gave them, since the server compares them exactly.
 */
export function RoleValuesPicker({ periodId, role, value, onChange }: Props) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<AuthorisationValue[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    // Waits for a pause in typing before asking the server.
    const id = setTimeout(() => {
      const q = search.trim();
      dataProvider
        .getList<Record<string, unknown> & { id: number }>(RESOURCES.periodTables.name, {
          pagination: { page: 1, perPage: PAGE },
          // In the file's order, as the engine reads them.
          sort: { field: 'id', order: 'ASC' },
          filter: { AGR_NAME: role, DELETED: false, ...(q ? { q } : {}) },
          meta: { periodId, table: 'AGR_1251' },
        })
        .then((r) => {
          if (!live) return;
          setRows(r.data.map(rowToValue));
          setTotal(r.total ?? r.data.length);
          setFailed(false);
        })
        .catch(() => live && setFailed(true))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [dataProvider, periodId, role, search]);
  const chosen = new Set(value.map(valueKey));
  const label = (v: AuthorisationValue) => `${v.object} · ${v.auth} · ${v.field} · ${v.low}${v.high ? ` – ${v.high}` : ''}`;
  return (
    <Box data-testid="sim-remove-values">
      <Typography variant="subtitle2">{translate('segra.analysis.simulation.remove_values')}</Typography>
      <FormHelperText sx={{ mt: 0, mb: 1 }}>{translate('segra.analysis.simulation.remove_values_help')}</FormHelperText>
      {value.length > 0 && (
        <Flex direction="row" gap={1} flexWrap="wrap" sx={{ mb: 1 }} data-testid="sim-remove-chosen">
          {value.map((v) => (
            <Chip key={valueKey(v)} size="small" label={label(v)} onDelete={() => onChange(toggleValue(value, v))} />
          ))}
        </Flex>
      )}
      <TextField
        size="small"
        sx={{ minWidth: 280, mb: 1 }}
        label={translate('segra.analysis.simulation.values_search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'sim-remove-search' } }}
      />
      {loading && <LinearProgress />}
      {failed && <FormHelperText error>{translate('segra.analysis.errors.load')}</FormHelperText>}
      {!loading && !failed && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">{translate(search.trim() ? 'segra.list.no_data' : 'segra.analysis.simulation.role_values_none')}</Typography>
      )}
      {rows.length > 0 && (
        <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                {VALUE_FIELDS.map((f) => (
                  <TableCell key={f}>{translate(VALUE_LABELS[f])}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((v, i) => (
                <TableRow key={`${i}-${valueKey(v)}`} hover data-testid="sim-role-value" sx={{ cursor: 'pointer' }} onClick={() => onChange(toggleValue(value, v))}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={chosen.has(valueKey(v))}
                      // The row's click toggles too: the checkbox's own click must not reach it.
                      onClick={(e) => e.stopPropagation()}
                      onChange={() => onChange(toggleValue(value, v))}
                      slotProps={{ input: { 'aria-label': label(v) } }}
                    />
                  </TableCell>
                  {VALUE_FIELDS.map((f) => (
                    // Blank and space-only values are visible as they are compared exactly.
                    <TableCell key={f} sx={{ fontFamily: 'monospace', whiteSpace: 'pre' }}>{v[f]}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {total > rows.length && rows.length > 0 && (
        <FormHelperText>{translate('segra.analysis.simulation.role_values_more', { shown: rows.length, total })}</FormHelperText>
      )}
    </Box>
  );
}
