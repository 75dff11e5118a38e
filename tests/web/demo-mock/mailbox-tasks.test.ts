import { describe, expect, it } from 'vitest';
import type { MailThread, Task } from '../../../src/demo/apps-mock/types.ts';
import { call, freshState } from './call.ts';

describe('GET /apps/mailbox', () => {
  it('answers all 22 threads, whatever their folder', () => {
    const state = freshState();
    const list = call<MailThread[]>(state, 'GET', '/apps/mailbox');
    expect(list).toHaveLength(22);
    expect(new Set(list.map((t) => t.folder))).toEqual(new Set(['inbox', 'sent', 'spam', 'trash']));
  });
});

describe('POST, PUT and DELETE /apps/mailbox (answers not shown in the spec)', () => {
  it('PUT replaces the thread by id (star, move to trash) and answers all threads', () => {
    const state = freshState();
    const thread = state.mailThreads[1];
    const list = call<MailThread[]>(state, 'PUT', '/apps/mailbox', {
      item: { ...thread, starred: !thread.starred, folder: 'trash' },
    });
    expect(list).toHaveLength(22);
    expect(list[1]).toMatchObject({ id: thread.id, starred: !thread.starred, folder: 'trash' });
  });

  it('POST adds the thread first with a new id; DELETE removes the ids', () => {
    const state = freshState();
    const item = { ...state.mailThreads[0], id: 0, folder: 'sent', title: 'Sent one' };
    let list = call<MailThread[]>(state, 'POST', '/apps/mailbox', { item });
    expect(list[0]).toMatchObject({ id: 23, folder: 'sent', title: 'Sent one' });
    list = call<MailThread[]>(state, 'DELETE', '/apps/mailbox', { ids: [23, 1] });
    expect(list).toHaveLength(21);
    expect(list.some((t) => t.id === 1 || t.id === 23)).toBe(false);
  });
});

describe('GET /apps/tasks', () => {
  it('answers the task list, including the Done tasks that start as deleted', () => {
    const list = call<Task[]>(freshState(), 'GET', '/apps/tasks');
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((t) => t.status === 'Done' && t.deleted)).toBe(true);
    expect(list.every((t) => typeof t.id === 'string')).toBe(true);
  });
});

describe('PUT /apps/tasks', () => {
  it('upserts: replaces the task with the same id in its place', () => {
    const state = freshState();
    const item = { ...state.tasks[2], status: 'Done', deleted: true };
    const list = call<Task[]>(state, 'PUT', '/apps/tasks', { item });
    expect(list).toHaveLength(12);
    expect(list[2]).toEqual(item);
  });

  it('upserts: adds a task with an unknown id', () => {
    const state = freshState();
    const item = { id: 'x-1', status: 'Active', title: 'New', detail: '', tags: [], deleted: false };
    const list = call<Task[]>(state, 'PUT', '/apps/tasks', { item });
    expect(list).toHaveLength(13);
    expect(list.find((t) => t.id === 'x-1')).toEqual(item);
  });
});

describe('POST /apps/tasks', () => {
  it('adds the task first with a new string id and answers the full list', () => {
    const state = freshState();
    const list = call<Task[]>(state, 'POST', '/apps/tasks', {
      item: { id: '5', status: 'Active', title: 'First', detail: '', tags: [], deleted: false },
    });
    expect(list).toHaveLength(13);
    expect(list[0]).toMatchObject({ id: '13', title: 'First' });
    expect(list.filter((t) => t.id === '5')).toHaveLength(1);
  });
});

describe('DELETE /apps/tasks', () => {
  it('removes the task with the id and answers the full list', () => {
    const state = freshState();
    const list = call<Task[]>(state, 'DELETE', '/apps/tasks', { id: '4' });
    expect(list).toHaveLength(11);
    expect(list.some((t) => t.id === '4')).toBe(false);
  });
});
