import { httpClient } from '../providers/httpClient.ts';

/** One of the user's own notifications (server/modules/notifications). */
export interface ServerNotification {
  id: string;
  kind: string;
  params: Record<string, string>;
  link: string | null;
  createdAt: string;
  read: boolean;
}

export interface NotificationList {
  data: ServerNotification[];
  unread: number;
}

export const NOTIFICATION_KINDS = [
  'import.ready',
  'import.failed',
  'ruleset.ready',
  'ruleset.failed',
  'analysis.completed',
  'analysis.failed',
  'acceptance.expiring',
  'mitigation.expiring',
] as const;

/**
 * The catalogue key of a notification's text: `segra.notifications.kinds.import_ready`. A global
 * acceptance has no holder (its `holder` is empty): it has its own text, without the "(holder)".
 */
export const kindKey = (kind: string, params: Record<string, string> = {}): string => {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return 'segra.notifications.kinds.other';
  const key = `segra.notifications.kinds.${kind.replace('.', '_')}`;
  return kind === 'acceptance.expiring' && !params.holder ? `${key}_global` : key;
};

export async function fetchNotifications(): Promise<NotificationList> {
  const { json } = await httpClient('/api/notifications');
  return json as NotificationList;
}

export async function markRead(id: string): Promise<void> {
  await httpClient(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export async function markAllRead(): Promise<NotificationList> {
  const { json } = await httpClient('/api/notifications/read-all', { method: 'POST' });
  return json as NotificationList;
}
