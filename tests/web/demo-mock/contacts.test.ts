import { describe, expect, it } from 'vitest';
import type { Contact, Page } from '../../../src/demo/apps-mock/types.ts';
import { call, freshState } from './call.ts';

const get = (params: Record<string, unknown>, state = freshState()) =>
  call<Page<Contact>>(state, 'GET', '/apps/contacts', params);

describe('GET /apps/contacts', () => {
  it('answers pageSize, pageIndex, pageCount and the zero-based page', () => {
    const page = get({ pageSize: '5', pageIndex: '3' });
    expect(page).toMatchObject({ pageSize: 5, pageIndex: 3, pageCount: 4 }); // 16 / 5 → 4
    expect(page.items.map((c) => c.id)).toEqual([16]);
  });

  it('matches case-insensitively on name, position, email, phone and group', () => {
    const state = freshState();
    const base = { thumb: '', position: 'Developer', email: 'x@example.com', phone: '+90 1', group: 'Work' as const };
    state.contacts = [
      { ...base, id: 1, name: 'Zara Quill' },
      { ...base, id: 2, name: 'B', position: 'Chief AUDITOR' },
      { ...base, id: 3, name: 'C', email: 'unique.mail@host.test' },
      { ...base, id: 4, name: 'D', phone: '+49 777 12' },
      { ...base, id: 5, name: 'E', group: 'Personal' },
    ];
    const ids = (term: string) => get({ term, pageSize: '10', pageIndex: '0' }, state).items.map((c) => c.id);
    expect(ids('zara q')).toEqual([1]);
    expect(ids('auditor')).toEqual([2]);
    expect(ids('UNIQUE.MAIL')).toEqual([3]);
    expect(ids('777')).toEqual([4]);
    expect(ids('personal')).toEqual([5]);
  });

  it('ignores a one-character term', () => {
    expect(get({ term: 'z', pageSize: '100', pageIndex: '0' }).items).toHaveLength(16);
  });

  it('sorts only by a single key, descending when desc is true', () => {
    const names = get({
      sortBy: JSON.stringify([{ id: 'name', desc: true }]),
      pageSize: '16',
      pageIndex: '0',
    }).items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })));
    const twoKeys = get({
      sortBy: JSON.stringify([{ id: 'name', desc: true }, { id: 'email' }]),
      pageSize: '16',
      pageIndex: '0',
    });
    expect(twoKeys.items.map((c) => c.id)).toEqual(freshState().contacts.map((c) => c.id));
  });
});

describe('GET /apps/users', () => {
  it('answers the whole contact list as an array', () => {
    const state = freshState();
    expect(call(state, 'GET', '/apps/users')).toEqual(state.contacts);
    expect(state.contacts).toHaveLength(16);
  });
});

describe('POST /apps/contacts', () => {
  it('adds the contact with new id = count + 1', () => {
    const state = freshState();
    state.contacts.splice(3, 1); // 15 left
    const item = {
      name: 'New Person',
      position: 'Auditor',
      email: 'n@example.com',
      phone: '1',
      group: 'Work',
      thumb: '',
    };
    const page = call<Page<Contact>>(state, 'POST', '/apps/contacts', { item, sortBy: [], pageSize: 5, pageIndex: 3 });
    expect(state.contacts.at(-1)).toEqual({ ...item, id: 16 });
    expect(page.items.map((c) => c.name)).toEqual(['New Person']);
  });
});

describe('PUT /apps/contacts', () => {
  it('replaces the contact by id', () => {
    const state = freshState();
    const item = { ...state.contacts[4], position: 'CISO' };
    call(state, 'PUT', '/apps/contacts', { item, sortBy: [], pageSize: 5, pageIndex: 0 });
    expect(state.contacts[4]).toEqual(item);
    expect(state.contacts).toHaveLength(16);
  });
});

describe('DELETE /apps/contacts', () => {
  it('removes the contacts with the ids (answer not shown in the spec: the page)', () => {
    const state = freshState();
    const page = call<Page<Contact>>(state, 'DELETE', '/apps/contacts', {
      ids: [2, 3],
      sortBy: [],
      pageSize: 20,
      pageIndex: 0,
    });
    expect(state.contacts.map((c) => c.id)).toEqual([1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(page.items).toHaveLength(14);
  });
});
