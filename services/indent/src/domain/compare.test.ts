import { describe, expect, it } from 'vitest';
import { INDENT_MESSAGES } from '@erp/contracts';
import { compareChoices, pricedLines, type Choice } from './compare.js';
import { Refusal } from './transitions.js';
import { APEX, BHARAT, CEMENT, SAND, STEEL, offers, storedLine } from '../../test/domain-fixtures.js';

const line = (itemId: string, itemName: string, quantity = 1000) =>
  storedLine(itemId, itemName, { quantity });

const LINES = [line(CEMENT, 'Cement'), line(STEEL, 'Steel'), line(SAND, 'Sand')];

/** Apex is the lowest for cement, Bharat for steel; nobody offers sand. */
const options = () => offers({ sand: true });

const refusal = (message: string) => new Refusal('invalid', message);

describe('compareChoices', () => {
  it('takes the lowest vendor with its words, and another with the reason given (ids in any case)', () => {
    const chosen = compareChoices(
      LINES,
      options(),
      [
        {
          itemId: CEMENT.toUpperCase(),
          selectedVendor: BHARAT.toUpperCase(),
          reasonForSelection: '  Faster delivery ',
        },
        { itemId: STEEL, selectedVendor: BHARAT },
      ],
      false,
    ) as Map<string, Choice>;
    expect(chosen.get(CEMENT)).toEqual({
      vendorId: BHARAT,
      vendorName: 'Bharat',
      reason: 'Faster delivery',
      pricePaise: 40_000,
      gstPaise: 7_200,
    });
    expect(chosen.get(STEEL)?.reason).toBe(INDENT_MESSAGES.lowestSelected);
    expect(chosen.has(SAND)).toBe(false);
  });

  it('refuses an item not on the indent, or a vendor not offered for it', () => {
    expect(compareChoices(LINES, options(), [{ itemId: APEX, selectedVendor: APEX }], false)).toEqual(
      refusal(INDENT_MESSAGES.unknownLine),
    );
    expect(compareChoices(LINES, options(), [{ itemId: STEEL, selectedVendor: APEX }], false)).toEqual(
      refusal(INDENT_MESSAGES.vendorNotOffered('Steel')),
    );
  });

  it('refuses a vendor other than the lowest without a reason of its own', () => {
    for (const reasonForSelection of [undefined, '   ', INDENT_MESSAGES.lowestSelected])
      expect(
        compareChoices(
          LINES,
          options(),
          [{ itemId: CEMENT, selectedVendor: BHARAT, reasonForSelection }],
          false,
        ),
      ).toEqual(refusal(INDENT_MESSAGES.reasonRequired('Cement')));
  });

  it('answers the first refused item, in the order sent', () => {
    expect(
      compareChoices(
        LINES,
        options(),
        [
          { itemId: STEEL, selectedVendor: APEX },
          { itemId: CEMENT, selectedVendor: BHARAT },
        ],
        false,
      ),
    ).toEqual(refusal(INDENT_MESSAGES.vendorNotOffered('Steel')));
  });

  it('sends for approval only with a vendor on every line that has an offer', () => {
    const cementOnly = [{ itemId: CEMENT, selectedVendor: APEX }];
    expect(compareChoices(LINES, options(), cementOnly, false)).toBeInstanceOf(Map);
    expect(compareChoices(LINES, options(), cementOnly, true)).toEqual(
      refusal(INDENT_MESSAGES.selectVendor('Steel')),
    );
    const both = [...cementOnly, { itemId: STEEL, selectedVendor: BHARAT }];
    expect((compareChoices(LINES, options(), both, true) as Map<string, Choice>).size).toBe(2);
  });
});

describe('pricedLines', () => {
  it('prices the lines with a choice, as chosen, and leaves out the others', () => {
    const chosen = new Map<string, Choice>([
      [STEEL, { vendorId: BHARAT, vendorName: 'Bharat', reason: 'x', pricePaise: 6_500_000, gstPaise: 0 }],
    ]);
    expect(pricedLines(LINES, chosen)).toEqual([
      {
        itemId: STEEL,
        itemName: 'Steel',
        unit: 'bag',
        quantity: 1000,
        vendorId: BHARAT,
        vendorName: 'Bharat',
        pricePaise: 6_500_000,
        gstPaise: 0,
      },
    ]);
  });
});
