/**
 * The approver's review (SPEC §2 "Approval review", §5 "Approval"): the purchaser's choice as the
 * starting point, when a reason of the approver's own is needed, the blockers, the Over-BOQ
 * warnings and the body of POST /indent/approval/{id}.
 */
import {
  INDENT_MESSAGES,
  type ApprovalBody,
  type IndentCompare,
  type IndentLine,
  type VendorOption,
} from '@erp/contracts';
import { LOWEST_REASON, meaningfulReason } from '../../shared/hooks/compare-logic';
import { NO_CHOICE, optionOf, type Choice, type Choices } from '../../shared/hooks/selection-store';

/** The approver starts from the purchaser's vendor (while still offered) and no reason of their own. */
export function purchaserChoice(line: IndentLine): Choice {
  return optionOf(line, line.selectedVendor) ? { vendorId: line.selectedVendor, reason: '' } : NO_CHOICE;
}

/** The purchaser's reason as a justification: 'Lowest price selected' (the default for a lowest choice) justifies nothing. */
export function purchaserReason(line: IndentLine): string {
  return meaningfulReason(line.reasonForSelection) ? line.reasonForSelection.trim() : '';
}

export interface ApprovalLineState {
  purchaserOption: VendorOption | undefined;
  chosen: VendorOption | undefined;
  /** The approver kept the purchaser's vendor. */
  keptPurchaser: boolean;
  nonLowest: boolean;
  /** The purchaser's reason, shown while their choice is kept (not the 'Lowest price selected' default, which says nothing). */
  shownPurchaserReason: string;
  /** The approver must give a reason of their own (non-lowest, and no purchaser reason for this vendor). */
  needsReason: boolean;
  blocker: string | null;
}

/** Everything the card and the checks need to know about one line. */
export function approvalLineState(line: IndentLine, choice: Choice): ApprovalLineState {
  const purchaserOption = optionOf(line, line.selectedVendor);
  const chosen = optionOf(line, choice.vendorId);
  const keptPurchaser = chosen !== undefined && chosen.vendorId === purchaserOption?.vendorId;
  const nonLowest = chosen !== undefined && !chosen.isLowest;
  const ownReason = keptPurchaser ? purchaserReason(line) : '';
  const needsReason = nonLowest && ownReason === '';
  let blocker: string | null = null;
  if (!chosen) blocker = INDENT_MESSAGES.blockerNoVendor(line.itemName);
  else if (needsReason && !meaningfulReason(choice.reason))
    blocker = INDENT_MESSAGES.blockerReason(line.itemName);
  return {
    purchaserOption,
    chosen,
    keptPurchaser,
    nonLowest,
    shownPurchaserReason: ownReason,
    needsReason,
    blocker,
  };
}

export interface Blocker {
  itemId: string;
  message: string;
}

/** What stops an approval, in line order: every line needs a vendor; a non-lowest one needs a reason. */
export function approvalBlockers(lines: readonly IndentLine[], choices: Choices): Blocker[] {
  const out: Blocker[] = [];
  for (const line of lines) {
    const { blocker } = approvalLineState(line, choices.get(line.itemId) ?? NO_CHOICE);
    if (blocker) out.push({ itemId: line.itemId, message: blocker });
  }
  return out;
}

/** Lines beyond their BOQ balance: warnings the approver sees next to the blockers, not blockers. */
export const overBoqLines = (lines: readonly IndentLine[]): IndentLine[] =>
  lines.filter((l) => l.overBoq > 0);

/**
 * POST /indent/approval/{id}: per line the chosen vendor, its price (locked on approval) and the
 * reason: the approver's own, else the purchaser's for the vendor they chose, else 'Lowest price
 * selected' for a lowest vendor. Call only without blockers (a line without a vendor is left out).
 */
export function approvalBody(
  indent: Pick<IndentCompare, 'items' | 'pricesVersion' | 'version'>,
  choices: Choices,
): ApprovalBody {
  const items: ApprovalBody['items'] = [];
  for (const line of indent.items) {
    const choice = choices.get(line.itemId) ?? NO_CHOICE;
    const state = approvalLineState(line, choice);
    if (!state.chosen) continue;
    const own = state.needsReason && meaningfulReason(choice.reason) ? choice.reason.trim() : '';
    const reason =
      own ||
      (state.keptPurchaser ? line.reasonForSelection.trim() : '') ||
      (state.chosen.isLowest ? LOWEST_REASON : '');
    items.push({
      itemId: line.itemId,
      selectedVendor: state.chosen.vendorId,
      price: state.chosen.price,
      ...(reason ? { reasonForSelection: reason } : {}),
    });
  }
  return { items, status: 'approved', pricesVersion: indent.pricesVersion, version: indent.version };
}

/** Non-lowest choices on the indent (the header's count). */
export function nonLowestCount(lines: readonly IndentLine[], choices: Choices): number {
  let n = 0;
  for (const line of lines) if (approvalLineState(line, choices.get(line.itemId) ?? NO_CHOICE).nonLowest) n++;
  return n;
}
