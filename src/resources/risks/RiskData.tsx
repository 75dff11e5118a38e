import { Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Tab, Tabs, TextField } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiJson, apiList } from './api.ts';
import { PagedTable, type Column } from './PagedTable.tsx';
import { RecordSelect, useOptions, type Option } from './RecordSelect.tsx';
import { ConfirmButton, ScreenCard, useApiError } from './components.tsx';
import { FunctionDetail, FunctionDialog } from './FunctionDialog.tsx';
import type { FunctionRecord } from './function-form.ts';
import { RISK_LEVELS, RISK_TYPES, riskLevelColour, riskLevelKey } from './helpers.ts';

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
      if (isNew) await apiJson('/api/risks', 'POST', { ...body, riskPeriodId, riskId: v.riskId.trim() });
      else await apiJson(`/api/risks/${risk.id}`, 'PUT', body);
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

/** Risk data (/app/risk/modules): a risk period's risks and functions with actions and permission lines (each created, edited, deleted). */
export default function RiskData() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const periods = useOptions<Option>('/api/risk-periods');
  const [periodId, setPeriodId] = useState('');
  const [tab, setTab] = useState(0);
  const [editing, setEditing] = useState<RiskRecord | 'new' | null>(null);
  const [editingFn, setEditingFn] = useState<FunctionRecord | 'new' | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  useEffect(() => {
    if (!periodId && periods && periods.length > 0) setPeriodId((periods.find((p) => p.status === 'ready') ?? periods[0]).id);
  }, [periods, periodId]);

  const riskColumns: Column<RiskRecord>[] = [
    { key: 'riskId', label: 'segra.analysis.fields.risk_id', sortable: true },
    { key: 'description', label: 'segra.analysis.fields.description' },
    { key: 'type', label: 'segra.analysis.fields.type', sortable: true, render: (r) => translate(`segra.analysis.risk_type.${r.type}`) },
    { key: 'level', label: 'segra.analysis.fields.risk_level', sortable: true, render: (r) => <Chip size="small" color={riskLevelColour(r.level)} label={translate(riskLevelKey(r.level))} /> },
    { key: 'businessProcess', label: 'segra.analysis.fields.business_process', sortable: true },
    { key: 'functionIds', label: 'segra.analysis.fields.functions', render: (r) => r.functionIds.join(', ') },
    { key: 'orgFields', label: 'segra.analysis.fields.org_fields', render: (r) => (r.orgFields ?? []).join('+') },
    { key: 'active', label: 'segra.analysis.fields.active', sortable: true, render: (r) => yesNo(r.active, translate) },
    { key: 'manual', label: 'segra.analysis.fields.manual', sortable: true, render: (r) => yesNo(r.manual, translate) },
  ];
  const functionColumns: Column<FunctionRecord>[] = [
    { key: 'functionId', label: 'segra.analysis.fields.function_id', sortable: true },
    { key: 'description', label: 'segra.analysis.fields.description' },
    { key: 'businessProcess', label: 'segra.analysis.fields.business_process', sortable: true },
    { key: 'actions', label: 'segra.analysis.risk_data.actions', render: (f) => f.actions.map((a) => a.action).slice(0, 6).join(', ') + (f.actions.length > 6 ? ' …' : '') },
    { key: 'permissions', label: 'segra.analysis.risk_data.permissions', align: 'right', render: (f) => f.permissions.length },
  ];
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
          {tab === 0 && (
            <PagedTable<RiskRecord>
              testId="risks"
              columns={riskColumns}
              filter={{ riskPeriodId: periodId }}
              reloadKey={reloadKey}
              defaultSort={['riskId', 'ASC']}
              load={(p) => apiList<RiskRecord>('/api/risks', p)}
              rowActions={(row, reload) => (
                <>
                  <Button size="small" onClick={() => setEditing(row)}>{translate('segra.analysis.common.edit')}</Button>
                  <ConfirmButton
                    label="segra.analysis.common.delete"
                    title="segra.analysis.common.delete_title"
                    onConfirm={async () => {
                      try {
                        await apiJson(`/api/risks/${row.id}`, 'DELETE');
                        notify('segra.analysis.common.deleted', { type: 'info' });
                        reload();
                      } catch (e) {
                        apiError(e, 'segra.analysis.errors.risk_delete');
                      }
                    }}
                  />
                </>
              )}
            />
          )}
          {tab === 1 && (
            <PagedTable<FunctionRecord>
              testId="functions"
              columns={functionColumns}
              filter={{ riskPeriodId: periodId }}
              reloadKey={reloadKey}
              defaultSort={['functionId', 'ASC']}
              load={(p) => apiList<FunctionRecord>('/api/functions', p)}
              expand={(f) => <FunctionDetail f={f} />}
              rowActions={(row, reload) => (
                <>
                  <Button size="small" onClick={() => setEditingFn(row)}>{translate('segra.analysis.common.edit')}</Button>
                  <ConfirmButton
                    label="segra.analysis.common.delete"
                    title="segra.analysis.common.delete_title"
                    onConfirm={async () => {
                      try {
                        await apiJson(`/api/functions/${row.id}`, 'DELETE');
                        notify('segra.analysis.common.deleted', { type: 'info' });
                        reload();
                      } catch (e) {
                        apiError(e, 'segra.analysis.errors.function_delete');
                      }
                    }}
                  />
                </>
              )}
            />
          )}
        </>
      )}
      {editing && periodId && (
        <RiskDialog
          riskPeriodId={periodId}
          risk={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReloadKey((k) => k + 1);
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
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </ScreenCard>
  );
}
