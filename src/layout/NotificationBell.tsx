import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { NotificationsMenu } from '../custom-pages/apps/notifications/NotificationsMenu.tsx';
import { isDemoMode } from '../demo/is-demo.ts';
import { fetchNotifications, kindKey, markAllRead, markRead, type NotificationList } from '../notifications/notifications-api.ts';
import { readToken } from '../providers/token-store.ts';

const LOCALE_TAGS: Record<string, string> = { tr: 'tr-TR', en: 'en-GB', de: 'de-DE' };

/** How often the bell asks the server while the tab is visible (issue 15 leftovers). */
export const NOTIFICATION_POLL_MS = 30_000;
const NOTIFICATIONS_KEY = ['segra', 'notifications'];
const NONE: NotificationList = { data: [], unread: 0 };

/**
 * The user's own notifications from the server (issue 15 item 8): imports and analyses that
 * ended, acceptances about to expire; unread ones counted on the bell and shown bold. Opening
 * one marks it read and goes to its screen. Asked when the frame mounts, every
 * NOTIFICATION_POLL_MS while the tab is visible (react-query pauses the timer in a hidden tab
 * and never runs two requests of the bell at once), on every navigation and when opened.
 */
export function ServerNotificationsMenu() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const queryClient = useQueryClient();
  const { data: list = NONE, refetch } = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    // Not while the session is ending (logout, inactivity): the request would only be refused.
    queryFn: () => (readToken() ? fetchNotifications() : (queryClient.getQueryData<NotificationList>(NOTIFICATIONS_KEY) ?? NONE)),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    // The bell is a side note: a failed poll leaves the last list; the next one tries again.
    retry: false,
  });
  const setList = (update: (l: NotificationList) => NotificationList) => queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (l) => update(l ?? NONE));
  const load = () => void refetch();
  const { pathname } = useLocation();
  useEffect(() => {
    // The mount's own request is the query's first one; later navigations ask again.
    if (queryClient.getQueryState(NOTIFICATIONS_KEY)?.dataUpdatedAt) void refetch();
  }, [pathname, queryClient, refetch]);

  const open = (e: MouseEvent<HTMLElement>) => {
    setAnchor(e.currentTarget);
    load();
  };
  const choose = async (id: string, link: string | null) => {
    setAnchor(null);
    setList((l) => ({ data: l.data.map((n) => (n.id === id ? { ...n, read: true } : n)), unread: Math.max(0, l.unread - (l.data.find((n) => n.id === id && !n.read) ? 1 : 0)) }));
    await markRead(id).catch(() => undefined);
    if (link) navigate(link);
  };
  const readAll = async () => {
    try {
      const fresh = await markAllRead();
      setList(() => fresh);
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
              primary={translate(kindKey(n.kind, n.params), n.params)}
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
