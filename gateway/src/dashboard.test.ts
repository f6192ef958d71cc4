import { describe, expect, it } from 'vitest';
import { addUp, declaredCounts } from './dashboard.js';
import type { DashboardCount, ModuleDeclaration } from './modules.js';

const ALWAYS: DashboardCount[] = ['activeBoq', 'activePo', 'totalItems', 'totalVendor', 'totalTeam'].map(
  (key) => ({ key }),
);
const PAYABLES: DashboardCount[] = [
  { key: 'outstandingPayables', money: true, optional: true },
  { key: 'openOverbilling', optional: true },
];

describe('adding up the services’ dashboard answers', () => {
  it('adds counts, and 0 for a count no service answered', () => {
    expect(addUp([{ totalTeam: 4 }, { totalVendor: 5 }, {}], ALWAYS)).toEqual({
      activeBoq: 0,
      activePo: 0,
      totalItems: 0,
      totalVendor: 5,
      totalTeam: 4,
    });
  });

  it('adds rupee amounts in paise, so no floating-point remainder shows', () => {
    // 0.1 + 0.2 as floating-point rupees is 0.30000000000000004.
    expect(
      addUp([{ outstandingPayables: 0.1 }, { outstandingPayables: 0.2 }], PAYABLES).outstandingPayables,
    ).toBe(0.3);
    expect(addUp([{ outstandingPayables: 25000.5, openOverbilling: 2 }], PAYABLES)).toEqual({
      outstandingPayables: 25000.5,
      openOverbilling: 2,
    });
  });

  it('leaves out the payables when no service answered them (a member who may not read vendor accounts)', () => {
    const out = addUp([{ totalVendor: 5 }], [...ALWAYS, ...PAYABLES]);
    expect(out).not.toHaveProperty('outstandingPayables');
    expect(out).not.toHaveProperty('openOverbilling');
  });

  it('takes the counts from the modules’ declarations, so a new module’s count is added up without a line here', () => {
    const stock = { counts: [{ key: 'lowStockItems' }] } as ModuleDeclaration;
    const counts = declaredCounts({ stock, po: { counts: [{ key: 'activePo' }] } as ModuleDeclaration });
    expect(counts.map((c) => c.key)).toEqual(['lowStockItems', 'activePo']);
    expect(addUp([{ lowStockItems: 3, activePo: 2 }, { lowStockItems: 1 }], counts)).toEqual({
      lowStockItems: 4,
      activePo: 2,
    });
  });

  it('the declared counts are the spec’s five and the role counts, each declared once', () => {
    const keys = declaredCounts().map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of ['activeBoq', 'activePo', 'totalItems', 'totalVendor', 'totalTeam'])
      expect(keys).toContain(key);
  });
});
