import { describe, expect, it } from 'vitest';
import type { Queryable } from '@erp/service-kit';
import { ListCache } from './list-cache.js';

/** A database whose list generation the test moves. */
function fakeDb() {
  const state = { generation: 1 };
  const db = { query: async () => ({ rows: [{ g: state.generation }] }) } as unknown as Queryable;
  return { db, state };
}

describe('list cache', () => {
  it('answers a repeated question from memory until the generation moves', async () => {
    const { db, state } = fakeDb();
    const cache = new ListCache('catalog');
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await cache.get(db, 'a', load)).toBe('answer 1');
    expect(await cache.get(db, 'a', load)).toBe('answer 1');
    state.generation = 2;
    expect(await cache.get(db, 'a', load)).toBe('answer 2');
  });

  it('does not keep an answer loaded for a generation that moved meanwhile', async () => {
    const { db, state } = fakeDb();
    const cache = new ListCache('catalog');
    const g = await cache.current(db);
    state.generation = 2;
    await cache.current(db);
    expect(await cache.at(g, 'a', async () => 'old')).toBe('old');
    expect(await cache.get(db, 'a', async () => 'new')).toBe('new');
  });

  it('drops the oldest answers beyond its entry and text limits', async () => {
    const { db } = fakeDb();
    const cache = new ListCache('catalog', 3, 60_000, 25);
    const loads: string[] = [];
    const load = (key: string, text: string) => cache.get(db, key, async () => (loads.push(key), text));
    await load('a', 'x'.repeat(10));
    await load('b', 'x'.repeat(10));
    await load('c', 'x'.repeat(10)); // 30 characters > 25: 'a' goes
    await load('b', 'again'); // still there
    await load('a', 'x'.repeat(10)); // loaded again; 'b' goes for the text limit
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
    await load('d', 'x'); // c, a, d: three entries
    await load('e', 'x'); // more than three: 'c' goes
    await load('d', 'x'); // still there
    await load('c', 'x'); // loaded again
    expect(loads).toEqual(['a', 'b', 'c', 'a', 'd', 'e', 'c']);
  });
});
