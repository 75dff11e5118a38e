import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { Avatar, Box, Button, Chip, Divider, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MAIL_TAGS } from '../../../demo/apps-mock/sample-data/mail.ts';
import { MAIL_FOLDERS, type MailFolder, type MailThread } from '../../../demo/apps-mock/types.ts';
import { valueLabel } from '../shared/labels.ts';
import { markupParagraphs } from './mail-markup.ts';

interface Props {
  thread: MailThread;
  onBack: () => void;
  onChange: (t: MailThread) => void;
  onDeleteForever: (t: MailThread) => void;
}

/** One thread: its emails, attachments, folder moves, tags and read state. */
export function MailThreadView({ thread, onBack, onChange, onDeleteForever }: Props) {
  const translate = useTranslate();
  const hasTag = (title: string) => thread.tags.some((t) => t.title === title);
  const toggleTag = (title: keyof typeof MAIL_TAGS) =>
    onChange({
      ...thread,
      tags: hasTag(title) ? thread.tags.filter((t) => t.title !== title) : [...thread.tags, { ...MAIL_TAGS[title] }],
    });
  const move = (folder: MailFolder) => onChange({ ...thread, folder });

  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Tooltip title={translate('segra.apps.common.back')}>
          <IconButton aria-label={translate('segra.apps.common.back')} onClick={onBack}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {thread.title}
        </Typography>
        <Tooltip title={translate('segra.apps.mailbox.mark_unread')}>
          <IconButton
            aria-label={translate('segra.apps.mailbox.mark_unread')}
            onClick={() => onChange({ ...thread, unread: true })}
          >
            <MarkEmailUnreadIcon />
          </IconButton>
        </Tooltip>
        {thread.folder === 'trash' && (
          <Tooltip title={translate('segra.apps.mailbox.delete_forever')}>
            <IconButton
              aria-label={translate('segra.apps.mailbox.delete_forever')}
              onClick={() => onDeleteForever(thread)}
            >
              <DeleteForeverIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
        role="group"
        aria-labelledby="mail-move-to"
      >
        <Typography variant="body2" id="mail-move-to">
          {translate('segra.apps.mailbox.move_to')}
        </Typography>
        {MAIL_FOLDERS.filter((f) => f !== thread.folder).map((f) => (
          <Button key={f} size="small" variant="outlined" onClick={() => move(f)}>
            {valueLabel(translate, 'folder', f)}
          </Button>
        ))}
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}
        role="group"
        aria-labelledby="mail-tags"
      >
        <Typography variant="body2" id="mail-tags">
          {translate('segra.apps.mailbox.tags')}
        </Typography>
        {(Object.keys(MAIL_TAGS) as (keyof typeof MAIL_TAGS)[]).map((title) => (
          <Chip
            key={title}
            size="small"
            label={valueLabel(translate, 'mail_tag', title)}
            variant={hasTag(title) ? 'filled' : 'outlined'}
            onClick={() => toggleTag(title)}
            sx={hasTag(title) ? { bgcolor: MAIL_TAGS[title].bg, color: MAIL_TAGS[title].text } : undefined}
            aria-pressed={hasTag(title)}
          />
        ))}
      </Stack>
      {thread.emails.map((email, i) => (
        <Box key={i} sx={{ mb: 2 }}>
          <Divider sx={{ mb: 2 }} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
            <Avatar src={email.thumb} alt="">
              {email.name[0]}
            </Avatar>
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{email.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {email.address}
              </Typography>
            </Box>
            <Typography variant="caption">
              {email.date} {email.time}
            </Typography>
          </Stack>
          {markupParagraphs(email.content).map((p, j) => (
            <Typography key={j} sx={{ whiteSpace: 'pre-line', mb: 1 }}>
              {p}
            </Typography>
          ))}
          {email.attachments.length > 0 && (
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 1, flexWrap: 'wrap' }}
              aria-label={translate('segra.apps.mailbox.attachments')}
            >
              {email.attachments.map((a) => (
                <Chip key={a.title} icon={<AttachFileIcon />} label={`${a.title} (${a.size})`} variant="outlined" />
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Box>
  );
}
