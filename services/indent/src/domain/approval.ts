/**
 * The Admin's approval (SPEC §2 "Approval …"): every line needs a vendor offered for its item (the
 * approver's, else the purchaser's), at the price the approver saw, and a reason when the vendor is
 * not the lowest. Lines that fall short are blockers, all named at once; otherwise each line's price
 * is locked with its vendor.
 */
import { INDENT_MESSAGES, toPaise, type PreviewLineInput } from '@erp/contracts';
import { optionOf, type OptionsByItem } from './options.js';
import { conflicting, invalid, Refusal } from './transitions.js';
import type { StoredLine } from '../repositories/types.js';

/** One line as the approver sent it. */
export interface ApprovalItem {
  itemId: string;
  selectedVendor: string;
  price: number;
  reasonForSelection?: string;
}

/** A line with the vendor and unit price approval locks. */
export interface Locked {
  line: StoredLine;
  vendorId: string;
  vendorName: string;
  pricePaise: number;
  gstPaise: number;
  approverReason: string;
}

/** A reason that says something (not empty, not the lowest price's own words). */
const meaningful = (x: string): boolean => x !== '' && x !== INDENT_MESSAGES.lowestSelected;

/** What approval makes of one line: its lock, a blocker, or 'moved' when the price seen is not the price in force. */
export function lineApproval(
  line: StoredLine,
  options: OptionsByItem,
  a: ApprovalItem | undefined,
): Locked | { blocker: string } | 'moved' {
  const vendorId = a ? a.selectedVendor.toLowerCase() : line.selectedVendor;
  const o = vendorId ? optionOf(options, line.itemId, vendorId) : undefined;
  if (!vendorId || !o) return { blocker: INDENT_MESSAGES.blockerNoVendor(line.itemName) };
  // The price the approver saw is the price locked: any other means the prices moved.
  if (a && toPaise(a.price) !== o.pricePaise) return 'moved';
  // A non-lowest vendor needs a reason: the approver's own, or the purchaser's when their choice is kept.
  const own = (a?.reasonForSelection ?? '').trim();
  const purchaserReason = vendorId === line.selectedVendor ? line.reason.trim() : '';
  if (!o.isLowest && !meaningful(own) && !meaningful(purchaserReason))
    return { blocker: INDENT_MESSAGES.blockerReason(line.itemName) };
  const approverReason = meaningful(own) && own !== purchaserReason ? own : '';
  return {
    line,
    vendorId,
    vendorName: o.vendorName,
    pricePaise: o.pricePaise,
    gstPaise: o.gstPaise,
    approverReason,
  };
}

/** The approver's items by item id, or a refusal if one is not on the indent. */
function givenByItem(
  lines: readonly StoredLine[],
  items: readonly ApprovalItem[],
): Map<string, ApprovalItem> | Refusal {
  const onIndent = new Set(lines.map((l) => l.itemId));
  const given = new Map<string, ApprovalItem>();
  for (const a of items) {
    if (!onIndent.has(a.itemId.toLowerCase())) return invalid(INDENT_MESSAGES.unknownLine);
    given.set(a.itemId.toLowerCase(), a);
  }
  return given;
}

/**
 * The approval of the indent's `lines` with the approver's `items`: the locked lines, or why it is
 * refused (an item not on the indent; a price that moved, 409; the blockers; no line at all).
 */
export function approvalDecision(
  lines: readonly StoredLine[],
  options: OptionsByItem,
  items: readonly ApprovalItem[],
): Locked[] | Refusal {
  const given = givenByItem(lines, items);
  if (given instanceof Refusal) return given;
  const blockers: string[] = [];
  const locked: Locked[] = [];
  for (const line of lines) {
    const made = lineApproval(line, options, given.get(line.itemId));
    if (made === 'moved') return conflicting(INDENT_MESSAGES.pricesChanged);
    if ('blocker' in made) blockers.push(made.blocker);
    else locked.push(made);
  }
  if (blockers.length > 0)
    return invalid(`${INDENT_MESSAGES.resolveBlockers(blockers.length)}: ${blockers.join('; ')}`);
  if (locked.length === 0) return invalid(INDENT_MESSAGES.items);
  return locked;
}

/** The locked lines as the PO preview takes them (vendors, their lines and fleet, the total). */
export function lockedPreviewLines(locked: readonly Locked[]): PreviewLineInput[] {
  return locked.map((x) => ({
    itemId: x.line.itemId,
    itemName: x.line.itemName,
    unit: x.line.unit,
    quantity: x.line.quantity,
    vendorId: x.vendorId,
    vendorName: x.vendorName,
    pricePaise: x.pricePaise,
    gstPaise: x.gstPaise,
  }));
}
