/**
 * How goods receipts and indents count against a BOQ number (decisions 0016, 0034): plain rules,
 * the consumers in events/ apply them in their transactions.
 */
import { toHundredths, type ReceiptRecordedData } from '@erp/contracts';

const ID = /^[0-9a-f-]{36}$/;

/** One receipt may list an item on several lines: counted as their sum, per lower-case item id. */
export function receiptPerItem(lines: ReceiptRecordedData['lines']): Map<string, number> {
  const perItem = new Map<string, number>();
  for (const line of lines) {
    const itemId = line.itemId.toLowerCase();
    perItem.set(itemId, (perItem.get(itemId) ?? 0) + toHundredths(line.quantity));
  }
  return perItem;
}

/** Whether a receipt's line can be counted: the item id (lower case) and the receipt id look like uuids. */
export function countable(receiptId: string, itemId: string): boolean {
  return ID.test(itemId) && ID.test(receiptId.toLowerCase());
}

/** How each BOQ number's count moves when an indent moves from `before` to `after` (null: not counted). */
export function indentCountMoves(before: string | null, after: string | null): Map<string, number> {
  const moves = new Map<string, number>();
  if (before === after) return moves;
  if (before !== null) moves.set(before, -1);
  if (after !== null) moves.set(after, 1);
  return moves;
}
