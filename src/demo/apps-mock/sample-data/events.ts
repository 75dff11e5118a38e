import type { CalendarEvent, EventCategory } from '../types.ts';
import { pad2 } from './random.ts';

export const CATEGORY_COLOURS: Record<EventCategory, string> = {
  Education: '#7b1fa2',
  Work: '#1976d2',
  Personal: '#388e3c',
};

const ROWS: [string, number, number, EventCategory, number?][] = [
  // title, day offset from the 1st of this month, start hour (0 = all day), category, length in days
  ['Access review kick-off', 2, 9, 'Work'],
  ['SAP security training', 4, 0, 'Education', 2],
  ['Dentist', 6, 15, 'Personal'],
  ['Ruleset workshop', 8, 10, 'Work'],
  ['Audit preparation', 10, 0, 'Work', 3],
  ['GRC webinar', 12, 14, 'Education'],
  ['Lunch with Elif', 13, 12, 'Personal'],
  ['Firefighter log review', 15, 11, 'Work'],
  ['Holiday', 17, 0, 'Personal', 2],
  ['S/4HANA roles course', 20, 9, 'Education'],
  ['Period close', 22, 16, 'Work'],
  ['Team dinner', 23, 19, 'Personal'],
  ['Licence audit', 25, 10, 'Work'],
  ['Certification exam', 27, 13, 'Education'],
  ['Quarter planning', 35, 9, 'Work'],
];

const isoDate = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;

/**
 * 15 events (spec section 3), placed relative to the month of `now` so that the calendar,
 * which opens on today, shows them. Deterministic for a given `now`.
 */
export function sampleEvents(now: Date): CalendarEvent[] {
  return ROWS.map(([title, offset, hour, category, days], i) => {
    const day = new Date(now.getFullYear(), now.getMonth(), 1 + offset);
    const event: CalendarEvent = {
      id: i + 1,
      title,
      start: hour ? `${isoDate(day)}T${pad2(hour)}:00` : isoDate(day),
      color: CATEGORY_COLOURS[category],
      category,
    };
    if (hour) event.end = `${isoDate(day)}T${pad2(hour + 1)}:00`;
    else if (days) event.end = isoDate(new Date(day.getFullYear(), day.getMonth(), day.getDate() + days));
    return event;
  });
}
