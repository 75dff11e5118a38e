import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../src/demo/apps-mock/types.ts';
import { call, freshState } from './call.ts';

describe('GET /apps/chat', () => {
  it('answers the 10 conversations', () => {
    const state = freshState();
    const list = call<Conversation[]>(state, 'GET', '/apps/chat');
    expect(list).toHaveLength(10);
    expect(list).toEqual(state.conversations);
  });
});

describe('PUT /apps/chat/addText', () => {
  it('adds a sent message with the time hh:mm and moves the conversation to the top', () => {
    const state = freshState();
    const before = state.conversations[6].messages.length;
    const list = call<Conversation[]>(
      state,
      'PUT',
      '/apps/chat/addText',
      { id: 7, text: 'Hallo' },
      new Date(2026, 2, 3, 9, 4),
    );
    expect(list[0].id).toBe(7);
    expect(list).toHaveLength(10);
    expect(list[0].messages).toHaveLength(before + 1);
    expect(list[0].messages.at(-1)).toEqual({ text: 'Hallo', time: '09:04', type: 'message', attachments: [] });
    expect(list.slice(1).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
  });
});

describe('PUT /apps/chat/addAttachments', () => {
  it('adds a sent message carrying the attachments and moves the conversation to the top', () => {
    const state = freshState();
    const list = call<Conversation[]>(
      state,
      'PUT',
      '/apps/chat/addAttachments',
      { id: 3, attachments: ['blob:a', 'blob:b'] },
      new Date(2026, 2, 3, 23, 59),
    );
    expect(list[0].id).toBe(3);
    expect(list[0].messages.at(-1)).toEqual({
      text: '',
      time: '23:59',
      type: 'message',
      attachments: ['blob:a', 'blob:b'],
    });
  });
});

describe('PUT /apps/chat/read', () => {
  it('sets unread to 0 and keeps the order', () => {
    const state = freshState();
    const unread = state.conversations.find((c) => c.unread > 0)!;
    const order = state.conversations.map((c) => c.id);
    const list = call<Conversation[]>(state, 'PUT', '/apps/chat/read', { id: unread.id });
    expect(list.find((c) => c.id === unread.id)!.unread).toBe(0);
    expect(list.map((c) => c.id)).toEqual(order);
  });
});

describe('POST, PUT and DELETE /apps/chat (answers not shown in the spec)', () => {
  it('add a conversation first, replace one by id, and remove by ids, answering the list', () => {
    const state = freshState();
    let list = call<Conversation[]>(state, 'POST', '/apps/chat', { item: { name: 'Group chat' } });
    expect(list[0]).toMatchObject({ id: 11, name: 'Group chat', unread: 0, messages: [] });
    list = call<Conversation[]>(state, 'PUT', '/apps/chat', { item: { id: 2, status: 'Offline' } });
    expect(list.find((c) => c.id === 2)).toMatchObject({ status: 'Offline', name: state.conversations[2].name });
    list = call<Conversation[]>(state, 'DELETE', '/apps/chat', { ids: [11, 4] });
    expect(list.map((c) => c.id)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
  });
});
