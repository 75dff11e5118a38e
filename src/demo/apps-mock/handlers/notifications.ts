import type { DemoState } from '../state.ts';
import type { DemoNotification } from '../types.ts';

/** GET notifications: the list. */
export function getNotifications(state: DemoState): DemoNotification[] {
  return state.notifications;
}
