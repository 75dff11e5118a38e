import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Contact } from '../../../demo/apps-mock/types.ts';
import { avatarUri } from '../../../demo/apps-mock/sample-data/random.ts';
import { valueLabel } from '../shared/labels.ts';

export type ContactDraft = Omit<Contact, 'id'> & { id?: number };

export const emptyContact: ContactDraft = { name: '', position: '', email: '', phone: '', group: 'Work', thumb: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s()-]{4,}$/;

/** Create or edit a contact, with the spec's email and phone messages (section 5). */
export function ContactDialog({
  initial,
  onCancel,
  onSave,
}: {
  initial: ContactDraft;
  onCancel: () => void;
  onSave: (c: ContactDraft) => void;
}) {
  const translate = useTranslate();
  const [contact, setContact] = useState(initial);
  const [touched, setTouched] = useState(false);
  const set = (field: keyof ContactDraft) => (e: { target: { value: string } }) =>
    setContact({ ...contact, [field]: e.target.value });
  const errors = {
    name: contact.name.trim() === '' ? 'segra.apps.contacts.name_required' : undefined,
    email:
      contact.email.trim() === ''
        ? 'segra.apps.contacts.email_required'
        : !EMAIL.test(contact.email)
          ? 'segra.apps.contacts.email_invalid'
          : undefined,
    phone: contact.phone.trim() !== '' && !PHONE.test(contact.phone) ? 'segra.apps.contacts.phone_invalid' : undefined,
  };
  const valid = !errors.name && !errors.email && !errors.phone;
  const helper = (key?: string) => (touched && key ? translate(key) : ' ');
  const save = () => {
    setTouched(true);
    if (valid) onSave({ ...contact, thumb: contact.thumb || avatarUri(contact.name) });
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <DialogTitle>{translate(initial.id ? 'segra.apps.contacts.edit' : 'segra.apps.contacts.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ mt: 1 }}>
          <TextField
            label={translate('segra.apps.contacts.name')}
            value={contact.name}
            onChange={set('name')}
            required
            autoFocus
            error={touched && !!errors.name}
            helperText={helper(errors.name)}
          />
          <TextField
            label={translate('segra.apps.contacts.position')}
            value={contact.position}
            onChange={set('position')}
            helperText=" "
          />
          <TextField
            label={translate('segra.apps.contacts.email')}
            type="email"
            value={contact.email}
            onChange={set('email')}
            required
            error={touched && !!errors.email}
            helperText={helper(errors.email)}
          />
          <TextField
            label={translate('segra.apps.contacts.phone')}
            value={contact.phone}
            onChange={set('phone')}
            error={touched && !!errors.phone}
            helperText={helper(errors.phone)}
          />
          <TextField
            select
            label={translate('segra.apps.contacts.group')}
            value={contact.group}
            onChange={set('group')}
          >
            {(['Work', 'Personal'] as const).map((g) => (
              <MenuItem key={g} value={g}>
                {valueLabel(translate, 'group', g)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('segra.apps.common.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {translate('segra.apps.common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
