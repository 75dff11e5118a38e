import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Tab, Tabs, TextField, Typography } from '@mui/material';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { useState } from 'react';
import { useCreate, useDelete, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { intlLocale } from '../common/locale.ts';
import { ConfirmButton, formatDate, ScreenCard, useApiError } from '../../custom-pages/analysis/components.tsx';
import { ListTable, type Column } from '../common/ListTable.tsx';
import { RESOURCES } from '../resource-names.ts';
import { UserTypeText } from '../../custom-pages/user-types/UserType.tsx';

const ACCEPTANCES = RESOURCES.riskAcceptances.name;
/** Deactivations are listed and made on the approval screen too; the API resource by its own name. */
const DEACTIVATIONS = 'risk-deactivations';

interface Acceptance {
  id: string;
  riskId: string;
  scope: 'global' | 'user' | 'role';
  holder: string;
  /** A user acceptance's: the user's SAP user type in the default analysis's period (issue 27 item 6); '' unknown. */
  userType?: string | null;
  /**
   * With the customer's user mapping (DESIGN 5.18): the users (`SYSTEM/BNAME`) of the person a
   * user acceptance names, and the persons its name is mapped to (then it does not reach them).
   */
  personUsers?: string[];
  mappedTo?: string[];
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
  const [update] = useUpdate();
  const [v, setV] = useState({ message: row.message, validFrom: row.validFrom ?? '', validTo: row.validTo ?? '' });
  const save = async () => {
    if (!v.message.trim()) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    try {
      await update(ACCEPTANCES, { id: row.id, data: { message: v.message.trim(), validFrom: v.validFrom || null, validTo: v.validTo || null }, previousData: row }, { returnPromise: true });
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

/** The holder of an acceptance; for a person of the user mapping, the users it stands for in each system (acceptance per person, DESIGN 5.18). */
export function AcceptanceHolder({ row }: { row: Pick<Acceptance, 'holder' | 'personUsers' | 'mappedTo'> }) {
  const translate = useTranslate();
  return (
    <>
      {row.holder || '—'}
      {row.personUsers && row.personUsers.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="acceptance-person-users">
          {translate('segra.analysis.approval.person_users', { users: row.personUsers.join(', ') })}
        </Typography>
      )}
      {row.mappedTo && row.mappedTo.length > 0 && (
        <Typography variant="caption" color="warning.main" sx={{ display: 'block' }} data-testid="acceptance-mapped-to">
          {translate('segra.analysis.approval.mapped_to', { persons: row.mappedTo.join(', ') })}
        </Typography>
      )}
    </>
  );
}

/** Risk approval (/app/reports/risk): accept a risk globally, for a user or a role; deactivate and reactivate risks. */
export default function RiskApproval() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const [locale] = useLocaleState();
  const [create] = useCreate();
  const [remove] = useDelete();
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
  const loc = intlLocale(locale);

  const accept = async () => {
    if (!v.riskId.trim() || !v.message.trim() || (v.scope !== 'global' && !v.holder.trim())) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    try {
      const data = {
        riskId: v.riskId.trim(),
        scope: v.scope,
        holder: v.scope === 'global' ? '' : v.holder.trim(),
        message: v.message.trim(),
        validFrom: v.validFrom || null,
        validTo: v.validTo || null,
      };
      await create(ACCEPTANCES, { data }, { returnPromise: true });
      notify('segra.analysis.approval.accepted', { type: 'success' });
      setV({ ...v, message: '' });
      setTab(0);
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
      await create(DEACTIVATIONS, { data: { riskId: v.riskId.trim(), message: v.message.trim() } }, { returnPromise: true });
      notify('segra.analysis.approval.deactivated', { type: 'success' });
      setTab(1);
    } catch (e) {
      apiError(e, 'segra.analysis.errors.risk_deactivate');
    }
  };

  const acceptanceColumns: Column<Acceptance>[] = [
    { key: 'riskId', label: 'segra.analysis.fields.risk_id', sortable: true },
    { key: 'scope', label: 'segra.analysis.fields.scope', sortable: true, render: (r) => translate(`segra.analysis.scope.${r.scope}`) },
    { key: 'holder', label: 'segra.analysis.fields.holder', sortable: true, render: (r) => <AcceptanceHolder row={r} /> },
    { key: 'userType', label: 'segra.user_type.label', render: (r) => <UserTypeText type={r.scope === 'user' ? (r.userType ?? '') : null} /> },
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
        <ListTable<Acceptance>
          resource={ACCEPTANCES}
          testId="acceptances"
          columns={acceptanceColumns}
          defaultSort={['createdAt', 'DESC']}
          rowActions={(row) => (
            <>
              <Button size="small" onClick={() => setEditing(row)}>{translate('segra.analysis.common.edit')}</Button>
              <ConfirmButton
                label="segra.analysis.common.delete"
                title="segra.analysis.common.delete_title"
                onConfirm={async () => {
                  try {
                    await remove(ACCEPTANCES, { id: row.id, previousData: row }, { returnPromise: true });
                    notify('segra.analysis.common.deleted', { type: 'info' });
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
        <ListTable<Deactivation>
          resource={DEACTIVATIONS}
          testId="deactivations"
          columns={deactivationColumns}
          defaultSort={['riskId', 'ASC']}
          rowActions={(row) => (
            <ConfirmButton
              label="segra.analysis.approval.reactivate"
              title="segra.analysis.approval.reactivate_title"
              content="segra.analysis.approval.reactivate_confirm"
              color="primary"
              onConfirm={async () => {
                try {
                  await remove(DEACTIVATIONS, { id: row.id, previousData: row }, { returnPromise: true });
                  notify('segra.analysis.approval.reactivated', { type: 'info' });
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
          onSaved={() => setEditing(null)}
        />
      )}
    </ScreenCard>
  );
}
