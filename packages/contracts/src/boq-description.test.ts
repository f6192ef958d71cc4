import { describe, expect, it } from 'vitest';
import { cleanBoqDescription } from './schemas/boq.js';

describe("a BOQ's description", () => {
  it('keeps G+12 (phase-1) & podium as typed: digits and symbols stay', () => {
    expect(cleanBoqDescription('RCC frame for G+12 (phase-1) & podium')).toBe(
      'RCC frame for G+12 (phase-1) & podium',
    );
    expect(cleanBoqDescription('Slab @ 150 mm, 25% extra; ₹/sq.ft: "M25"')).toBe(
      'Slab @ 150 mm, 25% extra; ₹/sq.ft: "M25"',
    );
    expect(cleanBoqDescription('टावर A — पहला चरण\nline two\tend')).toBe('टावर A — पहला चरण\nline two\tend');
  });

  it('takes out only control characters', () => {
    expect(cleanBoqDescription('Tower\u0000 A\u0007\u001b')).toBe('Tower A');
  });
});
