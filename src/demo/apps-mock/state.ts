import { sampleContacts } from './sample-data/contacts.ts';
import { sampleConversations } from './sample-data/conversations.ts';
import { sampleDatatable } from './sample-data/datatable.ts';
import { sampleEvents } from './sample-data/events.ts';
import { sampleMailThreads } from './sample-data/mail.ts';
import { sampleNotifications } from './sample-data/notifications.ts';
import { sampleProducts } from './sample-data/products.ts';
import { sampleTasks } from './sample-data/tasks.ts';
import type {
  CalendarEvent,
  Contact,
  Conversation,
  DatatableRow,
  DemoNotification,
  MailThread,
  Product,
  Task,
} from './types.ts';

/** The mock's in-memory database: one per page load, lost on reload like the original demo. */
export interface DemoState {
  events: CalendarEvent[];
  conversations: Conversation[];
  contacts: Contact[];
  mailThreads: MailThread[];
  tasks: Task[];
  datatable: DatatableRow[];
  products: Product[];
  notifications: DemoNotification[];
}

/** A fresh state from the sample data; `now` places the calendar events around today. */
export function createDemoState(now: Date = new Date()): DemoState {
  return {
    events: sampleEvents(now),
    conversations: sampleConversations(),
    contacts: sampleContacts(),
    mailThreads: sampleMailThreads(),
    tasks: sampleTasks(),
    datatable: sampleDatatable(),
    products: sampleProducts(),
    notifications: sampleNotifications.map((n) => ({ ...n })),
  };
}
