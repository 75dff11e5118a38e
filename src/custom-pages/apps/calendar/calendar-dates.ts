import { parseLocalDate } from '../../../demo/apps-mock/handlers/events.ts';
import type { CalendarEvent } from '../../../demo/apps-mock/types.ts';

const pad2 = (n: number) => String(n).padStart(2, '0');

export const isoDate = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
export const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
export const sameDay = (a: Date, b: Date) => isoDate(a) === isoDate(b);

/** Weeks start on Monday, as in Turkey and Germany. */
export function startOfWeek(d: Date): Date {
  return addDays(d, -((d.getDay() + 6) % 7));
}

/** The 42 days (6 weeks) a month grid shows, from the Monday on or before the 1st. */
export function monthGrid(month: Date): Date[] {
  const first = startOfWeek(new Date(month.getFullYear(), month.getMonth(), 1));
  return Array.from({ length: 42 }, (_, i) => addDays(first, i));
}

export function weekDays(day: Date): Date[] {
  const first = startOfWeek(day);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** The events on a day: those overlapping [day, next day); an end is exclusive. */
export function eventsOn(events: readonly CalendarEvent[], day: Date): CalendarEvent[] {
  const from = new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  const to = addDays(day, 1).getTime();
  return events
    .filter((e) => {
      const start = parseLocalDate(e.start);
      if (start === undefined) return false;
      const end = parseLocalDate(e.end) ?? start + 1;
      return start < to && end > from;
    })
    .sort((a, b) => Number(isAllDay(b)) - Number(isAllDay(a)) || a.start.localeCompare(b.start));
}

/** An all-day event has a bare date as its start. */
export const isAllDay = (e: Pick<CalendarEvent, 'start'>) => !e.start.includes('T');

/** hh:mm of a timed event's start, or undefined for an all-day one. */
export const startTime = (e: Pick<CalendarEvent, 'start'>) => (isAllDay(e) ? undefined : e.start.slice(11, 16));
