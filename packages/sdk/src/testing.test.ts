import { describe, expect, it } from 'vitest';
import { matchesRecorded } from './testing';

describe('matchesRecorded (contract tests wait for the mock server to book its matches)', () => {
  it('returns once the mock server books a match it recorded after answering', async () => {
    const bookedAt = Date.now() + 60;
    const asked: number[] = [];
    await matchesRecorded(
      { mockServerMatchedSuccessfully: (port) => (asked.push(port), Date.now() >= bookedAt) },
      4321,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(bookedAt);
    expect(new Set(asked)).toEqual(new Set([4321]));
  });

  it('gives up after its wait when nothing is ever booked, so Pact reports the missing request', async () => {
    const started = Date.now();
    await matchesRecorded({ mockServerMatchedSuccessfully: () => false }, 4321, 100);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(100);
    expect(waited).toBeLessThan(1900);
  });
});
