import type { DemoState } from '../state.ts';
import type { CalendarEvent } from '../types.ts';
import { itemParam, sameId, type Params } from './params.ts';

/**
 * yyyy-mm-dd[Thh:mm[:ss]] read as local time. (Date's own parser reads a bare date as UTC and a
 * date-time as local, which would shift all-day events by the time-zone offset.)
 */
export function parseLocalDate(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return new Date(+y, +mo - 1, +d, +h, +mi, +s).getTime();
}

/** An event without an end lasts its start instant; an end is exclusive. */
function overlaps(event: CalendarEvent, from: number, to: number): boolean {
  const start = parseLocalDate(event.start);
  if (start === undefined) return false;
  const end = parseLocalDate(event.end) ?? start + 1;
  return start < to && end > from;
}

/**
 * GET events: the event list. startStr and endStr, when both are dates, narrow it to the
 * events that overlap [startStr, endStr) — what a calendar asks for when it shows a range.
 */
export function getEvents(state: DemoState, params: Params): CalendarEvent[] {
  const from = parseLocalDate(params.startStr);
  const to = parseLocalDate(params.endStr);
  if (from === undefined || to === undefined) return state.events;
  return state.events.filter((e) => overlaps(e, from, to));
}

const nextId = (events: readonly CalendarEvent[]) => events.reduce((max, e) => Math.max(max, Number(e.id) || 0), 0) + 1;

/** POST events: a new id is assigned and the item goes first; the full list comes back. */
export function addEvent(state: DemoState, params: Params): CalendarEvent[] {
  const item = itemParam<CalendarEvent>(params.item);
  state.events.unshift({ ...(item as CalendarEvent), id: nextId(state.events) });
  return state.events;
}

/** PUT events: replace by id, or add with a new id (first, as POST does) if the id is unknown. */
export function putEvent(state: DemoState, params: Params): CalendarEvent[] {
  const item = itemParam<CalendarEvent>(params.item);
  const at = state.events.findIndex((e) => sameId(item.id, e.id));
  if (at >= 0) state.events[at] = { ...(item as CalendarEvent), id: state.events[at].id };
  else state.events.unshift({ ...(item as CalendarEvent), id: nextId(state.events) });
  return state.events;
}

/** DELETE events: the event with the id goes; the full list comes back. */
export function deleteEvent(state: DemoState, params: Params): CalendarEvent[] {
  state.events = state.events.filter((e) => !sameId(params.id, e.id));
  return state.events;
}
