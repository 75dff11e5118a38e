import { describe, expect, it } from 'vitest';
import {
  BREAD_CATEGORIES,
  DATATABLE_TAGS,
  EVENT_CATEGORIES,
  MAIL_FOLDERS,
} from '../../../src/demo/apps-mock/types.ts';
import { freshState, NOW } from './call.ts';

describe('demo sample data (spec section 3)', () => {
  const state = freshState();

  it('has the spec sizes: 10 conversations, 16 contacts, 22 mail threads, 60 rows, 4 notifications, 15 events', () => {
    expect(state.conversations).toHaveLength(10);
    expect(state.contacts).toHaveLength(16);
    expect(state.mailThreads).toHaveLength(22);
    expect(state.datatable).toHaveLength(60);
    expect(state.notifications).toHaveLength(4);
    expect(state.events).toHaveLength(15);
  });

  it('is the same on every load and independent between loads', () => {
    const again = freshState();
    expect(again).toEqual(state);
    again.datatable.pop();
    again.notifications[0].title = 'changed';
    expect(freshState().datatable).toHaveLength(60);
    expect(freshState().notifications[0].title).not.toBe('changed');
  });

  it('uses the value sets of section 3', () => {
    for (const c of state.conversations) {
      expect(['Online', 'Offline']).toContain(c.status);
      for (const m of c.messages) {
        expect(m.time).toMatch(/^\d{2}:\d{2}$/);
        expect(['message', 'response']).toContain(m.type);
      }
    }
    for (const c of state.contacts) expect(['Work', 'Personal']).toContain(c.group);
    for (const e of state.events) expect(EVENT_CATEGORIES).toContain(e.category);
    for (const t of state.mailThreads) {
      expect(MAIL_FOLDERS).toContain(t.folder);
      for (const tag of t.tags) expect(['Project', 'Personal', 'Urgent']).toContain(tag.title);
      for (const e of t.emails) {
        expect(e.date).toMatch(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
        expect(e.time).toMatch(/^\d{2}:\d{2}$/);
      }
    }
    expect(state.mailThreads.some((t) => t.emails[0].date === '25 Nov 2020')).toBe(true);
    for (const t of state.tasks) {
      expect(['Active', 'Done']).toContain(t.status);
      for (const tag of t.tags) expect(['Urgent', 'Project', 'List', 'Lists', 'Personal']).toContain(tag.title);
    }
    for (const r of state.datatable) {
      expect(BREAD_CATEGORIES).toContain(r.category);
      expect(DATATABLE_TAGS).toContain(r.tag);
      expect(typeof r.sales).toBe('string');
      expect(typeof r.stock).toBe('string');
    }
    for (const p of state.products) {
      expect(p.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(new Date(p.createdDate).toISOString()).toBe(p.createdDate);
      expect(typeof p.id).toBe('string');
    }
  });

  it('places the events around the month of the clock, so the calendar opens on them', () => {
    const month = `${NOW.getFullYear()}-${String(NOW.getMonth() + 1).padStart(2, '0')}`;
    expect(state.events.filter((e) => e.start.startsWith(month)).length).toBeGreaterThanOrEqual(12);
  });
});
