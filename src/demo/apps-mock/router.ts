import {
  addAttachments,
  addConversation,
  addText,
  deleteConversations,
  getConversations,
  readConversation,
  replaceConversation,
} from './handlers/chat.ts';
import { addContact, deleteContacts, getContacts, getUsers, replaceContact } from './handlers/contacts.ts';
import { addDatatableRow, deleteDatatableRows, getDatatable, replaceDatatableRow } from './handlers/datatable.ts';
import { addEvent, deleteEvent, getEvents, putEvent } from './handlers/events.ts';
import { addMailThread, deleteMailThreads, getMailThreads, replaceMailThread } from './handlers/mailbox.ts';
import { getNotifications } from './handlers/notifications.ts';
import type { Params } from './handlers/params.ts';
import { getProducts } from './handlers/products.ts';
import { addTask, deleteTask, getTasks, upsertTask } from './handlers/tasks.ts';
import type { DemoState } from './state.ts';

export type DemoMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Handler = (state: DemoState, params: Params, now: Date) => unknown;

const events: Partial<Record<DemoMethod, Handler>> = {
  GET: getEvents,
  POST: addEvent,
  PUT: putEvent,
  DELETE: deleteEvent,
};

/** The spec's "Demo calls" table (section 7): path → method → handler. */
const TABLE: Record<string, Partial<Record<DemoMethod, Handler>>> = {
  '/apps/events': events,
  '/app/apps/events': events,
  '/apps/chat': { GET: getConversations, POST: addConversation, PUT: replaceConversation, DELETE: deleteConversations },
  '/apps/chat/addText': { PUT: addText },
  '/apps/chat/addAttachments': { PUT: addAttachments },
  '/apps/chat/read': { PUT: readConversation },
  '/apps/mailbox': { GET: getMailThreads, POST: addMailThread, PUT: replaceMailThread, DELETE: deleteMailThreads },
  '/apps/tasks': { GET: getTasks, PUT: upsertTask, POST: addTask, DELETE: deleteTask },
  '/apps/datatable': {
    GET: getDatatable,
    POST: addDatatableRow,
    PUT: replaceDatatableRow,
    DELETE: deleteDatatableRows,
  },
  '/apps/notifications': { GET: getNotifications },
  '/apps/products': { GET: getProducts },
  '/apps/users': { GET: getUsers },
  '/apps/contacts': { GET: getContacts, POST: addContact, PUT: replaceContact, DELETE: deleteContacts },
};

/** Whether a path is one of the demo paths (whatever the method). */
export function isDemoPath(path: string): boolean {
  return Object.hasOwn(TABLE, path);
}

export interface DemoCall {
  method: string;
  path: string;
  /** The decoded query string for GET, the JSON body otherwise. */
  params: Params;
  now: Date;
}

/**
 * Answers one demo call against the state, or says it is not a demo call (undefined), in which
 * case the request goes to the network.
 */
export function answerDemoCall(state: DemoState, call: DemoCall): { body: unknown } | undefined {
  const handler = isDemoPath(call.path) ? TABLE[call.path][call.method.toUpperCase() as DemoMethod] : undefined;
  if (!handler) return undefined;
  return { body: handler(state, call.params, call.now) };
}
