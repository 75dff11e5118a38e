import { Box, Button, Checkbox, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { RESOURCES } from '../resource-names.ts';
import { RecordSelect, useChoices, type Option } from '../../custom-pages/analysis/RecordSelect.tsx';
import { ScreenCard, useApiError } from '../../custom-pages/analysis/components.tsx';
import { NO_USAGE, usageRequest, UsageWindowFields } from '../../custom-pages/usage/UsageWindowFields.tsx';
import { otherSystemPeriodIds, systemOfPeriod, withoutSystem, type OtherSystem, type PeriodChoice, type SystemChoice } from './analysis-systems.ts';
import { OtherSystemsPicker } from './OtherSystemsPicker.tsx';

/** Analysis creation (/app/reports/create): POST /api/analyses, then the requests list. */
export default function AnalysisCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const systemPeriods = useChoices<Option>(RESOURCES.systemPeriods.name, { field: 'periodDate', order: 'DESC' }, { status: 'ready' });
  const riskPeriods = useChoices<Option>(RESOURCES.riskPeriods.name, { field: 'periodDate', order: 'DESC' }, { status: 'ready' });
  const [v, setV] = useState({
    name: '',
    description: '',
    systemPeriodId: '',
    riskPeriodId: '',
    level: 'permission',
    mode: 'same-instance',
    includeLocked: false,
    includeExpired: false,
  });
  const systems = useChoices<SystemChoice & Option>(RESOURCES.systems.name, { field: 'sid', order: 'ASC' });
  // Other systems of a cross-system analysis (DESIGN 5.18): one period each, never the main period's system.
  const [others, setOthers] = useState<OtherSystem[]>([]);
  const periodList = (systemPeriods ?? []) as PeriodChoice[];
  const mainSystemId = systemOfPeriod(periodList, v.systemPeriodId);
  const sidOf = (systemId: unknown) => systems?.find((s) => s.id === systemId)?.sid ?? '';
  // With several systems the periods are named by their system too: two systems' "June" periods look alike.
  const periodLabel = (o: Option) => ((systems?.length ?? 0) > 1 && sidOf(o.systemId) ? `${sidOf(o.systemId)} · ${o.name}` : o.name);
  const [usage, setUsage] = useState(NO_USAGE);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!v.name.trim() || !v.systemPeriodId || !v.riskPeriodId) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      const otherIds = otherSystemPeriodIds(others);
      // Usage and remediation stay per system (issue 32): with other systems no usage is asked for.
      const data = { ...v, name: v.name.trim(), ...(otherIds.length > 0 ? { otherSystemPeriodIds: otherIds } : usageRequest(usage)) };
      await dataProvider.create(RESOURCES.analyses.name, { data });
      notify('segra.analysis.create.enqueued', { type: 'success' });
      navigate('/app/reports/analyze-request');
    } catch (e) {
      apiError(e, 'segra.analysis.errors.analysis_failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ScreenCard titleKey="segra.screens.reports_create">
      <Box component="form" onSubmit={(e) => { e.preventDefault(); void submit(); }} sx={{ maxWidth: 640 }}>
        <Flex gap={2}>
          <TextField size="small" required name="name" label={translate('segra.analysis.fields.name')} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          <TextField size="small" name="description" label={translate('segra.analysis.fields.description')} value={v.description} onChange={(e) => setV({ ...v, description: e.target.value })} multiline minRows={2} />
          <RecordSelect
            label="segra.analysis.fields.system_period"
            value={v.systemPeriodId}
            options={systemPeriods}
            optionLabel={periodLabel}
            onChange={(id) => {
              setV({ ...v, systemPeriodId: id });
              setOthers(withoutSystem(others, systemOfPeriod(periodList, id)));
            }}
            testId="create-system-period"
          />
          <OtherSystemsPicker systems={systems ?? []} periods={periodList} mainSystemId={mainSystemId} value={others} onChange={setOthers} />
          <RecordSelect label="segra.analysis.fields.risk_period" value={v.riskPeriodId} options={riskPeriods} onChange={(id) => setV({ ...v, riskPeriodId: id })} testId="create-risk-period" />
          <FormControl>
            <FormLabel>{translate('segra.analysis.fields.level')}</FormLabel>
            <RadioGroup row value={v.level} onChange={(e) => setV({ ...v, level: e.target.value })}>
              <FormControlLabel value="permission" control={<Radio />} label={translate('segra.analysis.level.permission')} />
              <FormControlLabel value="action" control={<Radio />} label={translate('segra.analysis.level.action')} />
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel>{translate('segra.analysis.fields.mode')}</FormLabel>
            <RadioGroup row value={v.mode} onChange={(e) => setV({ ...v, mode: e.target.value })}>
              <FormControlLabel value="same-instance" control={<Radio />} label={translate('segra.analysis.mode.same-instance')} />
              <FormControlLabel value="union" control={<Radio />} label={translate('segra.analysis.mode.union')} />
            </RadioGroup>
          </FormControl>
          <FormControlLabel control={<Checkbox checked={v.includeLocked} onChange={(e) => setV({ ...v, includeLocked: e.target.checked })} />} label={translate('segra.analysis.fields.include_locked')} />
          <FormControlLabel control={<Checkbox checked={v.includeExpired} onChange={(e) => setV({ ...v, includeExpired: e.target.checked })} />} label={translate('segra.analysis.fields.include_expired')} />
          {others.length === 0 && <UsageWindowFields value={usage} onChange={setUsage} />}
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('segra.analysis.create.submit')}
            </Button>
          </Box>
        </Flex>
      </Box>
    </ScreenCard>
  );
}
