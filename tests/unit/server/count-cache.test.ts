import { afterEach, describe, expect, it, vi } from 'vitest';
import { CACHED_COUNT_MIN, COUNT_TTL_MS, CountCache, MAX_ID_LISTS } from '../../../server/resources/count-cache.ts';

describe('list totals cache', () => {
  afterEach(() => vi.useRealTimers());

  it('shares one count among identical requests in flight, and keeps a large one for the TTL only', async () => {
    vi.useFakeTimers();
    const cache = new CountCache();
    const compute = vi.fn(async () => CACHED_COUNT_MIN + 5);
    const all = await Promise.all(Array.from({ length: 100 }, () => cache.count('findings', 'WHERE a = $1', ['x'], compute)));
    expect(new Set(all)).toEqual(new Set([CACHED_COUNT_MIN + 5]));
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.count('findings', 'WHERE a = $1', ['x'], compute);
    expect(compute).toHaveBeenCalledTimes(1);
    // Other parameters (another tenant, another analysis) are another count.
    await cache.count('findings', 'WHERE a = $1', ['y'], compute);
    expect(compute).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(COUNT_TTL_MS + 1);
    await cache.count('findings', 'WHERE a = $1', ['x'], compute);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('never keeps a small count, a failed count, or a count of a table written to', async () => {
    const cache = new CountCache();
    const small = vi.fn(async () => 3);
    await cache.count('risks', '', [], small);
    await cache.count('risks', '', [], small);
    expect(small).toHaveBeenCalledTimes(2);

    const failing = vi.fn(async () => {
      throw new Error('boom');
    });
    await expect(cache.count('risks', 'x', [], failing)).rejects.toThrow('boom');
    await expect(cache.count('risks', 'x', [], failing)).rejects.toThrow('boom');
    expect(failing).toHaveBeenCalledTimes(2);

    const large = vi.fn(async () => CACHED_COUNT_MIN);
    await cache.count('findings', '', [], large);
    await cache.count('findings', '', [], large);
    expect(large).toHaveBeenCalledTimes(1);
    cache.invalidate('risks');
    await cache.count('findings', '', [], large);
    expect(large).toHaveBeenCalledTimes(1);
    cache.invalidate('findings');
    await cache.count('findings', '', [], large);
    expect(large).toHaveBeenCalledTimes(2);
  });
});

describe('kept counts and ids of searches (issue 12)', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a small count that scans, and a search\'s ids, for the TTL; a write drops both', async () => {
    vi.useFakeTimers();
    const cache = new CountCache();
    const small = vi.fn(async () => 3);
    await cache.count('findings', 'WHERE q', ['%FI%'], small, true);
    await cache.count('findings', 'WHERE q', ['%FI%'], small, true);
    expect(small).toHaveBeenCalledTimes(1);
    const ids = vi.fn(async () => ['a', 'b']);
    const both = await Promise.all([cache.ids('findings', 'WHERE q ORDER BY x', ['%FI%'], ids), cache.ids('findings', 'WHERE q ORDER BY x', ['%FI%'], ids)]);
    expect(both).toEqual([['a', 'b'], ['a', 'b']]);
    expect(ids).toHaveBeenCalledTimes(1);
    await cache.ids('findings', 'WHERE q ORDER BY x', ['%CO%'], ids);
    expect(ids).toHaveBeenCalledTimes(2);
    cache.invalidate('findings');
    await cache.count('findings', 'WHERE q', ['%FI%'], small, true);
    await cache.ids('findings', 'WHERE q ORDER BY x', ['%FI%'], ids);
    expect(small).toHaveBeenCalledTimes(2);
    expect(ids).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(COUNT_TTL_MS + 1);
    await cache.ids('findings', 'WHERE q ORDER BY x', ['%FI%'], ids);
    expect(ids).toHaveBeenCalledTimes(4);
  });

  it('keeps "too many to keep" (null) as an answer, never a failed list, and at most MAX_ID_LISTS lists', async () => {
    const cache = new CountCache();
    const tooMany = vi.fn(async () => null);
    expect(await cache.ids('findings', 'w', ['%a%'], tooMany)).toBeNull();
    expect(await cache.ids('findings', 'w', ['%a%'], tooMany)).toBeNull();
    expect(tooMany).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async (): Promise<string[]> => {
      throw new Error('boom');
    });
    await expect(cache.ids('findings', 'w', ['%b%'], failing)).rejects.toThrow('boom');
    await expect(cache.ids('findings', 'w', ['%b%'], failing)).rejects.toThrow('boom');
    expect(failing).toHaveBeenCalledTimes(2);
    const list = vi.fn(async () => ['x']);
    for (let i = 0; i < MAX_ID_LISTS + 5; i++) await cache.ids('findings', 'w', [`%${i}%`], list);
    expect(list).toHaveBeenCalledTimes(MAX_ID_LISTS + 5);
    // The newest are still kept, the oldest were let go.
    await cache.ids('findings', 'w', [`%${MAX_ID_LISTS + 4}%`], list);
    expect(list).toHaveBeenCalledTimes(MAX_ID_LISTS + 5);
    await cache.ids('findings', 'w', ['%0%'], list);
    expect(list).toHaveBeenCalledTimes(MAX_ID_LISTS + 6);
  });
});
