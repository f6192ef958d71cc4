/**
 * How the indent screens write an indent's facts: its status (label, badge look, icon), quantities,
 * a project as the filters and pickers offer it, who did something, a PO's state and a history entry.
 * Plain functions: the list, the detail, the form and the compare and approval screens share them.
 */
import {
  fromHundredths,
  INDENT_MESSAGES,
  INDENT_STATUS_LABELS,
  overBalance,
  toHundredths,
  type Actor,
  type IndentHistoryEntry,
  type IndentStatus,
} from '@erp/contracts';
import type { BadgeVariant, IconName } from '@erp/ui';

export function indentStatusLabel(status: IndentStatus | string): string {
  return (INDENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** A draft is still being written (outline), waiting statuses are grey, under review is filled, approved is green. */
export function indentStatusVariant(status: IndentStatus | string): BadgeVariant {
  switch (status) {
    case 'draft':
      return 'outline';
    case 'compare':
      return 'secondary';
    case 'approval':
      return 'default';
    case 'approved':
      return 'success';
    default:
      return 'secondary';
  }
}

export function indentStatusIcon(status: IndentStatus | string): IconName {
  switch (status) {
    case 'draft':
      return 'pencil';
    case 'compare':
      return 'clipboard';
    case 'approval':
      return 'eye';
    case 'approved':
      return 'check';
    default:
      return 'file';
  }
}

const quantity = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** 1,250.5 (Indian grouping, at most two decimals: quantities are integer hundredths inside). */
export function formatQty(value: number): string {
  return quantity.format(Object.is(value, -0) ? 0 : value);
}

/** '120 bags' */
export function qtyWithUnit(value: number, unit: string): string {
  return `${formatQty(value)} ${unit}`.trim();
}

/**
 * An indent's quantities per unit in words: '250 bags · 45 CBM · 4,800 pcs' (decision 0037:
 * quantities in different units are never added together). With `max`, the first `max` units and
 * '+2 more units'; `all` is every unit (a tooltip, a screen reader's label).
 */
export function unitTotalsText(
  byUnit: ReadonlyArray<{ unit: string; quantity: number }>,
  max = Infinity,
): { shown: string; all: string } {
  const parts = byUnit.map((u) => qtyWithUnit(u.quantity, u.unit));
  const all = parts.join(' · ');
  if (parts.length <= max) return { shown: all, all };
  const rest = parts.length - max;
  return {
    shown: `${parts.slice(0, max).join(' · ')} · +${rest} more ${rest === 1 ? 'unit' : 'units'}`,
    all,
  };
}

/** 'Indent Added Successfully' for a first send; after a send-back, what happened: it went for comparison again. */
export function sentForComparisonTitle(history: readonly IndentHistoryEntry[]): string {
  return lastSendBack(history) ? INDENT_MESSAGES.sentAgain : INDENT_MESSAGES.added;
}

/**
 * How far `quantity` goes beyond the BOQ `balance` (0 within it), as the service flags it (contracts'
 * overBalance, in hundredths so 0.1 + 0.2 stays exact). Without a BOQ line (balance null) the whole
 * quantity is beyond it. Nothing for a quantity that is not a number above 0 yet.
 */
export function overBoqBy(quantity: number, balance: number | null): number {
  if (!Number.isFinite(quantity) || quantity <= 0) return 0;
  try {
    const left = balance === null || !Number.isFinite(balance) ? null : toHundredths(balance);
    return fromHundredths(overBalance(toHundredths(quantity), left));
  } catch {
    return 0;
  }
}

/** 'PRJ-0001 — Skyline Residency, Pune' (SPEC §2: the project filter's options show code and name). */
export function projectLabel({ projectCode, name }: { projectCode?: string; name: string }): string {
  return projectCode ? `${projectCode} — ${name}` : name;
}

/** 'BOQ-0001 · Civil and structural works' */
export function boqLabel({ boqId, name }: { boqId: string; name: string }): string {
  return [boqId, name].filter(Boolean).join(' · ');
}

/** Who did it, or '—' when the member is not known. */
export function actorName(actor: Actor | undefined): string {
  return actor?.name || '—';
}

/** SPEC §3: PO statuses are Open, Partial, Closed, compared in either case. */
export function isClosedPo(status: string): boolean {
  return status.trim().toLowerCase() === 'closed';
}

/** 'Open', 'Partial', 'Closed' whatever the case it arrives in. */
export function poStatusLabel(status: string): string {
  const s = status.trim().toLowerCase();
  return s ? s[0]!.toUpperCase() + s.slice(1) : status;
}

/** What a transition did, in words: 'Created as Draft', 'Sent for comparison', 'Sent back for rework'… */
export function transitionLabel({ from, to }: Pick<IndentHistoryEntry, 'from' | 'to'>): string {
  if (from === null)
    return to === 'draft'
      ? 'Created as draft'
      : to === 'compare'
        ? 'Created and sent for comparison'
        : `Created (${indentStatusLabel(to)})`;
  if (to === 'draft') return 'Sent back for rework';
  if (from === to) return to === 'compare' ? 'Vendor selections saved' : `Saved (${indentStatusLabel(to)})`;
  if (to === 'compare') return 'Sent for comparison';
  if (to === 'approval') return 'Sent for approval';
  if (to === 'approved') return 'Approved';
  return `${indentStatusLabel(from)} → ${indentStatusLabel(to)}`;
}

/** The newest send-back of the history (who returned the indent, when and why), or undefined. */
export function lastSendBack(history: readonly IndentHistoryEntry[]): IndentHistoryEntry | undefined {
  let found: IndentHistoryEntry | undefined;
  for (const entry of history)
    if (
      entry.to === 'draft' &&
      entry.from !== null &&
      entry.from !== 'draft' &&
      (!found || entry.at >= found.at)
    )
      found = entry;
  return found;
}

/** A calendar day as the API sends it (YYYY-MM-DD) written day-month-year, without a time zone shifting it. */
export function formatDay(ymd: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}
