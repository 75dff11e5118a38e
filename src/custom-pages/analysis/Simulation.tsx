import { Alert, Box, Button, Chip, FormControlLabel, LinearProgress, Radio, RadioGroup, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, Typography } from '@mui/material';
import { Flex } from './Flex.tsx';
import { Fragment, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { NoData } from '../../resources/common/ListPage.tsx';
import { apiJson } from './api.ts';
import { RecordSelect, ScreenCard, useApiError, useOptions, type Option } from './components.tsx';
import { formatDuration, riskLevelColour, riskLevelKey } from './helpers.ts';
import { ProvenanceView } from './Provenance.tsx';
import { TableAutocomplete } from './TableAutocomplete.tsx';

interface SimFinding {
  level: string;
  holder: string;
  riskId: string;
  riskLevel: string;
  riskType: string;
  businessProcess: string;
  functions: string;
  sources: string;
  provenance: unknown;
  accepted: boolean;
}

interface SimulationResult {
  summary: { before: number; after: number; added: number; removed: number };
  before: SimFinding[];
  after: SimFinding[];
  added: SimFinding[];
  removed: SimFinding[];
  timings: { cached: boolean; loadMs: number; simulateMs: number; totalMs: number };
}

/** Findings of a simulation with their functions and, on a click, their sources. */
export function FindingRows({ rows }: { rows: SimFinding[] }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<number | null>(null);
  if (rows.length === 0) return <NoData />;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('segra.analysis.fields.holder')}</TableCell>
          <TableCell>{translate('segra.analysis.fields.risk_id')}</TableCell>
          <TableCell>{translate('segra.analysis.fields.risk_level')}</TableCell>
          <TableCell>{translate('segra.analysis.fields.business_process')}</TableCell>
          <TableCell>{translate('segra.analysis.fields.functions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((f, i) => (
          <Fragment key={`${f.level}-${f.holder}-${f.riskId}`}>
            <TableRow hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(open === i ? null : i)}>
              <TableCell>{f.holder}</TableCell>
              <TableCell>{f.riskId}</TableCell>
              <TableCell><Chip size="small" color={riskLevelColour(f.riskLevel)} label={translate(riskLevelKey(f.riskLevel))} /></TableCell>
              <TableCell>{f.businessProcess}</TableCell>
              <TableCell>{f.functions}</TableCell>
            </TableRow>
            {open === i && (
              <TableRow>
                <TableCell colSpan={5} sx={{ bgcolor: 'action.hover' }}>
                  <ProvenanceView provenance={f.provenance} sources={f.sources} holder={f.holder} />
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}

const TABS = ['added', 'removed', 'before', 'after'] as const;

/** Simulation (/app/simulation): add or remove roles of a user or role and see the findings before and after. */
export default function Simulation() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const systemPeriods = useOptions<Option>('/api/system-periods', { status: 'ready' });
  const riskPeriods = useOptions<Option>('/api/risk-periods', { status: 'ready' });
  const [systemPeriodId, setSystemPeriodId] = useState('');
  const [riskPeriodId, setRiskPeriodId] = useState('');
  const [kind, setKind] = useState<'user' | 'role'>('user');
  const [holder, setHolder] = useState<string | null>(null);
  const [addRoles, setAddRoles] = useState<string[]>([]);
  const [removeRoles, setRemoveRoles] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SimulationResult | null>(null);
  const [tab, setTab] = useState(0);
  useEffect(() => {
    if (!systemPeriodId && systemPeriods?.length) setSystemPeriodId(systemPeriods[0].id);
  }, [systemPeriods, systemPeriodId]);
  useEffect(() => {
    if (!riskPeriodId && riskPeriods?.length) setRiskPeriodId(riskPeriods[0].id);
  }, [riskPeriods, riskPeriodId]);

  const run = async () => {
    if (!systemPeriodId || !riskPeriodId || !holder) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      const r = await apiJson<SimulationResult>('/api/simulations', 'POST', { systemPeriodId, riskPeriodId, [kind]: holder, addRoles, removeRoles });
      setResult(r);
      setTab(0);
    } catch (e) {
      apiError(e, 'segra.analysis.errors.simulation_failed');
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setHolder(null);
    setAddRoles([]);
    setRemoveRoles([]);
    setResult(null);
  };
  return (
    <ScreenCard titleKey="segra.screens.simulation">
      <Flex gap={2}>
        <Flex direction="row" gap={2} flexWrap="wrap">
          <RecordSelect label="segra.analysis.fields.system_period" value={systemPeriodId} options={systemPeriods} onChange={(id) => { setSystemPeriodId(id); reset(); }} testId="sim-system-period" />
          <RecordSelect label="segra.analysis.fields.risk_period" value={riskPeriodId} options={riskPeriods} onChange={setRiskPeriodId} testId="sim-risk-period" />
        </Flex>
        <RadioGroup row value={kind} onChange={(e) => { setKind(e.target.value as 'user' | 'role'); reset(); }}>
          <FormControlLabel value="user" control={<Radio />} label={translate('segra.analysis.simulation.for_user')} />
          <FormControlLabel value="role" control={<Radio />} label={translate('segra.analysis.simulation.for_role')} />
        </RadioGroup>
        {systemPeriodId && (
          <Flex direction="row" gap={2} flexWrap="wrap">
            <TableAutocomplete
              key={`${kind}-${systemPeriodId}`}
              periodId={systemPeriodId}
              table={kind === 'user' ? 'USR02' : 'AGR_DEFINE'}
              column={kind === 'user' ? 'BNAME' : 'AGR_NAME'}
              label={kind === 'user' ? 'segra.analysis.simulation.user' : 'segra.analysis.simulation.role'}
              value={holder}
              onChange={setHolder}
              testId="sim-holder"
            />
            <TableAutocomplete multiple periodId={systemPeriodId} table="AGR_DEFINE" column="AGR_NAME" label="segra.analysis.simulation.add_roles" value={addRoles} onChange={setAddRoles} testId="sim-add-roles" />
            {holder && (
              <TableAutocomplete
                multiple
                key={`remove-${holder}`}
                periodId={systemPeriodId}
                table={kind === 'user' ? 'AGR_USERS' : 'AGR_AGRS'}
                column={kind === 'user' ? 'AGR_NAME' : 'CHILD_AGR'}
                extraFilter={kind === 'user' ? { UNAME: holder } : { AGR_NAME: holder }}
                label="segra.analysis.simulation.remove_roles"
                value={removeRoles}
                onChange={setRemoveRoles}
                testId="sim-remove-roles"
              />
            )}
          </Flex>
        )}
        <Box>
          <Button variant="contained" disabled={busy} onClick={() => void run()}>
            {translate('segra.analysis.simulation.run')}
          </Button>
        </Box>
        {busy && <LinearProgress />}
        {result && (
          <Box data-testid="simulation-result">
            <Flex direction="row" gap={1} flexWrap="wrap" sx={{ mb: 1 }}>
              <Chip label={`${translate('segra.analysis.simulation.before')}: ${result.summary.before}`} />
              <Chip label={`${translate('segra.analysis.simulation.after')}: ${result.summary.after}`} />
              <Chip color="error" label={`${translate('segra.analysis.simulation.added')}: ${result.summary.added}`} />
              <Chip color="success" label={`${translate('segra.analysis.simulation.removed')}: ${result.summary.removed}`} />
            </Flex>
            <Typography variant="caption" component="div" color="text.secondary" data-testid="simulation-timings">
              {translate('segra.analysis.simulation.timings', {
                total: formatDuration(result.timings.totalMs),
                simulate: formatDuration(result.timings.simulateMs),
                load: result.timings.cached ? translate('segra.analysis.simulation.cached') : formatDuration(result.timings.loadMs),
              })}
            </Typography>
            {result.summary.added === 0 && result.summary.removed === 0 && (
              <Alert severity="info" sx={{ my: 1 }}>{translate('segra.analysis.simulation.no_change')}</Alert>
            )}
            <Tabs value={tab} onChange={(_e, t: number) => setTab(t)} sx={{ my: 1 }}>
              {TABS.map((t) => (
                <Tab key={t} label={`${translate(`segra.analysis.simulation.${t}`)} (${result.summary[t]})`} />
              ))}
            </Tabs>
            <FindingRows rows={result[TABS[tab]]} />
          </Box>
        )}
      </Flex>
    </ScreenCard>
  );
}
