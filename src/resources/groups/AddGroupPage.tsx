import {
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { HttpError, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { httpClient } from '../../providers/httpClient.ts';
import { toTranslatedError } from '../../providers/dataProvider.ts';
import { GRANTABLE_PAGES, type GroupPage } from './group-pages.ts';

const FLAGS = ['add', 'update', 'delete', 'view'] as const;

/**
 * Adds one page permission to a group (POST /api/groups/:id/pages). When the group already has
 * the page the API answers 409, and the user chooses: override it, or update (add the flags).
 */
export function AddGroupPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext();
  const [page, setPage] = useState<GroupPage>({ page: '', add: false, update: false, delete: false, view: true });
  const [conflict, setConflict] = useState(false);
  if (!record) return null;

  const send = async (mode?: 'override' | 'update') => {
    try {
      await httpClient(`/api/groups/${record.id}/pages${mode ? `?mode=${mode}` : ''}`, { method: 'POST', body: JSON.stringify(page) });
      setConflict(false);
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      refresh();
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) {
        setConflict(true);
        return;
      }
      notify((toTranslatedError(e, 'groups', 'update') as Error).message, { type: 'error' });
    }
  };

  return (
    <Card sx={{ ml: 2, width: 300, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="subtitle1" gutterBottom>
          {translate('segra.groups.add_page')}
        </Typography>
        <TextField select fullWidth size="small" label={translate('segra.fields.page')} value={page.page} onChange={(e) => setPage({ ...page, page: e.target.value })}>
          {GRANTABLE_PAGES.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {translate(p.name)}
            </MenuItem>
          ))}
        </TextField>
        {FLAGS.map((f) => (
          <FormControlLabel
            key={f}
            control={<Checkbox checked={page[f]} onChange={(e) => setPage({ ...page, [f]: e.target.checked })} />}
            label={translate(`segra.permissions.${f}`)}
          />
        ))}
        <Button variant="outlined" fullWidth disabled={!page.page} onClick={() => void send()}>
          {translate('ra.action.add')}
        </Button>
      </CardContent>
      <Dialog open={conflict} onClose={() => setConflict(false)}>
        <DialogTitle>{translate('segra.groups.page_exists_title')}</DialogTitle>
        <DialogContent>{translate('segra.errors.code.GROUP_PAGE_EXISTS')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConflict(false)}>{translate('ra.action.cancel')}</Button>
          <Button onClick={() => void send('update')}>{translate('segra.groups.update')}</Button>
          <Button variant="contained" onClick={() => void send('override')}>
            {translate('segra.groups.override')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
