import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../src/demo/apps-mock/types.ts';
import { call, freshState } from './call.ts';

const event = (id: number, start: string, end?: string): CalendarEvent => ({
  id,
  title: `E${id}`,
  start,
  end,
  category: 'Work',
});

describe('GET /apps/events (also /app/apps/events)', () => {
  it('answers the event list on both paths', () => {
    const state = freshState();
    expect(call(state, 'GET', '/apps/events')).toEqual(state.events);
    expect(call(state, 'GET', '/app/apps/events')).toEqual(state.events);
    expect(state.events).toHaveLength(15);
  });

  it('narrows the list to the events overlapping [startStr, endStr)', () => {
    const state = freshState();
    state.events = [
      event(1, '2026-03-01'), // all day, inside
      event(2, '2026-02-27', '2026-03-02'), // spans the start of the range
      event(3, '2026-02-20', '2026-03-01'), // ends (exclusive) where the range starts
      event(4, '2026-04-05T10:00', '2026-04-05T11:00'), // starts at the range end
      event(5, '2026-03-31T23:00'),
    ];
    const ids = call<CalendarEvent[]>(state, 'GET', '/apps/events', {
      startStr: '2026-03-01T00:00:00',
      endStr: '2026-04-05',
    }).map((e) => e.id);
    expect(ids).toEqual([1, 2, 5]);
  });
});

describe('POST /apps/events', () => {
  it('assigns a new id, puts the item first and answers the full list', () => {
    const state = freshState();
    const list = call<CalendarEvent[]>(state, 'POST', '/apps/events', {
      item: { id: 3, title: 'Review', start: '2026-03-09', category: 'Work' },
    });
    expect(list).toHaveLength(16);
    expect(list[0]).toMatchObject({ title: 'Review', id: 16 });
    expect(list.filter((e) => e.id === 3)).toHaveLength(1); // the item's own id is not kept
  });
});

describe('PUT /apps/events', () => {
  it('replaces the event with the same id in its place', () => {
    const state = freshState();
    const item = { ...state.events[4], title: 'Moved', category: 'Personal' };
    const list = call<CalendarEvent[]>(state, 'PUT', '/apps/events', { item });
    expect(list).toHaveLength(15);
    expect(list[4]).toEqual(item);
  });

  it('adds the event with a new id when its id is unknown', () => {
    const state = freshState();
    const list = call<CalendarEvent[]>(state, 'PUT', '/apps/events', {
      item: { id: 999, title: 'Unknown', start: '2026-03-10', category: 'Education' },
    });
    expect(list).toHaveLength(16);
    expect(list.find((e) => e.title === 'Unknown')?.id).toBe(16);
    expect(list.some((e) => e.id === 999)).toBe(false);
  });
});

describe('DELETE /apps/events', () => {
  it('removes the event with the id and answers the full list', () => {
    const state = freshState();
    const list = call<CalendarEvent[]>(state, 'DELETE', '/apps/events', { id: 7 });
    expect(list).toHaveLength(14);
    expect(list.some((e) => e.id === 7)).toBe(false);
  });
});
