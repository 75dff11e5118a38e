import { Box, Paper, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import type { ChatMessage } from '../../../demo/apps-mock/types.ts';

/** The messages of one conversation: sent on the right, received on the left. */
export function MessageThread({ messages }: { messages: readonly ChatMessage[] }) {
  const translate = useTranslate();
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollIntoView, and an effect may only return a clean-up.
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <Box
      sx={{ flex: 1, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
      role="log"
      aria-label={translate('segra.apps.chat.messages')}
    >
      {messages.map((m, i) => {
        const sent = m.type === 'message';
        return (
          <Box key={i} sx={{ alignSelf: sent ? 'flex-end' : 'flex-start', maxWidth: '75%' }}>
            <Paper
              elevation={0}
              sx={{
                px: 1.5,
                py: 1,
                bgcolor: sent ? 'primary.main' : 'action.hover',
                color: sent ? 'primary.contrastText' : 'text.primary',
              }}
            >
              {m.text && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.text}</Typography>}
              {m.attachments.length > 0 && (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: m.text ? 1 : 0 }}>
                  {m.attachments.map((src) => (
                    <Box
                      key={src}
                      component="img"
                      src={src}
                      alt={translate('segra.apps.chat.attachment')}
                      sx={{ maxWidth: 160, maxHeight: 120, borderRadius: 1 }}
                    />
                  ))}
                </Box>
              )}
            </Paper>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', textAlign: sent ? 'right' : 'left' }}
            >
              {m.time}
            </Typography>
          </Box>
        );
      })}
      <div ref={end} />
    </Box>
  );
}
