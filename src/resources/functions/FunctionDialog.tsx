import { Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useApiError, type Translate } from '../../custom-pages/analysis/components.tsx';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { RESOURCES } from '../resource-names.ts';
import {
  emptyPermission,
  normaliseCode,
  normaliseForm,
  OPERATORS,
  requestBody,
  toForm,
  validateFunction,
  type ActionRow,
  type FunctionForm,
  type FunctionRecord,
  type PermissionRow,
  type Problem,
} from './function-form.ts';

const PERM_TEXT = ['object', 'field', 'low', 'high'] as const;

/** A problem in the user's language; an argument that is a catalogue key (a field's name) is translated too. */
const problemText = (p: Problem, translate: Translate) =>
  translate(p.key, Object.fromEntries(Object.entries(p.args ?? {}).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('segra.') ? translate(v) : v])));

/** The function's transaction codes: add one, switch one off, remove one. */
function ActionsEditor({ actions, onChange }: { actions: ActionRow[]; onChange: (a: ActionRow[]) => void }) {
  const translate = useTranslate();
  const [tcode, setTcode] = useState('');
  const add = () => {
    const action = normaliseCode(tcode);
    if (!action) return;
    onChange([...actions, { action, active: true }]);
    setTcode('');
  };
  return (
    <Box data-testid="function-actions">
      <Typography variant="subtitle2">{translate('segra.analysis.risk_data.actions')}</Typography>
      {actions.length === 0 && <Typography variant="body2" color="text.secondary">{translate('segra.analysis.risk_data.no_actions')}</Typography>}
      {actions.map((a, i) => (
        <Flex key={i} direction="row" alignItems="center" gap={1} data-testid="action-row">
          <Typography sx={{ minWidth: 120, fontFamily: 'monospace' }}>{a.action}</Typography>
          <Checkbox
            size="small"
            checked={a.active}
            onChange={(e) => onChange(actions.map((x, j) => (j === i ? { ...x, active: e.target.checked } : x)))}
            slotProps={{ input: { 'aria-label': `${translate('segra.analysis.fields.active')} ${a.action}` } }}
          />
          <Button size="small" color="error" onClick={() => onChange(actions.filter((_x, j) => j !== i))}>
            {translate('segra.analysis.risk_data.remove')}
          </Button>
        </Flex>
      ))}
      <Flex direction="row" gap={1} alignItems="center" sx={{ mt: 1 }}>
        <TextField
          size="small"
          name="newAction"
          label={translate('segra.analysis.risk_data.new_action')}
          value={tcode}
          onChange={(e) => setTcode(e.target.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button size="small" variant="outlined" onClick={add} disabled={!tcode.trim()}>
          {translate('segra.analysis.risk_data.add_action')}
        </Button>
      </Flex>
    </Box>
  );
}

/** The permission lines: each under one of the function's actions (none when it has no actions). */
function PermissionsEditor({ lines, actions, onChange }: { lines: PermissionRow[]; actions: ActionRow[]; onChange: (l: PermissionRow[]) => void }) {
  const translate = useTranslate();
  const set = (i: number, patch: Partial<PermissionRow>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const label = (k: string) => translate(`segra.analysis.risk_data.perm_${k}`);
  const codes = actions.map((a) => a.action);
  return (
    <Box data-testid="function-permissions">
      <Typography variant="subtitle2">{translate('segra.analysis.risk_data.permissions')}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {['action', 'object', 'field', 'low', 'high', 'operator', 'active'].map((k) => (
                <TableCell key={k}>{label(k)}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l, i) => {
              // The line's own action stays selectable even when it is not (or no longer) one of the
              // function's actions, so the select shows it and the check on save can point at it.
              const options = codes.length === 0 ? [''] : codes.includes(l.action) ? codes : [l.action, ...codes];
              return (
                <TableRow key={i} data-testid="perm-row">
                  <TableCell sx={{ minWidth: 130 }}>
                    <TextField select size="small" fullWidth value={l.action} onChange={(e) => set(i, { action: e.target.value })} error={!codes.includes(l.action) && codes.length > 0} slotProps={{ select: { 'data-testid': `perm-action-${i}`, SelectDisplayProps: { 'aria-label': label('action') } } as object }}>
                      {options.map((o) => (
                        <MenuItem key={o} value={o}>{o === '' ? translate('segra.analysis.risk_data.no_action') : o}</MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  {PERM_TEXT.map((k) => (
                    <TableCell key={k} sx={{ minWidth: k === 'object' ? 130 : 100 }}>
                      <TextField
                        size="small"
                        value={l[k]}
                        onChange={(e) => set(i, { [k]: k === 'object' || k === 'field' ? e.target.value.toUpperCase() : e.target.value })}
                        slotProps={{ htmlInput: { name: k, 'aria-label': label(k) } }}
                      />
                    </TableCell>
                  ))}
                  <TableCell>
                    <TextField select size="small" value={l.operator} onChange={(e) => set(i, { operator: e.target.value as PermissionRow['operator'] })} slotProps={{ select: { 'data-testid': `perm-operator-${i}`, SelectDisplayProps: { 'aria-label': label('operator') } } as object }}>
                      {OPERATORS.map((o) => (
                        <MenuItem key={o} value={o}>{o}</MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    <Checkbox size="small" checked={l.active} onChange={(e) => set(i, { active: e.target.checked })} slotProps={{ input: { 'aria-label': label('active') } }} />
                  </TableCell>
                  <TableCell>
                    <Button size="small" color="error" onClick={() => onChange(lines.filter((_x, j) => j !== i))}>
                      {translate('segra.analysis.risk_data.remove')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {lines.length === 0 && <Typography variant="body2" color="text.secondary">{translate('segra.analysis.risk_data.no_permissions')}</Typography>}
      <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => onChange([...lines, emptyPermission(codes[0] ?? '')])}>
        {translate('segra.analysis.risk_data.add_permission')}
      </Button>
    </Box>
  );
}

/** A function's actions (filled: active) and permission lines, read-only (the expanded row of the list). */
export function FunctionDetail({ f }: { f: FunctionRecord }) {
  const translate = useTranslate();
  return (
    <Flex gap={2}>
      <Box>
        <Typography variant="subtitle2">{translate('segra.analysis.risk_data.actions')}</Typography>
        <Flex direction="row" gap={1} flexWrap="wrap">
          {f.actions.length === 0 && <Typography variant="body2">—</Typography>}
          {f.actions.map((a) => (
            <Chip key={a.action} size="small" label={a.action} variant={a.active ? 'filled' : 'outlined'} />
          ))}
        </Flex>
      </Box>
      <Box>
        <Typography variant="subtitle2">{translate('segra.analysis.risk_data.permissions')}</Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              {['action', 'object', 'field', 'low', 'high', 'operator', 'active'].map((k) => (
                <TableCell key={k}>{translate(`segra.analysis.risk_data.perm_${k}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {f.permissions.map((p, i) => (
              <TableRow key={i}>
                <TableCell>{p.action}</TableCell>
                <TableCell>{p.object}</TableCell>
                <TableCell>{p.field}</TableCell>
                <TableCell>{p.low}</TableCell>
                <TableCell>{p.high}</TableCell>
                <TableCell>{p.operator}</TableCell>
                <TableCell>{translate(p.active ? 'segra.analysis.common.yes' : 'segra.analysis.common.no')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Flex>
  );
}

/** Creates a function of a risk period or edits one: description, business process, actions and permission lines. */
export function FunctionDialog({ riskPeriodId, fn, onClose, onSaved }: { riskPeriodId: string; fn: FunctionRecord | 'new'; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const dataProvider = useSegraDataProvider();
  const isNew = fn === 'new';
  const [v, setV] = useState<FunctionForm>(() => toForm(isNew ? null : fn));
  const [problems, setProblems] = useState<Problem[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FunctionForm>) => setV((old) => ({ ...old, ...patch }));
  const save = async () => {
    const form = normaliseForm(v);
    const found = validateFunction(form, isNew);
    setProblems(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      if (isNew) await dataProvider.create(RESOURCES.functions.name, { data: requestBody(form, riskPeriodId) });
      else await dataProvider.update(RESOURCES.functions.name, { id: fn.id, data: requestBody(form, null), previousData: fn });
      notify(isNew ? 'segra.analysis.common.created' : 'segra.analysis.common.updated', { type: 'success' });
      onSaved();
    } catch (e) {
      apiError(e, isNew ? 'segra.analysis.errors.function_add' : 'segra.analysis.errors.function_update');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg">
      <DialogTitle>{isNew ? translate('segra.analysis.risk_data.new_function') : `${translate('segra.analysis.risk_data.edit_function')}: ${fn.functionId}`}</DialogTitle>
      <DialogContent>
        <Flex gap={2} sx={{ pt: 1 }}>
          {isNew && (
            <TextField size="small" name="functionId" label={translate('segra.analysis.fields.function_id')} value={v.functionId} onChange={(e) => set({ functionId: e.target.value.toUpperCase() })} required />
          )}
          <TextField size="small" name="description" label={translate('segra.analysis.fields.description')} value={v.description} onChange={(e) => set({ description: e.target.value })} multiline minRows={2} />
          <TextField size="small" name="businessProcess" label={translate('segra.analysis.fields.business_process')} value={v.businessProcess} onChange={(e) => set({ businessProcess: e.target.value })} />
          <ActionsEditor actions={v.actions} onChange={(actions) => set({ actions })} />
          <PermissionsEditor lines={v.permissions} actions={v.actions} onChange={(permissions) => set({ permissions })} />
          {problems.length > 0 && (
            <Alert severity="error" data-testid="function-problems">
              {problems.map((p, i) => (
                <div key={i}>{problemText(p, translate)}</div>
              ))}
            </Alert>
          )}
        </Flex>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('segra.analysis.common.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>{translate('segra.analysis.common.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
