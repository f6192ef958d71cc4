import { describe, expect, it } from 'vitest';
import { BOQ_MESSAGES, type CreateBoqBody } from '@erp/contracts';
import { boqInput, refuseUnknownItems } from './boq-input.js';

const ITEM_A = 'AAAAAAAA-0000-4000-8000-000000000001';
const ITEM_B = 'aaaaaaaa-0000-4000-8000-000000000002';

const body = (over: Partial<CreateBoqBody> = {}): CreateBoqBody => ({
  projectId: 'BBBBBBBB-0000-4000-8000-000000000001',
  name: '  Civil   works ',
  description: 'Phase 1\u0007\n',
  status: 'draft',
  items: [
    { item: ITEM_A, unit: ' bag ', plannedQty: 12.5, rate: 410.1, remark: ' OPC ' },
    { item: ITEM_B, unit: 'cum', plannedQty: 3, rate: 5200 },
  ],
  ...over,
});

describe('boqInput', () => {
  it('stores quantities in hundredths and rates in paise, ids in lower case, text trimmed and cleaned', () => {
    expect(boqInput(body())).toEqual({
      projectId: 'bbbbbbbb-0000-4000-8000-000000000001',
      name: 'Civil works',
      description: 'Phase 1',
      notes: '',
      lines: [
        {
          itemId: ITEM_A.toLowerCase(),
          unit: 'bag',
          plannedHundredths: 1250,
          ratePaise: 41010,
          remark: 'OPC',
        },
        { itemId: ITEM_B, unit: 'cum', plannedHundredths: 300, ratePaise: 520000, remark: '' },
      ],
    });
  });

  it('names the line that repeats an item and the one it repeats, whatever the case of the id', () => {
    const items = [...body().items, { item: ITEM_A.toLowerCase(), unit: 'bag', plannedQty: 1, rate: 1 }];
    expect(() => boqInput(body({ items }))).toThrow(`${BOQ_MESSAGES.duplicateItem} (line 3 repeats line 1)`);
  });

  it('refuses a blank name and a blank unit (the line named)', () => {
    expect(() => boqInput(body({ name: '   ' }))).toThrow(BOQ_MESSAGES.name);
    const items = [body().items[0]!, { item: ITEM_B, unit: '  ', plannedQty: 1, rate: 1 }];
    expect(() => boqInput(body({ items }))).toThrow(`${BOQ_MESSAGES.unit} (line 2)`);
  });
});

describe('refuseUnknownItems', () => {
  it('names the first line whose item the item master lacks, and passes when it knows them all', () => {
    const input = boqInput(body());
    expect(() => refuseUnknownItems(input, new Set())).not.toThrow();
    expect(() => refuseUnknownItems(input, new Set([ITEM_B]))).toThrow(
      `${BOQ_MESSAGES.unknownItem} (line 2)`,
    );
  });
});
