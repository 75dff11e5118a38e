import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { mailDate } from '../../../demo/apps-mock/sample-data/mail.ts';
import { avatarUri } from '../../../demo/apps-mock/sample-data/random.ts';
import type { MailThread } from '../../../demo/apps-mock/types.ts';
import { textToMarkup } from './mail-markup.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

/** Writes a mail; it is stored as a thread in the sent folder (POST /apps/mailbox). */
export function ComposeDialog({
  onCancel,
  onSend,
}: {
  onCancel: () => void;
  onSend: (t: Omit<MailThread, 'id'>) => void;
}) {
  const translate = useTranslate();
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [touched, setTouched] = useState(false);
  const toError =
    to.trim() === ''
      ? 'segra.apps.mailbox.to_required'
      : !EMAIL.test(to.trim())
        ? 'segra.apps.mailbox.to_invalid'
        : undefined;

  const send = () => {
    setTouched(true);
    if (toError) return;
    const now = new Date();
    const me = translate('segra.apps.mailbox.me');
    onSend({
      folder: 'sent',
      from: to.trim(),
      title: subject.trim() || translate('segra.apps.mailbox.no_subject'),
      detail: body.trim().slice(0, 120),
      dateTime: `${mailDate(now)} ${hhmm(now)}`,
      attachment: false,
      starred: false,
      important: false,
      unread: false,
      tags: [],
      emails: [
        {
          name: me,
          address: to.trim(),
          thumb: avatarUri(me),
          date: mailDate(now),
          time: hhmm(now),
          attachments: [],
          content: textToMarkup(body),
        },
      ],
    });
  };

  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <DialogTitle>{translate('segra.apps.mailbox.compose')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('segra.apps.mailbox.to')}
            type="email"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            required
            autoFocus
            error={touched && !!toError}
            helperText={touched && toError ? translate(toError) : ' '}
          />
          <TextField
            label={translate('segra.apps.mailbox.subject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextField
            label={translate('segra.apps.mailbox.message')}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            multiline
            minRows={5}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('segra.apps.common.cancel')}</Button>
        <Button variant="contained" onClick={send}>
          {translate('segra.apps.mailbox.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
