import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BREAD_CATEGORIES, DATATABLE_TAGS, type DatatableRow } from '../../../demo/apps-mock/types.ts';
import { valueLabel } from '../shared/labels.ts';

export type DatatableDraft = Omit<DatatableRow, 'id'> & { id?: number };

export const emptyDatatableRow: DatatableDraft = { name: '', sales: '', stock: '', category: 'Whole Wheat', tag: '' };

/** Add or edit one datatable row. Mounted per opening, so the form starts from `initial`. */
export function DatatableRowDialog({
  initial,
  onCancel,
  onSave,
}: {
  initial: DatatableDraft;
  onCancel: () => void;
  onSave: (row: DatatableDraft) => void;
}) {
  const translate = useTranslate();
  const [row, setRow] = useState(initial);
  const set = (field: keyof DatatableDraft) => (e: { target: { value: string } }) =>
    setRow({ ...row, [field]: e.target.value });
  const valid = row.name.trim() !== '' && /^\d+$/.test(row.sales) && /^\d+$/.test(row.stock);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <DialogTitle>{translate(initial.id ? 'segra.apps.datatable.edit' : 'segra.apps.datatable.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('segra.apps.datatable.name')}
            value={row.name}
            onChange={set('name')}
            required
            autoFocus
          />
          <TextField
            label={translate('segra.apps.datatable.sales')}
            value={row.sales}
            onChange={set('sales')}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label={translate('segra.apps.datatable.stock')}
            value={row.stock}
            onChange={set('stock')}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            select
            label={translate('segra.apps.datatable.category')}
            value={row.category}
            onChange={set('category')}
          >
            {BREAD_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {valueLabel(translate, 'bread', c)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={translate('segra.apps.datatable.tag')} value={row.tag} onChange={set('tag')}>
            {DATATABLE_TAGS.map((t) => (
              <MenuItem key={t || 'none'} value={t}>
                {valueLabel(translate, 'row_tag', t)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('segra.apps.common.cancel')}</Button>
        <Button variant="contained" disabled={!valid} onClick={() => onSave(row)}>
          {translate('segra.apps.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
