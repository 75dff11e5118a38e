import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
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
import type { Contact } from '../../../demo/apps-mock/types.ts';
import { AppTitle } from '../shared/AppTitle.tsx';
import { ConfirmDeleteDialog } from '../shared/ConfirmDialog.tsx';
import { valueLabel } from '../shared/labels.ts';
import { PagedControls } from '../shared/PagedControls.tsx';
import { SearchField } from '../shared/SearchField.tsx';
import { SortableHeader } from '../shared/SortableHeader.tsx';
import { usePagedDemo } from '../shared/usePagedDemo.ts';
import { ContactDialog, emptyContact, type ContactDraft } from './ContactDialog.tsx';

const COLUMNS = ['name', 'position', 'email', 'phone', 'group'] as const;

/** Contacts: search, sort, page, create, edit and delete over /apps/contacts. */
export function ContactsApp() {
  const translate = useTranslate();
  const table = usePagedDemo<Contact>('/apps/contacts');
  const [editing, setEditing] = useState<ContactDraft | undefined>();
  const [deleting, setDeleting] = useState<number | undefined>();
  const items = table.page?.items ?? [];

  const save = async (contact: ContactDraft) => {
    setEditing(undefined);
    await table.write(contact.id ? 'PUT' : 'POST', { item: contact });
  };
  const remove = async (id: number) => {
    setDeleting(undefined);
    await table.write('DELETE', { ids: [id] });
  };

  return (
    <Box>
      <AppTitle labelKey="segra.apps.menu.contacts" />
      <Card>
        <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <SearchField value={table.term} onChange={table.setTerm} />
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(emptyContact)}>
            {translate('segra.apps.contacts.add')}
          </Button>
        </Box>
        {table.error && <Alert severity="error">{translate('segra.apps.common.load_failed')}</Alert>}
        <TableContainer>
          <Table size="small" aria-label={translate('segra.apps.menu.contacts')}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <SortableHeader
                    key={c}
                    id={c}
                    label={translate(`segra.apps.contacts.${c}`)}
                    sort={table.sort}
                    onSort={table.toggleSort}
                  />
                ))}
                <TableCell align="right">{translate('segra.apps.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((c, i) => (
                <TableRow key={i /* ids can repeat: POST uses count + 1 */} hover>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Avatar src={c.thumb} alt="" sx={{ width: 32, height: 32 }}>
                        {c.name[0]}
                      </Avatar>
                      {c.name}
                    </Box>
                  </TableCell>
                  <TableCell>{c.position}</TableCell>
                  <TableCell>{c.email}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.phone}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={c.group === 'Work' ? 'primary' : 'secondary'}
                      label={valueLabel(translate, 'group', c.group)}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate('segra.apps.common.edit')}>
                      <IconButton
                        size="small"
                        aria-label={translate('segra.apps.common.edit')}
                        onClick={() => setEditing(c)}
                      >
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('segra.apps.common.delete')}>
                      <IconButton
                        size="small"
                        aria-label={translate('segra.apps.common.delete')}
                        onClick={() => setDeleting(c.id)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {table.page && items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + 1} align="center">
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
      {editing && <ContactDialog initial={editing} onCancel={() => setEditing(undefined)} onSave={save} />}
      <ConfirmDeleteDialog
        open={deleting !== undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => deleting !== undefined && remove(deleting)}
      />
    </Box>
  );
}
