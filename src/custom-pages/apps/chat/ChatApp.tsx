import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Avatar, Box, Card, Divider, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { Conversation } from '../../../demo/apps-mock/types.ts';
import { AppTitle } from '../shared/AppTitle.tsx';
import { getDemo, sendDemo } from '../shared/demo-api.ts';
import { valueLabel } from '../shared/labels.ts';
import { ConversationList } from './ConversationList.tsx';
import { MessageThread } from './MessageThread.tsx';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * Chat: opening a conversation reads it (unread to 0); sending text or pictures adds a sent
 * message and moves the conversation to the top (spec section 4).
 */
export function ChatApp() {
  const translate = useTranslate();
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [selectedId, setSelectedId] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    getDemo<Conversation[]>('/apps/chat').then(setConversations, () => setFailed(true));
  }, []);

  const select = async (c: Conversation) => {
    setSelectedId(c.id);
    if (c.unread > 0) setConversations(await sendDemo<Conversation[]>('PUT', '/apps/chat/read', { id: c.id }));
  };
  const sendText = async (e: FormEvent) => {
    e.preventDefault();
    if (selectedId === undefined || text.trim() === '') return;
    const message = text;
    setText('');
    setConversations(await sendDemo<Conversation[]>('PUT', '/apps/chat/addText', { id: selectedId, text: message }));
  };
  const sendFiles = async (files: FileList | null) => {
    if (selectedId === undefined || !files || files.length === 0) return;
    // Data URLs, not object URLs: the app's Content Security Policy allows images from data: only.
    const attachments = await Promise.all(Array.from(files).map(readAsDataUrl));
    setConversations(
      await sendDemo<Conversation[]>('PUT', '/apps/chat/addAttachments', { id: selectedId, attachments }),
    );
    if (fileInput.current) fileInput.current.value = '';
  };

  const selected = conversations.find((c) => c.id === selectedId);

  return (
    <Box>
      <AppTitle labelKey="segra.apps.menu.chat" />
      {failed && <Alert severity="error">{translate('segra.apps.common.load_failed')}</Alert>}
      <Card sx={{ display: 'flex', height: 560, flexDirection: { xs: 'column', md: 'row' } }}>
        <Box sx={{ width: { md: 320 }, flexShrink: 0, overflowY: 'auto', maxHeight: { xs: 220, md: 'none' } }}>
          <ConversationList conversations={conversations} selectedId={selectedId} onSelect={select} />
        </Box>
        <Divider orientation="vertical" flexItem />
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
          {selected ? (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2 }}>
                <Avatar src={selected.thumb} alt="">
                  {selected.name[0]}
                </Avatar>
                <Box>
                  <Typography component="h2" sx={{ fontWeight: 600 }}>
                    {selected.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {valueLabel(translate, 'presence', selected.status)}
                  </Typography>
                </Box>
              </Box>
              <Divider />
              <MessageThread messages={selected.messages} />
              <Divider />
              <Box component="form" onSubmit={sendText} sx={{ display: 'flex', gap: 1, p: 1, alignItems: 'center' }}>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/*"
                  multiple
                  hidden
                  onChange={(e) => void sendFiles(e.target.files)}
                  data-testid="chat-attachments"
                />
                <Tooltip title={translate('segra.apps.chat.attach')}>
                  <IconButton
                    aria-label={translate('segra.apps.chat.attach')}
                    onClick={() => fileInput.current?.click()}
                  >
                    <AttachFileIcon />
                  </IconButton>
                </Tooltip>
                <TextField
                  size="small"
                  fullWidth
                  placeholder={translate('segra.apps.chat.type_message')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  slotProps={{ htmlInput: { 'aria-label': translate('segra.apps.chat.type_message') } }}
                />
                <Tooltip title={translate('segra.apps.chat.send')}>
                  <span>
                    <IconButton
                      type="submit"
                      color="primary"
                      aria-label={translate('segra.apps.chat.send')}
                      disabled={text.trim() === ''}
                    >
                      <SendIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </Box>
            </>
          ) : (
            <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
              <Typography color="text.secondary">{translate('segra.apps.chat.pick_conversation')}</Typography>
            </Box>
          )}
        </Box>
      </Card>
    </Box>
  );
}
