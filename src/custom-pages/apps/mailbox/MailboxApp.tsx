import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Card, Divider } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { MailThread } from '../../../demo/apps-mock/types.ts';
import { AppTitle } from '../shared/AppTitle.tsx';
import { ConfirmDeleteDialog } from '../shared/ConfirmDialog.tsx';
import { getDemo, sendDemo } from '../shared/demo-api.ts';
import { ComposeDialog } from './ComposeDialog.tsx';
import { filterThreads, MailFolders, type MailFilter } from './MailFolders.tsx';
import { MailList } from './MailList.tsx';
import { MailThreadView } from './MailThreadView.tsx';

/** Mailbox: folders inbox/sent/spam/trash, star, important, read state, tags and attachments. */
export function MailboxApp() {
  const translate = useTranslate();
  const [threads, setThreads] = useState<MailThread[]>([]);
  const [filter, setFilter] = useState<MailFilter>({ folder: 'inbox' });
  const [openId, setOpenId] = useState<number | undefined>();
  const [composing, setComposing] = useState(false);
  const [deleting, setDeleting] = useState<MailThread | undefined>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    getDemo<MailThread[]>('/apps/mailbox').then(setThreads, () => setFailed(true));
  }, []);

  const put = async (thread: MailThread) =>
    setThreads(await sendDemo<MailThread[]>('PUT', '/apps/mailbox', { item: thread }));
  const open = (thread: MailThread) => {
    setOpenId(thread.id);
    if (thread.unread) void put({ ...thread, unread: false });
  };
  const send = async (thread: Omit<MailThread, 'id'>) => {
    setComposing(false);
    setThreads(await sendDemo<MailThread[]>('POST', '/apps/mailbox', { item: thread }));
    setFilter({ folder: 'sent' });
    setOpenId(undefined);
  };
  const deleteForever = async (thread: MailThread) => {
    setDeleting(undefined);
    setOpenId(undefined);
    setThreads(await sendDemo<MailThread[]>('DELETE', '/apps/mailbox', { ids: [thread.id] }));
  };

  const opened = threads.find((t) => t.id === openId);

  return (
    <Box>
      <AppTitle labelKey="segra.apps.menu.mailbox" />
      {failed && <Alert severity="error">{translate('segra.apps.common.load_failed')}</Alert>}
      <Card sx={{ display: 'flex', minHeight: 480, flexDirection: { xs: 'column', md: 'row' } }}>
        <Box sx={{ width: { md: 240 }, flexShrink: 0, p: 1 }}>
          <Button
            fullWidth
            variant="contained"
            startIcon={<EditIcon />}
            onClick={() => setComposing(true)}
            sx={{ mb: 1 }}
          >
            {translate('segra.apps.mailbox.compose')}
          </Button>
          <MailFolders
            threads={threads}
            filter={filter}
            onFilter={(f) => {
              setFilter(f);
              setOpenId(undefined);
            }}
          />
        </Box>
        <Divider orientation="vertical" flexItem />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {opened ? (
            <MailThreadView
              thread={opened}
              onBack={() => setOpenId(undefined)}
              onChange={put}
              onDeleteForever={setDeleting}
            />
          ) : (
            <MailList threads={filterThreads(threads, filter)} onOpen={open} onChange={put} />
          )}
        </Box>
      </Card>
      {composing && <ComposeDialog onCancel={() => setComposing(false)} onSend={send} />}
      <ConfirmDeleteDialog
        open={deleting !== undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => deleting && deleteForever(deleting)}
      />
    </Box>
  );
}
