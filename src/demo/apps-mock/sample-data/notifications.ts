import type { DemoNotification } from '../types.ts';
import { pictureUri } from './random.ts';

/**
 * 4 notifications (spec section 3). The app-bar loader reads this list directly and makes
 * no request (spec section 7).
 */
export const sampleNotifications: readonly DemoNotification[] = [
  {
    id: 1,
    img: pictureUri('!', '#d32f2f'),
    title: 'New high risk',
    detail: 'A user gained conflicting FI posting and vendor maintenance roles.',
    link: '/app/apps/mailbox',
  },
  {
    id: 2,
    img: pictureUri('✓', '#388e3c'),
    title: 'Analysis finished',
    detail: 'The monthly SoD analysis for PRD completed.',
    link: '/app/apps/tasks',
  },
  {
    id: 3,
    img: pictureUri('@', '#1976d2'),
    title: 'New message',
    detail: 'Elif Kaya sent you a message.',
    link: '/app/apps/chat',
  },
  {
    id: 4,
    img: pictureUri('31', '#f57c00'),
    title: 'Review meeting',
    detail: 'Quarterly access review starts tomorrow.',
    link: '/app/apps/calendar',
  },
];
