/**
 * The purchaser's vendor choices (SPEC §2 "Compare detail", §5): each chosen vendor must be offered
 * for the line's item, a vendor other than the lowest needs a reason, and sending for approval needs
 * a vendor on every line that has any offer. Lines left out have no vendor.
 */
import { INDENT_MESSAGES, type PreviewLineInput } from '@erp/contracts';
import { optionOf, type OptionsByItem } from './options.js';
import { invalid, Refusal } from './transitions.js';
import type { StoredLine } from '../repositories/types.js';

export interface Choice {
  vendorId: string;
  vendorName: string;
  reason: string;
  pricePaise: number;
  gstPaise: number;
}

/** One line of the purchaser's selection as sent. */
export interface CompareItem {
  itemId: string;
  selectedVendor: string;
  reasonForSelection?: string;
}

/** The choice a selection item makes, or why it cannot. */
function choiceOf(
  byItem: ReadonlyMap<string, StoredLine>,
  options: OptionsByItem,
  c: CompareItem,
): { line: StoredLine; choice: Choice } | Refusal {
  const line = byItem.get(c.itemId.toLowerCase());
  if (!line) return invalid(INDENT_MESSAGES.unknownLine);
  const o = optionOf(options, line.itemId, c.selectedVendor.toLowerCase());
  if (!o) return invalid(INDENT_MESSAGES.vendorNotOffered(line.itemName));
  const reason = (c.reasonForSelection ?? '').trim();
  if (!o.isLowest && (!reason || reason === INDENT_MESSAGES.lowestSelected))
    return invalid(INDENT_MESSAGES.reasonRequired(line.itemName));
  return {
    line,
    choice: {
      vendorId: o.vendorId,
      vendorName: o.vendorName,
      reason: reason || INDENT_MESSAGES.lowestSelected,
      pricePaise: o.pricePaise,
      gstPaise: o.gstPaise,
    },
  };
}

/**
 * The choices per item id of the selection `items` (in order: the first refused item answers), or
 * why they cannot be saved; `toApproval` when they are sent on for approval.
 */
export function compareChoices(
  lines: readonly StoredLine[],
  options: OptionsByItem,
  items: readonly CompareItem[],
  toApproval: boolean,
): Map<string, Choice> | Refusal {
  const byItem = new Map(lines.map((l) => [l.itemId, l]));
  const chosen = new Map<string, Choice>();
  for (const c of items) {
    const made = choiceOf(byItem, options, c);
    if (made instanceof Refusal) return made;
    chosen.set(made.line.itemId, made.choice);
  }
  if (toApproval) {
    const missing = lines.find((l) => !chosen.has(l.itemId) && (options.get(l.itemId) ?? []).length > 0);
    if (missing) return invalid(INDENT_MESSAGES.selectVendor(missing.itemName));
  }
  return chosen;
}

/** The lines with a chosen vendor, priced as chosen: what the indent's amount is worked out from. */
export function pricedLines(
  lines: readonly StoredLine[],
  chosen: ReadonlyMap<string, Choice>,
): PreviewLineInput[] {
  return lines.flatMap((l) => {
    const c = chosen.get(l.itemId);
    return c
      ? [
          {
            itemId: l.itemId,
            itemName: l.itemName,
            unit: l.unit,
            quantity: l.quantity,
            vendorId: c.vendorId,
            vendorName: c.vendorName,
            pricePaise: c.pricePaise,
            gstPaise: c.gstPaise,
          },
        ]
      : [];
  });
}
