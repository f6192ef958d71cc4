import { describe, expect, it, vi } from 'vitest';
import { ListCache } from './list-cache.js';

describe('team list cache', () => {
  it('answers a repeated query until the data changes', () => {
    const c = new ListCache<string>();
    c.set('a', 'first', c.current());
    expect(c.get('a')).toBe('first');
    c.invalidate();
    expect(c.get('a')).toBeUndefined();
  });

  it('does not keep an answer computed before a change that landed during the query', () => {
    const c = new ListCache<string>();
    const v = c.current();
    c.invalidate(); // a write committed while the query ran
    c.set('a', 'stale', v);
    expect(c.get('a')).toBeUndefined();
  });

  it('forgets answers after the maximum age and beyond the maximum size', () => {
    vi.useFakeTimers();
    const c = new ListCache<string>(2, 1000);
    c.set('a', 'x', c.current());
    vi.advanceTimersByTime(1001);
    expect(c.get('a')).toBeUndefined();
    c.set('a', '1', c.current());
    c.set('b', '2', c.current());
    c.set('c', '3', c.current());
    expect(c.get('a')).toBeUndefined();
    expect(c.get('c')).toBe('3');
    vi.useRealTimers();
  });
});
