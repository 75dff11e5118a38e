import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { DatatableRow } from '../../../demo/apps-mock/types.ts';
import { AppTitle } from '../shared/AppTitle.tsx';
import { ConfirmDeleteDialog } from '../shared/ConfirmDialog.tsx';
import { valueLabel } from '../shared/labels.ts';
import { PagedControls } from '../shared/PagedControls.tsx';
import { SearchField } from '../shared/SearchField.tsx';
import { SortableHeader } from '../shared/SortableHeader.tsx';
import { usePagedDemo } from '../shared/usePagedDemo.ts';
import { DatatableRowDialog, emptyDatatableRow, type DatatableDraft } from './DatatableRowDialog.tsx';

const COLUMNS = ['name', 'category', 'sales', 'stock', 'tag'] as const;
const TAG_COLOURS = { Done: 'success', Sale: 'warning', New: 'info' } as const;

/** The demo data table: search, single-key sort, page size, paging, add, edit and delete. */
export function DatatableApp() {
  const translate = useTranslate();
  const table = usePagedDemo<DatatableRow>('/apps/datatable');
  const [editing, setEditing] = useState<DatatableDraft | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<number[] | undefined>();
  const items = table.page?.items ?? [];

  const save = async (row: DatatableDraft) => {
    setEditing(undefined);
    await table.write(row.id ? 'PUT' : 'POST', { item: row });
  };
  const remove = async (ids: number[]) => {
    setDeleting(undefined);
    setSelected((s) => s.filter((id) => !ids.includes(id)));
    await table.write('DELETE', { ids });
  };
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <Box>
      <AppTitle labelKey="segra.apps.menu.datatable" />
      <Card>
        <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <SearchField value={table.term} onChange={table.setTerm} />
          <Box sx={{ flex: 1 }} />
          {selected.length > 0 && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(selected)}>
              {translate('segra.apps.common.delete_selected', { smart_count: selected.length })}
            </Button>
          )}
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(emptyDatatableRow)}>
            {translate('segra.apps.datatable.add')}
          </Button>
        </Box>
        {table.error && <Alert severity="error">{translate('segra.apps.common.load_failed')}</Alert>}
        <TableContainer>
          <Table size="small" aria-label={translate('segra.apps.menu.datatable')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                {COLUMNS.map((c) => (
                  <SortableHeader
                    key={c}
                    id={c}
                    label={translate(`segra.apps.datatable.${c}`)}
                    sort={table.sort}
                    onSort={table.toggleSort}
                  />
                ))}
                <TableCell align="right">{translate('segra.apps.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((row, i) => (
                <TableRow key={i /* ids can repeat: POST uses count + 1 */} hover selected={selected.includes(row.id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(row.id)}
                      onChange={() => toggle(row.id)}
                      slotProps={{ input: { 'aria-label': row.name } }}
                    />
                  </TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>{valueLabel(translate, 'bread', row.category)}</TableCell>
                  <TableCell>{row.sales}</TableCell>
                  <TableCell>{row.stock}</TableCell>
                  <TableCell>
                    {row.tag && (
                      <Chip
                        size="small"
                        color={TAG_COLOURS[row.tag]}
                        label={valueLabel(translate, 'row_tag', row.tag)}
                      />
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate('segra.apps.common.edit')}>
                      <IconButton
                        size="small"
                        aria-label={translate('segra.apps.common.edit')}
                        onClick={() => setEditing(row)}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('segra.apps.common.delete')}>
                      <IconButton
                        size="small"
                        aria-label={translate('segra.apps.common.delete')}
                        onClick={() => setDeleting([row.id])}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {table.page && items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + 2} align="center">
                    {translate('segra.apps.common.no_data')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <PagedControls
          pageSize={table.pageSize}
          pageIndex={table.pageIndex}
          pageCount={table.page?.pageCount ?? 0}
          onPageSize={table.setPageSize}
          onPageIndex={table.setPageIndex}
        />
      </Card>
      {editing && <DatatableRowDialog initial={editing} onCancel={() => setEditing(undefined)} onSave={save} />}
      <ConfirmDeleteDialog
        open={deleting !== undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => deleting && remove(deleting)}
      />
    </Box>
  );
}
