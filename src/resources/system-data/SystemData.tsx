import { Alert, Box, Chip, MenuItem, Tab, Tabs, TextField as MuiTextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import { USER_TYPES, userTypeKey, userTypeOf } from '../../../contracts/user-types.ts';
import { UserTypeText } from '../../custom-pages/user-types/UserType.tsx';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { RecordSelect, useChoices, type Option } from '../../custom-pages/analysis/RecordSelect.tsx';
import { ScreenCard } from '../../custom-pages/analysis/components.tsx';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { EmbeddedList } from '../common/EmbeddedList.tsx';
import { RESOURCES } from '../resource-names.ts';

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

/** USR02's user type: SAP's letter with its name (issue 27 item 6). */
const USER_TYPE_COLUMN = 'USTYP';

/**
 * Browses one SAP table of a period: search, sort by column, paging (in file order at first);
 * `filter` holds columns' exact values (USR02's user type).
 */
export function PeriodTable({ periodId, info, filter }: { periodId: string; info: TableInfo; filter?: Record<string, unknown> }) {
  return (
    <EmbeddedList key={`${periodId}-${info.table}`} resource={RESOURCES.periodTables.name} meta={{ periodId, table: info.table }} filter={filter} testId={`table-${info.table}`}>
      {info.columns.map((c) =>
        info.table === 'USR02' && c === USER_TYPE_COLUMN ? (
          <FunctionField key={c} source={c} label={c} render={(r: Record<string, unknown>) => <UserTypeText type={userTypeOf(String(r[c] ?? '')) || String(r[c] ?? '')} withCode />} />
        ) : (
          <TextField key={c} source={c} label={c} />
        ),
      )}
    </EmbeddedList>
  );
}

/** The users of a period by their SAP user type (USR02-USTYP; issue 27 item 6); '' all. */
function UserTypeFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const translate = useTranslate();
  return (
    <MuiTextField select size="small" label={translate('segra.user_type.label')} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 180 }} data-testid="usr02-user-type">
      <MenuItem value="">{translate('segra.user_type.all')}</MenuItem>
      {USER_TYPES.map((t) => (
        <MenuItem key={t} value={t}>
          {translate(userTypeKey(t))}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

/** System data (/app/system/modules): a period's users, roles, assignments, composites, profiles, authorisations, tcodes, components. */
export default function SystemData() {
  const translate = useTranslate();
  const dataProvider = useSegraDataProvider();
  const periods = useChoices<Option>(RESOURCES.systemPeriods.name, { field: 'periodDate', order: 'DESC' });
  const [periodId, setPeriodId] = useState('');
  const [area, setArea] = useState(0);
  const [table, setTable] = useState(DATA_AREAS[0].tables[0]);
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [userType, setUserType] = useState('');

  useEffect(() => {
    if (!periodId && periods && periods.length > 0) setPeriodId((periods.find((p) => p.status === 'ready') ?? periods[0]).id);
  }, [periods, periodId]);
  useEffect(() => {
    if (!periodId) return;
    let live = true;
    setTables(null);
    dataProvider
      .getDetail(RESOURCES.systemPeriods.name, { id: periodId, path: 'tables' })
      .then(({ data }) => live && setTables(data as TableInfo[]))
      .catch(() => live && setTables([]));
    return () => {
      live = false;
    };
  }, [dataProvider, periodId]);

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
          <Flex direction="row" gap={1} sx={{ my: 2 }} alignItems="center" flexWrap="wrap">
            {DATA_AREAS[area].tables.map((t) => (
              <Chip
                key={t}
                label={`${t} (${tables?.find((x) => x.table === t)?.rows ?? 0})`}
                color={t === table ? 'primary' : 'default'}
                onClick={() => setTable(t)}
              />
            ))}
            {table === 'USR02' && <UserTypeFilter value={userType} onChange={setUserType} />}
          </Flex>
          <Box>{info && <PeriodTable periodId={periodId} info={info} filter={table === 'USR02' && userType ? { [USER_TYPE_COLUMN]: userType } : undefined} />}</Box>
        </>
      )}
    </ScreenCard>
  );
}
