import { Box, Button, FormControlLabel, LinearProgress, Radio, RadioGroup } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiJson } from './api.ts';
import { AuthorisationValuesEditor } from './AuthorisationValuesEditor.tsx';
import { RecordSelect, useChoices, type Option } from './RecordSelect.tsx';
import { RESOURCES } from '../../resources/resource-names.ts';
import { ScreenCard, useApiError } from './components.tsx';
import { RoleValuesPicker } from './RoleValuesPicker.tsx';
import { DEFAULT_LEVEL, DEFAULT_MODE, simulationBody, valuesProblem, type AuthorisationValue, type SimulationLevel, type SimulationMode } from './simulation-options.ts';
import { SimulationOptions } from './SimulationOptions.tsx';
import { SimulationResultView, type SimulationAnswer, type SimulationAsked } from './SimulationResult.tsx';
import { TableAutocomplete } from './TableAutocomplete.tsx';
import { UserTypeText } from '../user-types/UserType.tsx';
import { userTypeOf } from '../../../contracts/user-types.ts';

/** The user picker names each user's SAP user type (USR02-USTYP, issue 27 item 6). */
const USER_TYPE_DETAIL = { column: 'USTYP', render: (ustyp: string) => <UserTypeText type={userTypeOf(ustyp)} /> };
import { useSimulationPrefill } from '../usage/simulate-removal.ts';

/**
 * Simulation (/app/simulation): add or remove roles of a user or role, for a role also
 * authorisation values, at a chosen level and mode, and see the findings before and after.
 */
export default function Simulation() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const systemPeriods = useChoices<Option>(RESOURCES.systemPeriods.name, { field: 'periodDate', order: 'DESC' }, { status: 'ready' });
  const riskPeriods = useChoices<Option>(RESOURCES.riskPeriods.name, { field: 'periodDate', order: 'DESC' }, { status: 'ready' });
  // A "simulate this removal" link (issue 17) opens the screen with the change prefilled.
  const prefill = useSimulationPrefill();
  const [systemPeriodId, setSystemPeriodId] = useState(prefill.systemPeriodId ?? '');
  const [riskPeriodId, setRiskPeriodId] = useState(prefill.riskPeriodId ?? '');
  const [kind, setKind] = useState<'user' | 'role'>('user');
  const [holder, setHolder] = useState<string | null>(prefill.user ?? null);
  const [addRoles, setAddRoles] = useState<string[]>([]);
  const [removeRoles, setRemoveRoles] = useState<string[]>(prefill.removeRoles ?? []);
  const [level, setLevel] = useState<SimulationLevel>(prefill.level ?? DEFAULT_LEVEL);
  const [mode, setMode] = useState<SimulationMode>(prefill.mode ?? DEFAULT_MODE);
  const [addValues, setAddValues] = useState<AuthorisationValue[]>([]);
  const [removeValues, setRemoveValues] = useState<AuthorisationValue[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ answer: SimulationAnswer; asked: SimulationAsked; run: number } | null>(null);
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
    // Refused here rather than by the server, so the faulty rows can be marked.
    const problem = valuesProblem({ kind, addValues, removeValues });
    if (problem) {
      setShowErrors(true);
      notify(problem.key, { type: 'warning', messageArgs: problem.options });
      return;
    }
    setShowErrors(false);
    const asked: SimulationAsked = { kind, holder, level, mode, addRoles, removeRoles, addValues, removeValues };
    setBusy(true);
    try {
      const answer = await apiJson<SimulationAnswer>('/api/simulations', 'POST', simulationBody({ systemPeriodId, riskPeriodId, ...asked }));
      setResult((r) => ({ answer, asked, run: (r?.run ?? 0) + 1 }));
    } catch (e) {
      apiError(e, 'segra.analysis.errors.simulation_failed');
    } finally {
      setBusy(false);
    }
  };
  const chooseHolder = (h: string | null) => {
    setHolder(h);
    // The values to remove are rows of the previous role.
    setRemoveValues([]);
  };
  const reset = () => {
    chooseHolder(null);
    setAddRoles([]);
    setRemoveRoles([]);
    setAddValues([]);
    setShowErrors(false);
    setResult(null);
  };
  return (
    <ScreenCard titleKey="segra.screens.simulation">
      <Flex gap={2}>
        <Flex direction="row" gap={2} flexWrap="wrap">
          <RecordSelect label="segra.analysis.fields.system_period" value={systemPeriodId} options={systemPeriods} onChange={(id) => { setSystemPeriodId(id); reset(); }} testId="sim-system-period" />
          <RecordSelect label="segra.analysis.fields.risk_period" value={riskPeriodId} options={riskPeriods} onChange={setRiskPeriodId} testId="sim-risk-period" />
        </Flex>
        <SimulationOptions level={level} mode={mode} onLevel={setLevel} onMode={setMode} />
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
              onChange={chooseHolder}
              testId="sim-holder"
              detail={kind === 'user' ? USER_TYPE_DETAIL : undefined}
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
        {/* Authorisation values can be changed for a role only (the server refuses them for a user). */}
        {kind === 'role' && systemPeriodId && (
          <>
            <AuthorisationValuesEditor values={addValues} onChange={setAddValues} showErrors={showErrors} />
            {holder && <RoleValuesPicker key={`${systemPeriodId}-${holder}`} periodId={systemPeriodId} role={holder} value={removeValues} onChange={setRemoveValues} />}
          </>
        )}
        <Box>
          <Button variant="contained" disabled={busy} onClick={() => void run()}>
            {translate('segra.analysis.simulation.run')}
          </Button>
        </Box>
        {busy && <LinearProgress />}
        {result && <SimulationResultView key={result.run} result={result.answer} asked={result.asked} />}
      </Flex>
    </ScreenCard>
  );
}
