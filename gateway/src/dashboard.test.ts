import { describe, expect, it } from 'vitest';
import { addUp } from './dashboard.js';

const ALWAYS = ['activeBoq', 'activePo', 'totalItems', 'totalVendor', 'totalTeam'] as const;

describe('adding up the services’ dashboard answers', () => {
  it('adds counts, and 0 for a count no service answered', () => {
    expect(addUp([{ totalTeam: 4 }, { totalVendor: 5 }, {}], [...ALWAYS])).toEqual({
      activeBoq: 0,
      activePo: 0,
      totalItems: 0,
      totalVendor: 5,
      totalTeam: 4,
    });
  });

  it('adds rupee amounts in paise, so no floating-point remainder shows', () => {
    // 0.1 + 0.2 as floating-point rupees is 0.30000000000000004.
    expect(addUp([{ outstandingPayables: 0.1 }, { outstandingPayables: 0.2 }], []).outstandingPayables).toBe(
      0.3,
    );
    expect(addUp([{ outstandingPayables: 25000.5, openOverbilling: 2 }], [])).toEqual({
      outstandingPayables: 25000.5,
      openOverbilling: 2,
    });
  });

  it('leaves out the payables when no service answered them (a member who may not read vendor accounts)', () => {
    const out = addUp([{ totalVendor: 5 }], [...ALWAYS]);
    expect(out).not.toHaveProperty('outstandingPayables');
    expect(out).not.toHaveProperty('openOverbilling');
  });
});
