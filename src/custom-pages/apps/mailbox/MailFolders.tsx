import DeleteIcon from '@mui/icons-material/Delete';
import InboxIcon from '@mui/icons-material/Inbox';
import LabelIcon from '@mui/icons-material/Label';
import LabelImportantIcon from '@mui/icons-material/LabelImportant';
import ReportIcon from '@mui/icons-material/Report';
import SendIcon from '@mui/icons-material/Send';
import StarIcon from '@mui/icons-material/Star';
import { Badge, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { MAIL_TAGS } from '../../../demo/apps-mock/sample-data/mail.ts';
import { MAIL_FOLDERS, type MailFolder, type MailThread } from '../../../demo/apps-mock/types.ts';
import { valueLabel } from '../shared/labels.ts';

/** What the thread list shows: a folder, the starred or important threads, or a tag. */
export type MailFilter = { folder: MailFolder } | { flag: 'starred' | 'important' } | { tag: string };

export function filterThreads(threads: readonly MailThread[], filter: MailFilter): MailThread[] {
  if ('folder' in filter) return threads.filter((t) => t.folder === filter.folder);
  // Starred, important and tags look through every folder but the bin, as mail clients do.
  const live = threads.filter((t) => t.folder !== 'trash');
  if ('flag' in filter) return live.filter((t) => t[filter.flag]);
  return live.filter((t) => t.tags.some((x) => x.title === filter.tag));
}

const FOLDER_ICONS: Record<MailFolder, ReactNode> = {
  inbox: <InboxIcon />,
  sent: <SendIcon />,
  spam: <ReportIcon />,
  trash: <DeleteIcon />,
};

const same = (a: MailFilter, b: MailFilter) => JSON.stringify(a) === JSON.stringify(b);

export function MailFolders({
  threads,
  filter,
  onFilter,
}: {
  threads: readonly MailThread[];
  filter: MailFilter;
  onFilter: (f: MailFilter) => void;
}) {
  const translate = useTranslate();
  const unread = (folder: MailFolder) => threads.filter((t) => t.folder === folder && t.unread).length;
  return (
    <List dense component="nav" aria-label={translate('segra.apps.mailbox.folders')}>
      {MAIL_FOLDERS.map((folder) => (
        <ListItemButton key={folder} selected={same(filter, { folder })} onClick={() => onFilter({ folder })}>
          <ListItemIcon>{FOLDER_ICONS[folder]}</ListItemIcon>
          <ListItemText primary={valueLabel(translate, 'folder', folder)} />
          <Badge color="primary" badgeContent={unread(folder)} sx={{ mr: 1 }} />
        </ListItemButton>
      ))}
      <ListItemButton selected={same(filter, { flag: 'starred' })} onClick={() => onFilter({ flag: 'starred' })}>
        <ListItemIcon>
          <StarIcon />
        </ListItemIcon>
        <ListItemText primary={translate('segra.apps.mailbox.starred')} />
      </ListItemButton>
      <ListItemButton selected={same(filter, { flag: 'important' })} onClick={() => onFilter({ flag: 'important' })}>
        <ListItemIcon>
          <LabelImportantIcon />
        </ListItemIcon>
        <ListItemText primary={translate('segra.apps.mailbox.important')} />
      </ListItemButton>
      <ListSubheader>{translate('segra.apps.mailbox.tags')}</ListSubheader>
      {Object.values(MAIL_TAGS).map((tag) => (
        <ListItemButton
          key={tag.title}
          selected={same(filter, { tag: tag.title })}
          onClick={() => onFilter({ tag: tag.title })}
        >
          <ListItemIcon>
            <LabelIcon sx={{ color: tag.text }} />
          </ListItemIcon>
          <ListItemText primary={valueLabel(translate, 'mail_tag', tag.title)} />
        </ListItemButton>
      ))}
    </List>
  );
}
