import { Avatar, Badge, Box, List, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Conversation } from '../../../demo/apps-mock/types.ts';
import { valueLabel } from '../shared/labels.ts';

/** Conversations, most recent first, with presence and unread counts. */
export function ConversationList({
  conversations,
  selectedId,
  onSelect,
}: {
  conversations: readonly Conversation[];
  selectedId?: number;
  onSelect: (c: Conversation) => void;
}) {
  const translate = useTranslate();
  return (
    <List disablePadding aria-label={translate('segra.apps.chat.conversations')}>
      {conversations.map((c) => {
        const lastMessage = c.messages.at(-1);
        const preview = lastMessage ? lastMessage.text || translate('segra.apps.chat.attachment') : '';
        return (
          <ListItemButton key={c.id} selected={c.id === selectedId} onClick={() => onSelect(c)} divider>
            <ListItemAvatar>
              <Badge
                overlap="circular"
                variant="dot"
                color={c.status === 'Online' ? 'success' : 'default'}
                anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                title={valueLabel(translate, 'presence', c.status)}
                sx={{
                  '& .MuiBadge-dot': {
                    border: '2px solid white',
                    bgcolor: c.status === 'Online' ? undefined : 'grey.400',
                  },
                }}
              >
                <Avatar src={c.thumb} alt="">
                  {c.name[0]}
                </Avatar>
              </Badge>
            </ListItemAvatar>
            <ListItemText
              primary={c.name}
              secondary={preview}
              slotProps={{ secondary: { noWrap: true } }}
              sx={{ minWidth: 0 }}
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1 }}>
              <Typography variant="caption">{c.last}</Typography>
              {c.unread > 0 && (
                <Box
                  component="span"
                  aria-label={translate('segra.apps.chat.unread', { smart_count: c.unread })}
                  sx={{
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    borderRadius: 10,
                    px: 0.75,
                    minWidth: 20,
                    fontSize: 12,
                    textAlign: 'center',
                  }}
                >
                  {c.unread}
                </Box>
              )}
            </Box>
          </ListItemButton>
        );
      })}
    </List>
  );
}
