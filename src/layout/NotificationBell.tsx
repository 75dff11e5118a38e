import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { NotificationsMenu } from '../custom-pages/apps/notifications/NotificationsMenu.tsx';
import { isDemoMode } from '../demo/is-demo.ts';
import { fetchNotifications, kindKey, markAllRead, markRead, type NotificationList } from '../notifications/notifications-api.ts';
import { readToken } from '../providers/token-store.ts';

const LOCALE_TAGS: Record<string, string> = { tr: 'tr-TR', en: 'en-GB', de: 'de-DE' };

/**
 * The user's own notifications from the server (issue 15 item 8): imports and analyses that
 * ended, acceptances about to expire; unread ones counted on the bell and shown bold. Opening
 * one marks it read and goes to its screen. Asked when the frame mounts, on every navigation
 * and when opened; no timer, so an idle session sends nothing (and the inactivity logout finds
 * no request of the bell in flight).
 */
export function ServerNotificationsMenu() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [list, setList] = useState<NotificationList>({ data: [], unread: 0 });

  const load = useCallback(async () => {
    // Not while the session is ending (logout, inactivity): the request would only be refused.
    if (!readToken()) return;
    try {
      setList(await fetchNotifications());
    } catch {
      // The bell is a side note: a failed poll leaves the last list; the next one tries again.
    }
  }, []);
  const { pathname } = useLocation();
  useEffect(() => {
    void load();
  }, [load, pathname]);

  const open = (e: MouseEvent<HTMLElement>) => {
    setAnchor(e.currentTarget);
    void load();
  };
  const choose = async (id: string, link: string | null) => {
    setAnchor(null);
    setList((l) => ({ data: l.data.map((n) => (n.id === id ? { ...n, read: true } : n)), unread: Math.max(0, l.unread - (l.data.find((n) => n.id === id && !n.read) ? 1 : 0)) }));
    await markRead(id).catch(() => undefined);
    if (link) navigate(link);
  };
  const readAll = async () => {
    try {
      setList(await markAllRead());
    } catch {
      // kept as it was
    }
  };
  const label = translate('segra.notifications.title');
  const when = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_TAGS[locale] ?? locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-haspopup="menu" onClick={open} data-testid="notification-bell">
          <Badge color="error" badgeContent={list.unread} data-testid="notification-count">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: 380 } } }}>
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
            {label}
          </Typography>
          {list.unread > 0 && (
            <Button size="small" onClick={() => void readAll()}>
              {translate('segra.notifications.mark_all_read')}
            </Button>
          )}
        </Box>
        {list.data.length === 0 && <MenuItem disabled>{translate('segra.notifications.empty')}</MenuItem>}
        {list.data.map((n) => (
          <MenuItem
            key={n.id}
            onClick={() => void choose(n.id, n.link)}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
            data-unread={n.read ? undefined : 'true'}
          >
            <ListItemText
              primary={translate(kindKey(n.kind), n.params)}
              secondary={`${when(n.createdAt)}${n.read ? '' : ` · ${translate('segra.notifications.unread')}`}`}
              slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 600 } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The app bar's bell: the sample alerts in demo mode (no server), the user's own events otherwise. */
export function NotificationBell({ mode }: { mode?: string }) {
  return isDemoMode(mode) ? <NotificationsMenu /> : <ServerNotificationsMenu />;
}
