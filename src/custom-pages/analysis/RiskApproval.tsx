import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Tab, Tabs, TextField, Typography } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { intlLocale } from '../../resources/common/locale.ts';
import { apiJson, apiList } from './api.ts';
import { PagedTable, type Column } from './PagedTable.tsx';
import { ConfirmButton, formatDate, ScreenCard, useActiveCustomer, useApiError } from './components.tsx';

interface Acceptance {
  id: string;
  riskId: string;
  scope: 'global' | 'user' | 'role';
  holder: string;
  message: string;
  validFrom: string | null;
  validTo: string | null;
  createdBy: string | null;
  createdAt: string | null;
  updatedBy: string | null;
  updatedAt: string | null;
}

interface Deactivation {
  id: string;
  riskId: string;
  message: string;
  createdBy: string | null;
  createdAt: string | null;
}

const dateInput = { inputLabel: { shrink: true } };

function EditAcceptance({ row, onClose, onSaved }: { row: Acceptance; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const [v, setV] = useState({ message: row.message, validFrom: row.validFrom ?? '', validTo: row.validTo ?? '' });
  const save = async () => {
    if (!v.message.trim()) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    try {
      await apiJson(`/api/risk-acceptances/${row.id}`, 'PUT', { message: v.message.trim(), validFrom: v.validFrom || null, validTo: v.validTo || null });
      notify('segra.analysis.common.updated', { type: 'success' });
      onSaved();
    } catch (e) {
      apiError(e, 'segra.analysis.errors.risk_update');
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('segra.analysis.approval.edit_title', { risk: row.riskId })}</DialogTitle>
      <DialogContent>
        <Flex gap={2} sx={{ pt: 1 }}>
          <TextField size="small" label={translate('segra.analysis.fields.message')} value={v.message} onChange={(e) => setV({ ...v, message: e.target.value })} multiline minRows={2} required />
          <TextField size="small" type="date" label={translate('segra.analysis.fields.valid_from')} value={v.validFrom} onChange={(e) => setV({ ...v, validFrom: e.target.value })} slotProps={dateInput} />
          <TextField size="small" type="date" label={translate('segra.analysis.fields.valid_to')} value={v.validTo} onChange={(e) => setV({ ...v, validTo: e.target.value })} slotProps={dateInput} />
        </Flex>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('segra.analysis.common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()}>{translate('segra.analysis.common.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Risk approval (/app/reports/risk): accept a risk globally, for a user or a role; deactivate and reactivate risks. */
export default function RiskApproval() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const [locale] = useLocaleState();
  const customer = useActiveCustomer();
  const [params] = useSearchParams();
  const initialScope = params.get('scope');
  const [v, setV] = useState({
    riskId: params.get('riskId') ?? '',
    scope: initialScope === 'user' || initialScope === 'role' ? initialScope : 'global',
    holder: params.get('holder') ?? '',
    message: '',
    validFrom: '',
    validTo: '',
  });
  const [tab, setTab] = useState(0);
  const [editing, setEditing] = useState<Acceptance | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const loc = intlLocale(locale);
  const bump = () => setReloadKey((k) => k + 1);

  const accept = async () => {
    if (!v.riskId.trim() || !v.message.trim() || (v.scope !== 'global' && !v.holder.trim())) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    try {
      await apiJson('/api/risk-acceptances', 'POST', {
        riskId: v.riskId.trim(),
        scope: v.scope,
        holder: v.scope === 'global' ? '' : v.holder.trim(),
        message: v.message.trim(),
        validFrom: v.validFrom || null,
        validTo: v.validTo || null,
      });
      notify('segra.analysis.approval.accepted', { type: 'success' });
      setV({ ...v, message: '' });
      setTab(0);
      bump();
    } catch (e) {
      apiError(e, 'segra.analysis.errors.risk_accept');
    }
  };
  const deactivate = async () => {
    if (!v.riskId.trim()) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    try {
      await apiJson('/api/risk-deactivations', 'POST', { riskId: v.riskId.trim(), message: v.message.trim() });
      notify('segra.analysis.approval.deactivated', { type: 'success' });
      setTab(1);
      bump();
    } catch (e) {
      apiError(e, 'segra.analysis.errors.risk_deactivate');
    }
  };

  const acceptanceColumns: Column<Acceptance>[] = [
    { key: 'riskId', label: 'segra.analysis.fields.risk_id', sortable: true },
    { key: 'scope', label: 'segra.analysis.fields.scope', sortable: true, render: (r) => translate(`segra.analysis.scope.${r.scope}`) },
    { key: 'holder', label: 'segra.analysis.fields.holder', sortable: true, render: (r) => r.holder || '—' },
    { key: 'message', label: 'segra.analysis.fields.message' },
    { key: 'validTo', label: 'segra.analysis.fields.validity', sortable: true, render: (r) => `${formatDate(r.validFrom, loc)} – ${formatDate(r.validTo, loc)}` },
    { key: 'createdAt', label: 'segra.analysis.fields.created', sortable: true, render: (r) => `${r.createdBy ?? '—'} · ${formatDate(r.createdAt, loc, true)}` },
    { key: 'updatedAt', label: 'segra.analysis.fields.updated', sortable: true, render: (r) => `${r.updatedBy ?? '—'} · ${formatDate(r.updatedAt, loc, true)}` },
  ];
  const deactivationColumns: Column<Deactivation>[] = [
    { key: 'riskId', label: 'segra.analysis.fields.risk_id', sortable: true },
    { key: 'message', label: 'segra.analysis.fields.message' },
    { key: 'createdAt', label: 'segra.analysis.fields.created', sortable: true, render: (r) => `${r.createdBy ?? '—'} · ${formatDate(r.createdAt, loc, true)}` },
  ];

  return (
    <ScreenCard titleKey="segra.screens.reports_risk">
      <Box component="form" onSubmit={(e) => { e.preventDefault(); void accept(); }} sx={{ mb: 3 }}>
        <Typography variant="subtitle1" gutterBottom>{translate('segra.analysis.approval.form_title')}</Typography>
        <Flex direction="row" gap={2} flexWrap="wrap" alignItems="center">
          <TextField size="small" required name="riskId" label={translate('segra.analysis.fields.risk_id')} value={v.riskId} onChange={(e) => setV({ ...v, riskId: e.target.value })} />
          <RadioGroup row value={v.scope} onChange={(e) => setV({ ...v, scope: e.target.value as typeof v.scope })}>
            {(['global', 'user', 'role'] as const).map((s) => (
              <FormControlLabel key={s} value={s} control={<Radio />} label={translate(`segra.analysis.scope.${s}`)} />
            ))}
          </RadioGroup>
          {v.scope !== 'global' && (
            <TextField size="small" required name="holder" label={translate(`segra.analysis.scope.${v.scope}`)} value={v.holder} onChange={(e) => setV({ ...v, holder: e.target.value })} />
          )}
        </Flex>
        <Flex direction="row" gap={2} flexWrap="wrap" alignItems="center" sx={{ mt: 2 }}>
          <TextField size="small" name="message" label={translate('segra.analysis.fields.message')} value={v.message} onChange={(e) => setV({ ...v, message: e.target.value })} sx={{ minWidth: 320 }} />
          <TextField size="small" type="date" name="validFrom" label={translate('segra.analysis.fields.valid_from')} value={v.validFrom} onChange={(e) => setV({ ...v, validFrom: e.target.value })} slotProps={dateInput} />
          <TextField size="small" type="date" name="validTo" label={translate('segra.analysis.fields.valid_to')} value={v.validTo} onChange={(e) => setV({ ...v, validTo: e.target.value })} slotProps={dateInput} />
          <Button type="submit" variant="contained">{translate('segra.analysis.approval.accept')}</Button>
          <Button color="warning" variant="outlined" onClick={() => void deactivate()}>{translate('segra.analysis.approval.deactivate')}</Button>
        </Flex>
      </Box>
      <Tabs value={tab} onChange={(_e, t: number) => setTab(t)} sx={{ mb: 2 }}>
        <Tab label={translate('segra.analysis.approval.acceptances')} />
        <Tab label={translate('segra.analysis.approval.deactivations')} />
      </Tabs>
      {tab === 0 && (
        <PagedTable<Acceptance>
          testId="acceptances"
          columns={acceptanceColumns}
          reloadKey={`${reloadKey}-${customer}`}
          defaultSort={['createdAt', 'DESC']}
          load={(p) => apiList<Acceptance>('/api/risk-acceptances', p)}
          rowActions={(row, reload) => (
            <>
              <Button size="small" onClick={() => setEditing(row)}>{translate('segra.analysis.common.edit')}</Button>
              <ConfirmButton
                label="segra.analysis.common.delete"
                title="segra.analysis.common.delete_title"
                onConfirm={async () => {
                  try {
                    await apiJson(`/api/risk-acceptances/${row.id}`, 'DELETE');
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
        <PagedTable<Deactivation>
          testId="deactivations"
          columns={deactivationColumns}
          reloadKey={`${reloadKey}-${customer}`}
          defaultSort={['riskId', 'ASC']}
          load={(p) => apiList<Deactivation>('/api/risk-deactivations', p)}
          rowActions={(row, reload) => (
            <ConfirmButton
              label="segra.analysis.approval.reactivate"
              title="segra.analysis.approval.reactivate_title"
              content="segra.analysis.approval.reactivate_confirm"
              color="primary"
              onConfirm={async () => {
                try {
                  await apiJson(`/api/risk-deactivations/${row.id}`, 'DELETE');
                  notify('segra.analysis.approval.reactivated', { type: 'info' });
                  reload();
                } catch (e) {
                  apiError(e, 'segra.analysis.errors.risk_deactivate');
                }
              }}
            />
          )}
        />
      )}
      {editing && (
        <EditAcceptance
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            bump();
          }}
        />
      )}
    </ScreenCard>
  );
}
