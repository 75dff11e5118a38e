import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Flex } from '../../custom-pages/analysis/Flex.tsx';
import { formatDate, ScreenCard, useApiError } from '../../custom-pages/analysis/components.tsx';
import { useSegraDataProvider } from '../../providers/useSegraDataProvider.ts';
import { Column, EmbeddedList } from '../common/EmbeddedList.tsx';
import { intlLocale } from '../common/locale.ts';
import { RESOURCES } from '../resource-names.ts';
import { DeleteRowButton } from '../common/DeleteRowButton.tsx';

const RESOURCE = RESOURCES.sqlQueries.name;

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
  const dataProvider = useSegraDataProvider();
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
      if (isNew) await dataProvider.create(RESOURCE, { data: body });
      else await dataProvider.update(RESOURCE, { id: query.id, data: body, previousData: query });
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

function QueryActions({ row, onEdit }: { row: SqlQuery; onEdit: (q: SqlQuery) => void }) {
  const translate = useTranslate();
  return (
    <>
      <Button size="small" onClick={() => onEdit(row)}>{translate('segra.analysis.common.edit')}</Button>
      <DeleteRowButton resource={RESOURCE} row={row} errorKey="segra.analysis.errors.sql_delete" />
    </>
  );
}

/** SQL query management (/app/admin/sql): stored special queries (name, description, type, raw query). */
export default function SqlQueries() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [editing, setEditing] = useState<SqlQuery | 'new' | null>(null);
  return (
    <ScreenCard titleKey="segra.screens.admin_sql" actions={<Button variant="contained" onClick={() => setEditing('new')}>{translate('segra.analysis.sql.new')}</Button>}>
      <EmbeddedList<SqlQuery> resource={RESOURCE} testId="sql-queries" sort={{ field: 'name', order: 'ASC' }}>
        <Column<SqlQuery> source="name" label="segra.analysis.fields.name" render={(r) => r.name} />
        <Column<SqlQuery> label="segra.analysis.fields.description" sortable={false} render={(r) => r.description} />
        <Column<SqlQuery> source="type" label="segra.analysis.fields.type" render={(r) => r.type} />
        <Column<SqlQuery> source="createdBy" label="segra.analysis.fields.created_by" render={(r) => r.createdBy} />
        <Column<SqlQuery> source="updatedAt" label="segra.analysis.fields.updated_at" render={(r) => formatDate(r.updatedAt, intlLocale(locale), true)} />
        <Column<SqlQuery> label="segra.analysis.common.actions" sortable={false} textAlign="right" stopClick render={(r) => <QueryActions row={r} onEdit={setEditing} />} />
      </EmbeddedList>
      {editing && (
        <QueryDialog
          query={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </ScreenCard>
  );
}
