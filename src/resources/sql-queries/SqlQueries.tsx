import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { Flex } from './Flex.tsx';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { intlLocale } from '../../resources/common/locale.ts';
import { apiJson, apiList } from './api.ts';
import { PagedTable, type Column } from './PagedTable.tsx';
import { ConfirmButton, formatDate, ScreenCard, useActiveCustomer, useApiError } from './components.tsx';

interface SqlQuery {
  id: string;
  name: string;
  description: string | null;
  type: string | null;
  rawQuery: string;
  createdBy: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

function QueryDialog({ query, onClose, onSaved }: { query: SqlQuery | 'new'; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const isNew = query === 'new';
  const [v, setV] = useState({
    name: isNew ? '' : query.name,
    description: isNew ? '' : query.description ?? '',
    type: isNew ? '' : query.type ?? '',
    rawQuery: isNew ? 'SELECT bname, ustyp, uflag FROM usr02' : query.rawQuery,
  });
  const save = async () => {
    if (!v.name.trim() || !v.rawQuery.trim()) {
      notify('segra.analysis.common.fill_all', { type: 'warning' });
      return;
    }
    const body = { name: v.name.trim(), description: v.description, rawQuery: v.rawQuery, ...(v.type.trim() ? { type: v.type.trim() } : {}) };
    try {
      if (isNew) await apiJson('/api/sql-queries', 'POST', body);
      else await apiJson(`/api/sql-queries/${query.id}`, 'PUT', body);
      notify(isNew ? 'segra.analysis.common.created' : 'segra.analysis.common.updated', { type: 'success' });
      onSaved();
    } catch (e) {
      apiError(e, isNew ? 'segra.analysis.errors.sql_add' : 'segra.analysis.errors.sql_update');
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate(isNew ? 'segra.analysis.sql.new' : 'segra.analysis.sql.edit')}</DialogTitle>
      <DialogContent>
        <Flex gap={2} sx={{ pt: 1 }}>
          <TextField size="small" required name="name" label={translate('segra.analysis.fields.name')} value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          <TextField size="small" name="description" label={translate('segra.analysis.fields.description')} value={v.description} onChange={(e) => setV({ ...v, description: e.target.value })} />
          <TextField size="small" name="type" label={translate('segra.analysis.fields.type')} value={v.type} onChange={(e) => setV({ ...v, type: e.target.value })} />
          <TextField
            required
            multiline
            minRows={8}
            name="rawQuery"
            label={translate('segra.analysis.sql.raw_query')}
            helperText={translate('segra.analysis.sql.help')}
            value={v.rawQuery}
            onChange={(e) => setV({ ...v, rawQuery: e.target.value })}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } } }}
          />
        </Flex>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('segra.analysis.common.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()}>{translate('segra.analysis.common.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** SQL query management (/app/admin/sql): stored special queries (name, description, type, raw query). */
export default function SqlQueries() {
  const translate = useTranslate();
  const notify = useNotify();
  const apiError = useApiError();
  const [locale] = useLocaleState();
  const customer = useActiveCustomer();
  const [editing, setEditing] = useState<SqlQuery | 'new' | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const columns: Column<SqlQuery>[] = [
    { key: 'name', label: 'segra.analysis.fields.name', sortable: true },
    { key: 'description', label: 'segra.analysis.fields.description' },
    { key: 'type', label: 'segra.analysis.fields.type', sortable: true },
    { key: 'createdBy', label: 'segra.analysis.fields.created_by', sortable: true },
    { key: 'updatedAt', label: 'segra.analysis.fields.updated_at', sortable: true, render: (r) => formatDate(r.updatedAt, intlLocale(locale), true) },
  ];
  return (
    <ScreenCard titleKey="segra.screens.admin_sql" actions={<Button variant="contained" onClick={() => setEditing('new')}>{translate('segra.analysis.sql.new')}</Button>}>
      <PagedTable<SqlQuery>
        testId="sql-queries"
        columns={columns}
        reloadKey={`${reloadKey}-${customer}`}
        defaultSort={['name', 'ASC']}
        load={(p) => apiList<SqlQuery>('/api/sql-queries', p)}
        rowActions={(row, reload) => (
          <>
            <Button size="small" onClick={() => setEditing(row)}>{translate('segra.analysis.common.edit')}</Button>
            <ConfirmButton
              label="segra.analysis.common.delete"
              title="segra.analysis.common.delete_title"
              onConfirm={async () => {
                try {
                  await apiJson(`/api/sql-queries/${row.id}`, 'DELETE');
                  notify('segra.analysis.common.deleted', { type: 'info' });
                  reload();
                } catch (e) {
                  apiError(e, 'segra.analysis.errors.sql_delete');
                }
              }}
            />
          </>
        )}
      />
      {editing && (
        <QueryDialog
          query={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setReloadKey((k) => k + 1);
          }}
        />
      )}
    </ScreenCard>
  );
}
