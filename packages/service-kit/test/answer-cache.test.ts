import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../src/answer-cache.js';

describe('AnswerCache', () => {
  it('serves an answer again only at the generation it was built at', () => {
    const cache = new AnswerCache<{ total: number }>({ maxBytes: 10_000 });
    cache.set('page 1', '7', '[1,2]', { total: 2 });
    expect(cache.get('page 1', '7')).toEqual({ text: '[1,2]', extra: { total: 2 } });
    expect(cache.get('page 1', '8')).toBeUndefined();
    expect(cache.get('page 2', '7')).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('drops the least recently used answers beyond its bytes, and keeps no answer too large', () => {
    const cache = new AnswerCache({ maxBytes: 100, maxEntryBytes: 60 });
    cache.set('a', '1', 'x'.repeat(20)); // 42 bytes
    cache.set('b', '1', 'y'.repeat(20));
    expect(cache.get('a', '1')?.text).toBe('x'.repeat(20)); // a is now the most recent
    cache.set('c', '1', 'z'.repeat(20)); // over 100: b goes
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBeDefined();
    expect(cache.get('c', '1')).toBeDefined();
    cache.set('big', '1', 'w'.repeat(40)); // 84 bytes > 60
    expect(cache.get('big', '1')).toBeUndefined();
    expect(cache.totalBytes).toBeLessThanOrEqual(100);
  });

  it('replaces a key’s answer without counting it twice', () => {
    const cache = new AnswerCache({ maxBytes: 1_000 });
    cache.set('k', '1', 'old');
    cache.set('k', '2', 'new');
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe((3 + 1) * 2);
    expect(cache.get('k', '2')?.text).toBe('new');
  });
});
