/** Shapes of the demo entities (spec section 3, "Demo entities"). */

export type ChatMessageType = 'message' | 'response';

export interface ChatMessage {
  text: string;
  /** hh:mm */
  time: string;
  /** message = sent by the user, response = received. */
  type: ChatMessageType;
  /** Image paths (URLs). */
  attachments: string[];
}

export interface Conversation {
  id: number;
  name: string;
  thumb: string;
  /** Last-activity label. */
  last: string;
  status: 'Online' | 'Offline';
  unread: number;
  messages: ChatMessage[];
}

export type ContactGroup = 'Work' | 'Personal';

export interface Contact {
  id: number;
  name: string;
  position: string;
  email: string;
  phone: string;
  group: ContactGroup;
  thumb: string;
}

export const EVENT_CATEGORIES = ['Education', 'Work', 'Personal'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export interface CalendarEvent {
  id: number;
  title: string;
  /** ISO date (yyyy-mm-dd) or date-time (yyyy-mm-ddThh:mm). */
  start: string;
  end?: string;
  color?: string;
  url?: string;
  category: EventCategory;
}

export const MAIL_FOLDERS = ['inbox', 'sent', 'spam', 'trash'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

export interface MailTag {
  title: string;
  /** Background style (a colour). */
  bg: string;
  /** Text style (a colour). */
  text: string;
}

export interface MailAttachment {
  title: string;
  size: string;
  source: string;
}

export interface MailEmail {
  name: string;
  address: string;
  thumb: string;
  /** Like 25 Nov 2020. */
  date: string;
  /** HH:MM */
  time: string;
  attachments: MailAttachment[];
  /** Simple markup: <p> paragraphs only. */
  content: string;
}

export interface MailThread {
  id: number;
  folder: MailFolder;
  from: string;
  title: string;
  detail: string;
  dateTime: string;
  attachment: boolean;
  starred: boolean;
  important: boolean;
  unread: boolean;
  tags: MailTag[];
  emails: MailEmail[];
}

export type TaskStatus = 'Active' | 'Done';

export interface TaskTag {
  title: string;
  bg: string;
}

export interface Task {
  id: string;
  status: TaskStatus;
  title: string;
  detail: string;
  tags: TaskTag[];
  deleted: boolean;
}

export const BREAD_CATEGORIES = ['Whole Wheat', 'Sourdough', 'Multigrain'] as const;
export type BreadCategory = (typeof BREAD_CATEGORIES)[number];
export const DATATABLE_TAGS = ['', 'Done', 'Sale', 'New'] as const;
export type DatatableTag = (typeof DATATABLE_TAGS)[number];

export interface DatatableRow {
  id: number;
  name: string;
  sales: string;
  stock: string;
  category: BreadCategory;
  tag: DatatableTag;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  sales: number;
  stock: number;
  category: string;
  tag: string;
  check: boolean;
  /** dd.mm.yyyy */
  date: string;
  /** ISO timestamp. */
  createdDate: string;
}

export interface DemoNotification {
  id: number;
  img: string;
  title: string;
  detail: string;
  link: string;
}

/** One sort key of a paged demo call. */
export interface SortKey {
  id: string;
  desc?: boolean;
}

/** The answer of the paged demo calls (datatable, contacts). */
export interface Page<T> {
  pageSize: number;
  pageIndex: number;
  pageCount: number;
  items: T[];
}
