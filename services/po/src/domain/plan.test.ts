import { describe, expect, it } from 'vitest';
import type { IndentApprovedData } from '@erp/contracts';
import { approvalProblem, planPurchaseOrders } from './plan.js';

const STEEL = 'a1b2c3d4-0000-4000-8000-000000000001';
const SAND = 'a1b2c3d4-0000-4000-8000-000000000002';
const CEMENT = 'b1b2c3d4-0000-4000-8000-000000000001';
const TMT = 'b1b2c3d4-0000-4000-8000-000000000002';
const RIVER_SAND = 'b1b2c3d4-0000-4000-8000-000000000003';

function approval(over: Partial<IndentApprovedData> = {}): IndentApprovedData {
  return {
    indentId: 'c1b2c3d4-0000-4000-8000-000000000001',
    indentNumber: 'IND-000007',
    title: 'Tower B slab',
    project: {
      _id: 'd1b2c3d4-0000-4000-8000-000000000001',
      name: 'Skyline Residency',
      projectCode: 'PRJ-0001',
    },
    boq: { _id: 'e1b2c3d4-0000-4000-8000-000000000001', boqId: 'BOQ-0003', name: 'Civil works' },
    createdBy: { _id: 'f1b2c3d4-0000-4000-8000-000000000001', name: 'Sandeep Patil' },
    approvedBy: { _id: 'f1b2c3d4-0000-4000-8000-000000000002', name: 'Demo Admin' },
    approvedAt: '2026-05-04T10:30:00.000Z',
    vendors: [
      {
        vendorId: STEEL.toUpperCase(),
        vendorName: 'Deccan Steel Suppliers',
        fleet: { amount: 1500, gst: 270 },
        lines: [
          { itemId: CEMENT, itemName: 'Cement OPC 53', unit: 'bags', quantity: 10, price: 380.5, gst: 68.49 },
          {
            itemId: TMT.toUpperCase(),
            itemName: 'TMT bar 12 mm',
            unit: 'kg',
            quantity: 2.25,
            price: 62.1,
            gst: 11.18,
          },
        ],
      },
      {
        vendorId: SAND,
        vendorName: 'Sahyadri Sand',
        fleet: { amount: 0, gst: 0 },
        lines: [
          { itemId: RIVER_SAND, itemName: 'River sand', unit: 'CBM', quantity: 10, price: 1450, gst: 72.5 },
        ],
      },
    ],
    ...over,
  };
}

describe('the POs an approval plans', () => {
  it('makes one PO per vendor in the approval’s order, priced in paise and hundredths', () => {
    const [steel, sand] = planPurchaseOrders(approval());
    expect(steel).toEqual({
      vendorId: STEEL,
      vendorName: 'Deccan Steel Suppliers',
      lines: [
        {
          itemId: CEMENT,
          itemName: 'Cement OPC 53',
          unit: 'bags',
          quantity: 1000,
          pricePaise: 38_050,
          gstPaise: 6_849,
          unitTotalPaise: 44_899,
          totalPaise: 448_990,
        },
        {
          itemId: TMT,
          itemName: 'TMT bar 12 mm',
          unit: 'kg',
          quantity: 225,
          pricePaise: 6_210,
          gstPaise: 1_118,
          unitTotalPaise: 7_328,
          totalPaise: 16_488,
        },
      ],
      fleetPaise: 150_000,
      fleetGstPaise: 27_000,
      linesTotalPaise: 465_478,
      amountPaise: 465_478 + 177_000,
    });
    expect(sand!.amountPaise).toBe(1_522_500);
    expect(sand!.fleetPaise).toBe(0);
  });

  it('gives a vendor listed twice one PO with the lines and fleets of both entries', () => {
    const data = approval();
    const again = { ...data.vendors[1]!, vendorId: SAND.toUpperCase(), fleet: { amount: 200, gst: 36 } };
    const plans = planPurchaseOrders({ ...data, vendors: [...data.vendors, again] });
    expect(plans.map((p) => p.vendorId)).toEqual([STEEL, SAND]);
    expect(plans[1]!.lines).toHaveLength(2);
    expect(plans[1]!.fleetPaise).toBe(20_000);
    expect(plans[1]!.amountPaise).toBe(2 * 1_522_500 + 20_000 + 3_600);
  });
});

describe('an approval that cannot make POs', () => {
  it('is none when every id is a uuid and every quantity at least 0.01', () => {
    expect(approvalProblem(approval())).toBeNull();
  });

  it('names an id that is not a uuid, and a quantity below 0.01', () => {
    expect(approvalProblem(approval({ indentId: 'IND-7' }))).toBe('indentId is not a uuid: "IND-7"');
    const data = approval();
    const tiny = { ...data.vendors[1]!, lines: [{ ...data.vendors[1]!.lines[0]!, quantity: 0.004 }] };
    expect(approvalProblem({ ...data, vendors: [data.vendors[0]!, tiny] })).toBe(
      `the quantity of ${RIVER_SAND} is less than 0.01`,
    );
  });
});
