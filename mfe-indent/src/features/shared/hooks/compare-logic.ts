/**
 * The purchaser's vendor selection (SPEC §5 "Vendor selection (compare)"): what a line starts with,
 * what is wrong, Auto-select Lowest, Clear All, and the body of POST /indent/compare/{id}.
 */
import { INDENT_MESSAGES, type CompareBody, type IndentCompare, type IndentLine } from '@erp/contracts';
import { lowestOption, NO_CHOICE, optionOf, type Choice, type Choices } from './selection-store';

/** The reason the service stores for a lowest-price choice; on screen it is no reason at all. */
export const LOWEST_REASON = INDENT_MESSAGES.lowestSelected;

/** The saved selection of a line, while its vendor is still offered. */
export function savedCompareChoice(line: IndentLine): Choice {
  if (!optionOf(line, line.selectedVendor)) return NO_CHOICE;
  const reason = line.reasonForSelection.trim() === LOWEST_REASON ? '' : line.reasonForSelection;
  return { vendorId: line.selectedVendor, reason };
}

/** The chosen vendor is offered but not (one of) the lowest. */
export function isNonLowest(line: IndentLine, choice: Choice): boolean {
  const option = optionOf(line, choice.vendorId);
  return option !== undefined && !option.isLowest;
}

/** A reason that explains a non-lowest choice: not blank, and not the lowest-price default (the service refuses both). */
export const meaningfulReason = (reason: string): boolean => {
  const r = reason.trim();
  return r !== '' && r !== LOWEST_REASON;
};

export interface LineProblem {
  itemId: string;
  message: string;
  /** A vendor to choose, or a reason to give for a non-lowest one. */
  kind: 'vendor' | 'reason';
}

/** What stops a save, in line order: a line with options needs a vendor; a non-lowest one needs a reason. */
export function compareProblems(lines: readonly IndentLine[], choices: Choices): LineProblem[] {
  const problems: LineProblem[] = [];
  for (const line of lines) {
    if (line.vendors.length === 0) continue;
    const choice = choices.get(line.itemId) ?? NO_CHOICE;
    const option = optionOf(line, choice.vendorId);
    if (!option)
      problems.push({
        itemId: line.itemId,
        kind: 'vendor',
        message: INDENT_MESSAGES.selectVendor(line.itemName),
      });
    else if (!option.isLowest && !meaningfulReason(choice.reason))
      problems.push({
        itemId: line.itemId,
        kind: 'reason',
        message: INDENT_MESSAGES.reasonRequired(line.itemName),
      });
  }
  return problems;
}

/**
 * What the action bar says while something stops a send (decision 0037: errors show after an
 * attempt). Before the member tried to save or send: what is left to do, in neutral words. After an
 * attempt: the first problem in the spec's words, marked as an error. Null when nothing stops it.
 */
export function compareHint(
  problems: readonly LineProblem[],
  attempted: boolean,
): { text: string; problem: boolean } | null {
  const [first] = problems;
  if (!first) return null;
  if (attempted)
    return {
      text: problems.length > 1 ? `${first.message} (and ${problems.length - 1} more)` : first.message,
      problem: true,
    };
  const vendors = problems.filter((p) => p.kind === 'vendor').length;
  const reasons = problems.length - vendors;
  const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
  const parts = [
    ...(vendors > 0 ? [`choose a vendor for ${items(vendors)}`] : []),
    ...(reasons > 0
      ? [
          `give the reason for ${reasons === 1 && vendors === 0 ? 'the non-lowest choice' : `${items(reasons)} not at the lowest price`}`,
        ]
      : []),
  ];
  return { text: `To send for approval, ${parts.join(' and ')}.`, problem: false };
}

/** Auto-select Lowest (All): every line with options takes its lowest vendor (a typed reason stays, unused). */
export const selectLowest = (line: IndentLine, current: Choice): Choice => {
  const lowest = lowestOption(line);
  return lowest ? { vendorId: lowest.vendorId, reason: current.reason } : current;
};

/** Clear All Selections. */
export const clearChoice = (): Choice => NO_CHOICE;

/**
 * The body of POST /indent/compare/{id}: lines without a vendor are left out; the reason is the one
 * typed for a non-lowest vendor, else 'Lowest price selected'. The prices' fingerprint and the
 * version read go back, so a change in between is refused (409) rather than overwritten.
 */
export function compareBody(
  indent: Pick<IndentCompare, 'items' | 'pricesVersion' | 'version'>,
  choices: Choices,
  status: CompareBody['status'],
): CompareBody {
  const items: CompareBody['items'] = [];
  for (const line of indent.items) {
    const choice = choices.get(line.itemId) ?? NO_CHOICE;
    const option = optionOf(line, choice.vendorId);
    if (!option) continue;
    const reason = option.isLowest ? '' : choice.reason.trim();
    items.push({
      itemId: line.itemId,
      selectedVendor: option.vendorId,
      reasonForSelection: reason || LOWEST_REASON,
    });
  }
  return { items, status, pricesVersion: indent.pricesVersion, version: indent.version };
}

/** How many lines with options have a vendor, of how many. */
export function selectedCount(
  lines: readonly IndentLine[],
  vendorOf: (itemId: string) => string | null | undefined,
): { selected: number; selectable: number } {
  let selected = 0;
  let selectable = 0;
  for (const line of lines) {
    if (line.vendors.length === 0) continue;
    selectable++;
    if (optionOf(line, vendorOf(line.itemId))) selected++;
  }
  return { selected, selectable };
}
