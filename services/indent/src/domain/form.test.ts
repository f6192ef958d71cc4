import { describe, expect, it } from 'vitest';
import { INDENT_MESSAGES } from '@erp/contracts';
import { formHead, formItemIds, formLines, formTitle, neededBy } from './form.js';
import { Refusal } from './transitions.js';

const CEMENT = '11111111-1111-4111-8111-111111111111';
const STEEL = '22222222-2222-4222-8222-222222222222';
const refusal = (message: string) => new Refusal('invalid', message);

describe('neededBy', () => {
  it('takes a real day, and none for nothing', () => {
    expect(neededBy('2026-02-28')).toBe('2026-02-28');
    expect(neededBy('2028-02-29')).toBe('2028-02-29');
    for (const none of [undefined, null, '']) expect(neededBy(none)).toBeNull();
  });

  it('refuses a day that does not exist', () => {
    for (const day of ['2026-02-29', '2026-13-01', '2026-04-31', 'tomorrow'])
      expect(neededBy(day)).toEqual(refusal(INDENT_MESSAGES.neededBy));
  });
});

describe('the form', () => {
  it('keeps a trimmed title, and refuses one of spaces only', () => {
    expect(formTitle('  Slab casting ')).toBe('Slab casting');
    expect(formTitle('   ')).toEqual(refusal(INDENT_MESSAGES.title));
  });

  it('takes each item once, whatever the case of its id', () => {
    expect(formItemIds([{ item: CEMENT.toUpperCase(), quantity: 1 }])).toEqual([CEMENT]);
    expect(
      formItemIds([
        { item: CEMENT, quantity: 1 },
        { item: CEMENT.toUpperCase(), quantity: 2 },
      ]),
    ).toEqual(refusal(INDENT_MESSAGES.duplicateItem));
  });

  it("names the lines' items as known, in hundredths, with trimmed remarks", () => {
    const known = new Map([
      [CEMENT, { name: 'Cement', unit: 'bag' }],
      [STEEL, { name: 'Steel', unit: 'tonne' }],
    ]);
    const items = [
      { item: STEEL, quantity: 1.25, remarks: ' 12 mm ' },
      { item: CEMENT, quantity: 40 },
    ];
    expect(formLines(items, [STEEL, CEMENT], known)).toEqual([
      { itemId: STEEL, itemName: 'Steel', unit: 'tonne', quantity: 125, remark: '12 mm' },
      { itemId: CEMENT, itemName: 'Cement', unit: 'bag', quantity: 4000, remark: '' },
    ]);
  });

  it('refuses an item the master does not know, and a quantity that rounds to nothing', () => {
    const known = new Map([[CEMENT, { name: 'Cement', unit: 'bag' }]]);
    expect(formLines([{ item: STEEL, quantity: 1 }], [STEEL], known)).toEqual(
      refusal(INDENT_MESSAGES.unknownItem),
    );
    expect(formLines([{ item: CEMENT, quantity: 0.001 }], [CEMENT], known)).toEqual(
      refusal(INDENT_MESSAGES.quantity('Cement')),
    );
  });

  it('keeps the head trimmed with the checked project and BOQ, and refuses a Needed By that is no day', () => {
    const checked = { title: 'Slab', projectId: 'p', boqId: 'b' };
    expect(
      formHead({ title: ' Slab ', location: ' Pune ', notes: ' urgent ', neededBy: '2026-12-01' }, checked),
    ).toEqual({
      title: 'Slab',
      projectId: 'p',
      boqId: 'b',
      location: 'Pune',
      neededBy: '2026-12-01',
      notes: 'urgent',
    });
    expect(formHead({ title: 'Slab' }, checked)).toMatchObject({ location: '', neededBy: null, notes: '' });
    expect(formHead({ title: 'Slab', neededBy: '2026-02-30' }, checked)).toEqual(
      refusal(INDENT_MESSAGES.neededBy),
    );
  });
});
