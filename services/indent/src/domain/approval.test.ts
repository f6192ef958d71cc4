import { describe, expect, it } from 'vitest';
import { INDENT_MESSAGES } from '@erp/contracts';
import { approvalDecision, lineApproval, lockedPreviewLines, type Locked } from './approval.js';
import { Refusal } from './transitions.js';
import { APEX, BHARAT, CEMENT, STEEL, offers, storedLine } from '../../test/domain-fixtures.js';

const line = storedLine;
const options = () => offers();

const purchasersCement = line(CEMENT, 'Cement', { selectedVendor: BHARAT, reason: 'Faster delivery' });
const purchasersSteel = line(STEEL, 'Steel', {
  selectedVendor: BHARAT,
  reason: INDENT_MESSAGES.lowestSelected,
});

describe('lineApproval', () => {
  it("locks the purchaser's choice at the price in force when the approver sends nothing for the line", () => {
    expect(lineApproval(purchasersCement, options(), undefined)).toEqual({
      line: purchasersCement,
      vendorId: BHARAT,
      vendorName: 'Bharat',
      pricePaise: 40_000,
      gstPaise: 7_200,
      approverReason: '',
    });
  });

  it("locks the approver's vendor at the price they saw, keeping their own reason", () => {
    const made = lineApproval(line(CEMENT, 'Cement'), options(), {
      itemId: CEMENT,
      selectedVendor: BHARAT.toUpperCase(),
      price: 400,
      reasonForSelection: ' Site is near ',
    }) as Locked;
    expect([made.vendorId, made.pricePaise, made.approverReason]).toEqual([BHARAT, 40_000, 'Site is near']);
  });

  it("does not repeat the purchaser's reason as the approver's", () => {
    const made = lineApproval(purchasersCement, options(), {
      itemId: CEMENT,
      selectedVendor: BHARAT,
      price: 400,
      reasonForSelection: 'Faster delivery',
    }) as Locked;
    expect(made.approverReason).toBe('');
  });

  it('is moved when the price the approver saw is not the price in force', () => {
    expect(
      lineApproval(purchasersCement, options(), { itemId: CEMENT, selectedVendor: BHARAT, price: 399.99 }),
    ).toBe('moved');
  });

  it('blocks a line without a vendor, or whose vendor is no longer offered', () => {
    const none = { blocker: INDENT_MESSAGES.blockerNoVendor('Cement') };
    expect(lineApproval(line(CEMENT, 'Cement'), options(), undefined)).toEqual(none);
    expect(lineApproval(line(CEMENT, 'Cement', { selectedVendor: 'gone' }), options(), undefined)).toEqual(
      none,
    );
  });

  it("blocks a vendor other than the lowest with no meaningful reason (the purchaser's counts only for their own vendor)", () => {
    const blocked = { blocker: INDENT_MESSAGES.blockerReason('Cement') };
    const lowestWords = line(CEMENT, 'Cement', {
      selectedVendor: BHARAT,
      reason: INDENT_MESSAGES.lowestSelected,
    });
    expect(lineApproval(lowestWords, options(), undefined)).toEqual(blocked);
    const purchaserChoseApex = line(CEMENT, 'Cement', { selectedVendor: APEX, reason: 'Trusted' });
    expect(
      lineApproval(purchaserChoseApex, options(), { itemId: CEMENT, selectedVendor: BHARAT, price: 400 }),
    ).toEqual(blocked);
  });
});

describe('approvalDecision', () => {
  it('locks every line when none is blocked', () => {
    const locked = approvalDecision([purchasersCement, purchasersSteel], options(), []) as Locked[];
    expect(locked.map((l) => [l.line.itemId, l.vendorId, l.pricePaise])).toEqual([
      [CEMENT, BHARAT, 40_000],
      [STEEL, BHARAT, 6_500_000],
    ]);
  });

  it('names every blocker at once', () => {
    expect(approvalDecision([line(CEMENT, 'Cement'), line(STEEL, 'Steel')], options(), [])).toEqual(
      new Refusal(
        'invalid',
        `${INDENT_MESSAGES.resolveBlockers(2)}: ${INDENT_MESSAGES.blockerNoVendor('Cement')}; ${INDENT_MESSAGES.blockerNoVendor('Steel')}`,
      ),
    );
  });

  it('refuses a moved price (409) even with blockers, and an item not on the indent before either', () => {
    const moved = [{ itemId: STEEL, selectedVendor: BHARAT, price: 1 }];
    expect(approvalDecision([line(CEMENT, 'Cement'), purchasersSteel], options(), moved)).toEqual(
      new Refusal('conflict', INDENT_MESSAGES.pricesChanged),
    );
    expect(
      approvalDecision([purchasersSteel], options(), [
        ...moved,
        { itemId: CEMENT, selectedVendor: APEX, price: 380 },
      ]),
    ).toEqual(new Refusal('invalid', INDENT_MESSAGES.unknownLine));
  });

  it('refuses an indent without lines', () => {
    expect(approvalDecision([], options(), [])).toEqual(new Refusal('invalid', INDENT_MESSAGES.items));
  });

  it('gives the locked lines to the PO preview with their quantities and prices', () => {
    const locked = approvalDecision([purchasersSteel], options(), []) as Locked[];
    expect(lockedPreviewLines(locked)).toEqual([
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
