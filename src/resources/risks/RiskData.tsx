import { Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Tab, Tabs, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { RecordSelect, useChoices, type Option } from '../../custom-pages/analysis/RecordSelect.tsx';
import { ScreenCard, useApiError } from '../../custom-pages/analysis/components.tsx';
import { RISK_LEVELS, RISK_TYPES, riskLevelColour, riskLevelKey } from '../../custom-pages/analysis/helpers.ts';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { Column, EmbeddedList } from '../common/EmbeddedList.tsx';
import { FunctionDialog } from '../functions/FunctionDialog.tsx';
import { FunctionList } from '../functions/FunctionList.tsx';
import type { FunctionRecord } from '../functions/function-form.ts';
import { RESOURCES } from '../resource-names.ts';
import { DeleteRowButton } from '../common/DeleteRowButton.tsx';

const RESOURCE = RESOURCES.risks.name;

export interface RiskRecord {
  id: string;
  riskPeriodId: string;
  riskId: string;
  description: string;
  type: string;
  level: string;
  businessProcess: string;
  active: boolean;
  functionIds: string[];
  /** RISKS.ORG_FIELDS (DESIGN 5.15); absent from older servers. */
  orgFields?: string[];
  manual: boolean;
}

const yesNo = (v: boolean, t: (k: string) => string) => t(v ? 'segra.analysis.common.yes' : 'segra.analysis.common.no');

/** The form of a risk created by hand or edited. */
function RiskDialog({ riskPeriodId, risk, onClose, onSaved }: { riskPeriodId: string; risk: RiskRecord | 'new'; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const dataProvider = useSegraDataProvider();
  const isNew = risk === 'new';
  const [v, setV] = useState({
    riskId: isNew ? '' : risk.riskId,
    description: isNew ? '' : risk.description,
    type: isNew ? 'SOD' : risk.type,
    level: isNew ? 'HIGH' : risk.level,
    businessProcess: isNew ? '' : risk.businessProcess,
    functionIds: isNew ? '' : risk.functionIds.join(', '),
    orgFields: isNew ? '' : (risk.orgFields ?? []).join('+'),
    active: isNew ? true : risk.active,
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const save = async () => {
    const functionIds = v.functionIds.split(/[\s,;]+/).filter(Boolean);
    if ((isNew && !v.riskId.trim()) || functionIds.length === 0) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    // Written as in RISKS.ORG_FIELDS: names joined by +; the server rejects empty or repeated names.
    const orgFields = v.orgFields.split('+').map((f) => f.trim()).filter(Boolean);
    const body = { description: v.description, type: v.type, level: v.level, businessProcess: v.businessProcess, active: v.active, functionIds, orgFields };
    try {
      if (isNew) await dataProvider.create(RESOURCE, { data: { ...body, riskPeriodId, riskId: v.riskId.trim() } });
      else await dataProvider.update(RESOURCE, { id: risk.id, data: body, previousData: risk });
      notify(isNew ? 'segra.analysis.common.created' : 'segra.analysis.common.updated', { type: 'success' });
      onSaved();
    } catch (e) {
      apiError(e, isNew ? 'segra.analysis.errors.risk_add' : 'segra.analysis.errors.risk_update');
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(isNew ? 'segra.analysis.risk_data.new_risk' : 'segra.analysis.risk_data.edit_risk')}</DialogTitle>
      <DialogContent>
        <Flex gap={2} sx={{ pt: 1 }}>
          <TextField size="small" name="riskId" label={translate('segra.analysis.fields.risk_id')} value={v.riskId} onChange={set('riskId')} disabled={!isNew} required />
          <TextField size="small" name="description" label={translate('segra.analysis.fields.description')} value={v.description} onChange={set('description')} multiline minRows={2} />
          <TextField size="small" select label={translate('segra.analysis.fields.type')} value={v.type} onChange={set('type')}>
            {RISK_TYPES.map((t) => (
              <MenuItem key={t} value={t}>{translate(`segra.analysis.risk_type.${t}`)}</MenuItem>
            ))}
          </TextField>
          <TextField size="small" select label={translate('segra.analysis.fields.risk_level')} value={v.level} onChange={set('level')}>
            {RISK_LEVELS.map((l) => (
              <MenuItem key={l} value={l}>{translate(riskLevelKey(l))}</MenuItem>
            ))}
          </TextField>
          <TextField size="small" name="businessProcess" label={translate('segra.analysis.fields.business_process')} value={v.businessProcess} onChange={set('businessProcess')} />
          <TextField size="small" name="functionIds" label={translate('segra.analysis.fields.functions')} helperText={translate('segra.analysis.risk_data.functions_help')} value={v.functionIds} onChange={set('functionIds')} required />
          <TextField size="small" name="orgFields" label={translate('segra.analysis.fields.org_fields')} helperText={translate('segra.analysis.risk_data.org_fields_help')} value={v.orgFields} onChange={set('orgFields')} />
          <FormControlLabel control={<Checkbox checked={v.active} onChange={(e) => setV({ ...v, active: e.target.checked })} />} label={translate('segra.analysis.fields.active')} />
        </Flex>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('segra.analysis.common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()}>{translate('segra.analysis.common.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function RiskActions({ row, onEdit }: { row: RiskRecord; onEdit: (r: RiskRecord) => void }) {
  const translate = useTranslate();
  return (
    <>
      <Button size="small" onClick={() => onEdit(row)}>{translate('segra.analysis.common.edit')}</Button>
      <DeleteRowButton resource={RESOURCE} row={row} errorKey="segra.analysis.errors.risk_delete" />
    </>
  );
}

/** A risk period's risks: id, description, type, level, process, functions, org fields, flags. */
export function RiskList({ riskPeriodId, onEdit }: { riskPeriodId: string; onEdit: (r: RiskRecord) => void }) {
  const translate = useTranslate();
  return (
    <EmbeddedList<RiskRecord> key={riskPeriodId} resource={RESOURCE} testId="risks" filter={{ riskPeriodId }} sort={{ field: 'riskId', order: 'ASC' }}>
      <Column<RiskRecord> source="riskId" label="segra.analysis.fields.risk_id" render={(r) => r.riskId} />
      <Column<RiskRecord> label="segra.analysis.fields.description" sortable={false} render={(r) => r.description} />
      <Column<RiskRecord> source="type" label="segra.analysis.fields.type" render={(r) => translate(`segra.analysis.risk_type.${r.type}`)} />
      <Column<RiskRecord> source="level" label="segra.analysis.fields.risk_level" render={(r) => <Chip size="small" color={riskLevelColour(r.level)} label={translate(riskLevelKey(r.level))} />} />
      <Column<RiskRecord> source="businessProcess" label="segra.analysis.fields.business_process" render={(r) => r.businessProcess} />
      <Column<RiskRecord> label="segra.analysis.fields.functions" sortable={false} render={(r) => r.functionIds.join(', ')} />
      <Column<RiskRecord> label="segra.analysis.fields.org_fields" sortable={false} render={(r) => (r.orgFields ?? []).join('+')} />
      <Column<RiskRecord> source="active" label="segra.analysis.fields.active" render={(r) => yesNo(r.active, translate)} />
      <Column<RiskRecord> source="manual" label="segra.analysis.fields.manual" render={(r) => yesNo(r.manual, translate)} />
      <Column<RiskRecord> label="segra.analysis.common.actions" sortable={false} textAlign="right" stopClick render={(r) => <RiskActions row={r} onEdit={onEdit} />} />
    </EmbeddedList>
  );
}

/** Risk data (/app/risk/modules): a risk period's risks and functions with actions and permission lines (each created, edited, deleted). */
export default function RiskData() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const periods = useChoices<Option>(RESOURCES.riskPeriods.name, { field: 'periodDate', order: 'DESC' });
  const [periodId, setPeriodId] = useState('');
  const [tab, setTab] = useState(0);
  const [editing, setEditing] = useState<RiskRecord | 'new' | null>(null);
  const [editingFn, setEditingFn] = useState<FunctionRecord | 'new' | null>(null);
  useEffect(() => {
    if (!periodId && periods && periods.length > 0) setPeriodId((periods.find((p) => p.status === 'ready') ?? periods[0]).id);
  }, [periods, periodId]);

  return (
    <ScreenCard
      titleKey="segra.screens.risk_modules"
      actions={
        tab === 0 ? (
          <Button variant="contained" disabled={!periodId} onClick={() => setEditing('new')}>
            {translate('segra.analysis.risk_data.new_risk')}
          </Button>
        ) : (
          <Button variant="contained" disabled={!periodId} onClick={() => setEditingFn('new')}>
            {translate('segra.analysis.risk_data.new_function')}
          </Button>
        )
      }
    >
      <RecordSelect label="segra.analysis.fields.risk_period" value={periodId} options={periods} onChange={setPeriodId} testId="risk-period-picker" />
      {periodId && (
        <>
          <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ my: 2 }}>
            <Tab label={translate('segra.analysis.risk_data.risks')} />
            <Tab label={translate('segra.analysis.risk_data.functions')} />
          </Tabs>
          {tab === 0 && <RiskList riskPeriodId={periodId} onEdit={setEditing} />}
          {tab === 1 && <FunctionList riskPeriodId={periodId} onEdit={setEditingFn} />}
        </>
      )}
      {editing && periodId && (
        <RiskDialog
          riskPeriodId={periodId}
          risk={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {editingFn && periodId && (
        <FunctionDialog
          riskPeriodId={periodId}
          fn={editingFn}
          onClose={() => setEditingFn(null)}
          onSaved={() => {
            setEditingFn(null);
            refresh();
          }}
        />
      )}
    </ScreenCard>
  );
}
