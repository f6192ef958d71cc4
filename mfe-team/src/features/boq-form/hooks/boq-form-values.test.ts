import { describe, expect, it } from 'vitest';
import { BOQ_MESSAGES, TOO_MANY_BOQ_LINES, type Boq, type BoqImportLine } from '@erp/contracts';
import {
  appendImported,
  boqContract,
  boqProblemToast,
  boqToValues,
  boqTotal,
  canSaveBoq,
  emptyBoqLine,
  emptyBoqValues,
  saveBlockers,
  sanitizeDecimal,
  valuesToBody,
  type BoqFormValues,
  type BoqLineValues,
} from './boq-form-values';

const PROJECT = {
  _id: '5b1f0c3e-8d2a-4f6b-9c7e-1a2b3c4d5e6f',
  name: 'Skyline Residency',
  projectCode: 'PRJ-0003',
};
const CEMENT = { _id: '0e6f5a3c-2b1d-4c9e-8f7a-6b5c4d3e2f1a', name: 'Cement OPC 53 Grade', unit: 'bags' };
const STEEL = { _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'TMT Steel 12mm', unit: 'kg' };

const line = (over: Partial<BoqLineValues> = {}): BoqLineValues => ({
  ...emptyBoqLine(),
  item: CEMENT,
  plannedQty: '120',
  unit: 'bags',
  rate: '385.50',
  remark: '',
  ...over,
});
const valid = (over: Partial<BoqFormValues> = {}): BoqFormValues => ({
  ...emptyBoqValues(PROJECT),
  name: 'Tower A structure',
  items: [line()],
  ...over,
});

describe('the BOQ form against the projects service contract', () => {
  it('sends the trimmed fields, the status of the button and each line without its client key', () => {
    const values = valid({
      name: '  Tower A  ',
      notes: ' Phase 1 ',
      items: [
        line({ remark: ' first lot ' }),
        line({ item: STEEL, plannedQty: '2500.5', unit: 'kg', rate: '68' }),
      ],
    });
    expect(valuesToBody(values, 'confirmed')).toEqual({
      projectId: PROJECT._id,
      name: 'Tower A',
      description: '',
      notes: 'Phase 1',
      status: 'confirmed',
      items: [
        { item: CEMENT._id, plannedQty: 120, unit: 'bags', rate: 385.5, remark: 'first lot' },
        { item: STEEL._id, plannedQty: 2500.5, unit: 'kg', rate: 68, remark: '' },
      ],
    });
    expect(valuesToBody(values).status).toBe('draft');
  });

  it("says the contracts' words, the first problem in the order of the steps", () => {
    expect(boqContract.create.problems(valid())).toEqual([]);
    expect(boqContract.update.problems(valid())).toEqual([]);
    const problems = boqContract.create.problems({
      ...valid(),
      project: null,
      name: ' ',
      items: [line({ item: null, plannedQty: '0', unit: '', rate: '' })],
    });
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['project', BOQ_MESSAGES.project],
      ['name', BOQ_MESSAGES.name],
      ['items.0.item', BOQ_MESSAGES.item],
      ['items.0.plannedQty', BOQ_MESSAGES.quantity],
      ['items.0.unit', BOQ_MESSAGES.unit],
      ['items.0.rate', BOQ_MESSAGES.rate],
    ]);
    expect(boqContract.create.problems(valid({ items: [] }))).toEqual([
      { field: 'items', message: BOQ_MESSAGES.items },
    ]);
    expect(boqContract.create.problems(valid({ items: [line(), line()] }))).toEqual([
      { field: 'items.1.item', message: BOQ_MESSAGES.duplicateItem },
    ]);
    expect(
      boqContract.create.problems(valid({ items: [line({ plannedQty: '10000001' })] }))[0]?.message,
    ).toBe('Planned quantity cannot be more than 1,00,00,000');
    expect(
      boqContract.create.problems(
        valid({ items: Array.from({ length: 5001 }, () => line({ item: null })) }),
      )[0],
    ).toEqual({ field: 'items', message: TOO_MANY_BOQ_LINES });
  });

  it('toasts a line problem with its line number and item', () => {
    const values = valid({ items: [line(), line({ item: STEEL, rate: '0' })] });
    expect(boqProblemToast({ field: 'items.1.rate', message: BOQ_MESSAGES.rate }, values)).toEqual({
      title: 'Validation Error',
      description: `Line 2 (TMT Steel 12mm): ${BOQ_MESSAGES.rate}`,
    });
    expect(boqProblemToast({ field: 'name', message: BOQ_MESSAGES.name }, values)).toEqual({
      title: 'Validation Error',
      description: BOQ_MESSAGES.name,
    });
  });

  it('keeps two decimals at most in quantities and rates, and totals the lines in paise', () => {
    expect(sanitizeDecimal('12.345')).toBe('12.34');
    expect(sanitizeDecimal('1,200.5 kg')).toBe('1200.5');
    expect(sanitizeDecimal('1.2.3')).toBe('1.23');
    // 0.1 x 3 and 0.2 x 3: floating point would say 0.9000000000000001.
    expect(
      boqTotal([
        line({ plannedQty: '3', rate: '0.1' }),
        line({ plannedQty: '3', rate: '0.2' }),
        line({ plannedQty: '', rate: '5' }),
      ]),
    ).toBe(0.9);
    expect(boqTotal([line({ plannedQty: '1.5', rate: '385.50' })])).toBe(578.25);
  });

  it('reads a BOQ back into the form (items by id, numbers as typed text)', () => {
    const boq = {
      _id: 'b1',
      boqId: 'BOQ-0001',
      revision: 1,
      name: 'Tower A',
      description: 'Structure',
      notes: '',
      projectId: PROJECT,
      status: 'draft',
      itemCount: 1,
      indentCount: 0,
      totalAmount: 46260,
      createdBy: { _id: 'a', name: 'Demo Admin' },
      createdAt: '',
      updatedAt: '',
      version: 3,
      items: [
        {
          _id: 'l1',
          item: { _id: CEMENT._id, name: CEMENT.name },
          itemId: CEMENT._id,
          name: CEMENT.name,
          unit: 'bags',
          plannedQty: 120,
          rate: 385.5,
          amount: 46260,
          consumedQuantity: 0,
          balanceQuantity: 120,
          remark: 'lot 1',
        },
      ],
      confirmedAt: null,
      confirmedBy: null,
      revisions: [],
    } as unknown as Boq;
    const values = boqToValues(boq);
    expect(values).toMatchObject({
      project: PROJECT,
      name: 'Tower A',
      description: 'Structure',
      items: [
        {
          key: 'l1',
          item: { _id: CEMENT._id, name: CEMENT.name, unit: 'bags' },
          plannedQty: '120',
          unit: 'bags',
          rate: '385.5',
          remark: 'lot 1',
        },
      ],
    });
    expect(boqContract.update.problems(values)).toEqual([]);
  });
});

describe('the Save as Draft and Confirm rule (SPEC §6)', () => {
  it('enables the buttons only with a project, a name, a line, and every line complete', () => {
    expect(canSaveBoq(valid())).toBe(true);
    expect(canSaveBoq(valid({ project: null }))).toBe(false);
    expect(canSaveBoq(valid({ name: '   ' }))).toBe(false);
    expect(canSaveBoq(valid({ items: [] }))).toBe(false);
    expect(canSaveBoq(valid({ items: [line({ item: null })] }))).toBe(false);
    expect(canSaveBoq(valid({ items: [line({ plannedQty: '0' })] }))).toBe(false);
    expect(canSaveBoq(valid({ items: [line({ plannedQty: '' })] }))).toBe(false);
    expect(canSaveBoq(valid({ items: [line({ unit: ' ' })] }))).toBe(false);
    // The rate is labelled required: the spec's rule refuses a zero or missing rate.
    expect(canSaveBoq(valid({ items: [line({ rate: '0' })] }))).toBe(false);
    expect(canSaveBoq(valid({ items: [line({ rate: '' })] }))).toBe(false);
    expect(
      canSaveBoq(
        valid({ items: [line({ remark: '' }), line({ item: STEEL, plannedQty: '0.01', rate: '0.01' })] }),
      ),
    ).toBe(true);
  });

  it('tells why they are disabled, naming the lines', () => {
    expect(saveBlockers(emptyBoqValues())).toEqual([
      { field: 'project', message: BOQ_MESSAGES.project },
      { field: 'name', message: BOQ_MESSAGES.name },
      { field: 'items', message: BOQ_MESSAGES.items },
    ]);
    const items = [
      line(),
      line({ item: null, rate: '' }),
      ...Array.from({ length: 6 }, () => line({ item: STEEL, plannedQty: '0' })),
    ];
    expect(saveBlockers(valid({ items }))).toEqual([
      { field: 'items.1.item', message: `${BOQ_MESSAGES.item} (line 2)` },
      { field: 'items.2.plannedQty', message: `${BOQ_MESSAGES.quantity} (lines 3, 4, 5, 6, 7 and 1 more)` },
      { field: 'items.1.rate', message: `${BOQ_MESSAGES.rate} (line 2)` },
    ]);
  });
});

describe('adding the lines of an import', () => {
  const imported = (item: { _id: string; name: string }, row: number): BoqImportLine => ({
    row,
    item,
    unit: 'bags',
    plannedQty: 10,
    rate: 400,
    remark: '',
  });

  it('appends after the user’s lines, drops blank lines and skips items already on the form', () => {
    const mine = line({ plannedQty: '99' });
    const result = appendImported([mine, emptyBoqLine()], [imported(CEMENT, 2), imported(STEEL, 3)]);
    expect(result.added).toBe(1);
    expect(result.skipped).toBe(1);
    expect(result.lines).toHaveLength(2);
    expect(result.lines[0]).toBe(mine);
    expect(result.lines[1]).toMatchObject({
      item: { _id: STEEL._id, name: STEEL.name, unit: 'bags' },
      plannedQty: '10',
      unit: 'bags',
      rate: '400',
    });
  });

  it('keeps a line the user started, even without an item', () => {
    const started = line({ item: null, plannedQty: '5' });
    expect(appendImported([started], [imported(CEMENT, 2)]).lines).toEqual([
      started,
      expect.objectContaining({ item: expect.objectContaining({ _id: CEMENT._id }) }),
    ]);
  });
});
