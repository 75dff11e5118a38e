import { Alert, Box, Chip, Tab, Tabs } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiJson, apiList } from './api.ts';
import { PagedTable, type Column } from './PagedTable.tsx';
import { RecordSelect, useOptions, type Option } from './RecordSelect.tsx';
import { ScreenCard } from './components.tsx';

/** The spec's system data areas and the SAP tables behind each. */
export const DATA_AREAS: { key: string; tables: string[] }[] = [
  { key: 'users', tables: ['USR02'] },
  { key: 'roles', tables: ['AGR_DEFINE', 'AGR_TEXTS'] },
  { key: 'assignments', tables: ['AGR_USERS'] },
  { key: 'composites', tables: ['AGR_AGRS'] },
  { key: 'profiles', tables: ['UST04', 'UST10C'] },
  { key: 'authorisations', tables: ['AGR_1251'] },
  { key: 'tcodes', tables: ['TSTCT'] },
  { key: 'components', tables: ['CVERS'] },
];

interface TableInfo {
  table: string;
  rows: number;
  columns: string[];
}

type Row = Record<string, unknown> & { id: number };

/** Browses one SAP table of a period: search, sort by column, paging. */
export function PeriodTable({ periodId, info }: { periodId: string; info: TableInfo }) {
  const columns: Column<Row>[] = info.columns.map((c) => ({ key: c, label: c, sortable: true }));
  return (
    <PagedTable<Row>
      key={`${periodId}-${info.table}`}
      testId={`table-${info.table}`}
      columns={columns}
      reloadKey={`${periodId}-${info.table}`}
      load={(p) => apiList<Row>(`/api/system-periods/${periodId}/tables/${info.table}`, p)}
    />
  );
}

/** System data (/app/system/modules): a period's users, roles, assignments, composites, profiles, authorisations, tcodes, components. */
export default function SystemData() {
  const translate = useTranslate();
  const periods = useOptions<Option>('/api/system-periods');
  const [periodId, setPeriodId] = useState('');
  const [area, setArea] = useState(0);
  const [table, setTable] = useState(DATA_AREAS[0].tables[0]);
  const [tables, setTables] = useState<TableInfo[] | null>(null);

  useEffect(() => {
    if (!periodId && periods && periods.length > 0) setPeriodId((periods.find((p) => p.status === 'ready') ?? periods[0]).id);
  }, [periods, periodId]);
  useEffect(() => {
    if (!periodId) return;
    let live = true;
    setTables(null);
    apiJson<TableInfo[]>(`/api/system-periods/${periodId}/tables`)
      .then((t) => live && setTables(t))
      .catch(() => live && setTables([]));
    return () => {
      live = false;
    };
  }, [periodId]);

  const info = tables?.find((t) => t.table === table);
  const period = periods?.find((p) => p.id === periodId);
  return (
    <ScreenCard titleKey="segra.screens.system_modules">
      <Flex direction="row" gap={2} sx={{ mb: 2 }} alignItems="center">
        <RecordSelect label="segra.analysis.fields.system_period" value={periodId} options={periods} onChange={setPeriodId} testId="system-period-picker" />
      </Flex>
      {period && period.status !== 'ready' && <Alert severity="info" sx={{ mb: 2 }}>{translate('segra.analysis.system_data.not_ready')}</Alert>}
      {periodId && (
        <>
          <Tabs
            value={area}
            onChange={(_e, v: number) => {
              setArea(v);
              setTable(DATA_AREAS[v].tables[0]);
            }}
            variant="scrollable"
            scrollButtons="auto"
          >
            {DATA_AREAS.map((a) => (
              <Tab key={a.key} label={translate(`segra.analysis.system_data.${a.key}`)} />
            ))}
          </Tabs>
          <Flex direction="row" gap={1} sx={{ my: 2 }}>
            {DATA_AREAS[area].tables.map((t) => (
              <Chip
                key={t}
                label={`${t} (${tables?.find((x) => x.table === t)?.rows ?? 0})`}
                color={t === table ? 'primary' : 'default'}
                onClick={() => setTable(t)}
              />
            ))}
          </Flex>
          <Box>{info && <PeriodTable periodId={periodId} info={info} />}</Box>
        </>
      )}
    </ScreenCard>
  );
}
