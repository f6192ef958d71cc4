import { describe, expect, it } from 'vitest';
import { balanceHundredths, boqLine, itemBalance, totalPaise } from './boq-balances.js';

const line = {
  id: 'l1',
  itemId: 'i1',
  name: 'Cement',
  unit: 'bag',
  plannedHundredths: 1250,
  ratePaise: 41010,
  remark: 'OPC',
  consumedHundredths: 300,
};

describe('BOQ balances', () => {
  it('totals the lines as rate × planned quantity, rounded to the paisa', () => {
    expect(
      totalPaise([
        { itemId: 'a', unit: 'bag', plannedHundredths: 1250, ratePaise: 41010, remark: '' },
        { itemId: 'b', unit: 'kg', plannedHundredths: 33, ratePaise: 101, remark: '' },
      ]),
    ).toBe(512625 + 33);
    expect(totalPaise([])).toBe(0);
  });

  it('shows a line with its amount, what was consumed and what is left', () => {
    expect(boqLine(line)).toEqual({
      _id: 'l1',
      item: { _id: 'i1', name: 'Cement' },
      itemId: 'i1',
      name: 'Cement',
      unit: 'bag',
      plannedQty: 12.5,
      rate: 410.1,
      amount: 5126.25,
      consumedQuantity: 3,
      balanceQuantity: 9.5,
      remark: 'OPC',
    });
  });

  it('lets the balance go below zero when receipts passed the plan', () => {
    expect(balanceHundredths(100, 250)).toBe(-150);
    expect(boqLine({ ...line, consumedHundredths: 1300 }).balanceQuantity).toBe(-0.5);
  });

  it('gives an indent the quantities of the line only', () => {
    expect(itemBalance(boqLine(line))).toEqual({
      itemId: 'i1',
      name: 'Cement',
      unit: 'bag',
      plannedQty: 12.5,
      consumedQuantity: 3,
      balanceQuantity: 9.5,
    });
  });
});
