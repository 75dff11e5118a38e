import AttachFileIcon from '@mui/icons-material/AttachFile';
import LabelImportantIcon from '@mui/icons-material/LabelImportant';
import LabelImportantOutlinedIcon from '@mui/icons-material/LabelImportantOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Chip, IconButton, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MailThread } from '../../../demo/apps-mock/types.ts';
import { valueLabel } from '../shared/labels.ts';

interface Props {
  threads: readonly MailThread[];
  onOpen: (t: MailThread) => void;
  onChange: (t: MailThread) => void;
}

/** The thread list: unread in bold, star and important toggles, tags and the attachment clip. */
export function MailList({ threads, onOpen, onChange }: Props) {
  const translate = useTranslate();
  if (threads.length === 0) return <Typography sx={{ p: 2 }}>{translate('segra.apps.mailbox.empty')}</Typography>;
  return (
    <List disablePadding aria-label={translate('segra.apps.mailbox.threads')}>
      {threads.map((t) => (
        <ListItemButton key={t.id} divider onClick={() => onOpen(t)} sx={{ gap: 1, alignItems: 'flex-start' }}>
          <IconButton
            size="small"
            aria-label={translate(t.starred ? 'segra.apps.mailbox.unstar' : 'segra.apps.mailbox.star')}
            onClick={(e) => {
              e.stopPropagation();
              onChange({ ...t, starred: !t.starred });
            }}
          >
            {t.starred ? (
              <StarIcon fontSize="small" sx={{ color: 'warning.main' }} />
            ) : (
              <StarBorderIcon fontSize="small" />
            )}
          </IconButton>
          <IconButton
            size="small"
            aria-label={translate(
              t.important ? 'segra.apps.mailbox.not_important' : 'segra.apps.mailbox.mark_important',
            )}
            onClick={(e) => {
              e.stopPropagation();
              onChange({ ...t, important: !t.important });
            }}
          >
            {t.important ? (
              <LabelImportantIcon fontSize="small" sx={{ color: 'error.main' }} />
            ) : (
              <LabelImportantOutlinedIcon fontSize="small" />
            )}
          </IconButton>
          <ListItemText
            primary={
              <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Box component="span" sx={{ fontWeight: t.unread ? 700 : 400 }}>
                  {t.from}
                </Box>
                <Box component="span" sx={{ fontWeight: t.unread ? 700 : 400 }}>
                  {t.title}
                </Box>
                {t.tags.map((tag) => (
                  <Chip
                    key={tag.title}
                    component="span"
                    size="small"
                    label={valueLabel(translate, 'mail_tag', tag.title)}
                    sx={{ bgcolor: tag.bg, color: tag.text }}
                  />
                ))}
              </Box>
            }
            secondary={t.detail}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap', pt: 0.5 }}>
            {t.attachment && (
              <AttachFileIcon fontSize="small" aria-label={translate('segra.apps.mailbox.has_attachment')} />
            )}
            <Typography variant="caption">{t.dateTime}</Typography>
          </Box>
        </ListItemButton>
      ))}
    </List>
  );
}
