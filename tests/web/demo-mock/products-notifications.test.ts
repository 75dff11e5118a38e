import { describe, expect, it } from 'vitest';
import { sampleNotifications } from '../../../src/demo/apps-mock/sample-data/notifications.ts';
import type { DemoNotification, Product } from '../../../src/demo/apps-mock/types.ts';
import { call, freshState } from './call.ts';

describe('GET /apps/products', () => {
  it('answers all products for an empty, missing or one-character term', () => {
    const state = freshState();
    expect(call<Product[]>(state, 'GET', '/apps/products', { term: '' })).toHaveLength(state.products.length);
    expect(call<Product[]>(state, 'GET', '/apps/products')).toHaveLength(state.products.length);
    expect(call<Product[]>(state, 'GET', '/apps/products', { term: 'q' })).toHaveLength(state.products.length);
  });

  it('matches on name, description and category, and on nothing else', () => {
    const state = freshState();
    const base = {
      sales: 1,
      stock: 1,
      tag: 'Sale',
      check: false,
      date: '01.02.2021',
      createdDate: '2021-02-01T00:00:00.000Z',
    };
    state.products = [
      { ...base, id: '1', name: 'Rye', description: 'dark', category: 'Sourdough' },
      { ...base, id: '2', name: 'Bun', description: 'with SESAME', category: 'Multigrain' },
      { ...base, id: '3', name: 'Loaf', description: 'plain', category: 'Whole Wheat' },
    ];
    const ids = (term: string) => call<Product[]>(state, 'GET', '/apps/products', { term }).map((p) => p.id);
    expect(ids('rye')).toEqual(['1']);
    expect(ids('sesame')).toEqual(['2']);
    expect(ids('whole')).toEqual(['3']);
    expect(ids('Sale')).toEqual([]); // the tag is not searched
  });
});

describe('GET /apps/notifications', () => {
  it('answers the 4 notifications', () => {
    const list = call<DemoNotification[]>(freshState(), 'GET', '/apps/notifications');
    expect(list).toEqual(sampleNotifications);
    expect(list).toHaveLength(4);
  });
});
