/**
 * The indent form's own rules (SPEC §2 "Indent …"): a title, each item once with a quantity above
 * zero, an optional Needed By that names a real day. What it names of other services (project,
 * BOQ, items) is checked against their replicas by the route first.
 */
import { INDENT_MESSAGES, toHundredths } from '@erp/contracts';
import { invalid, Refusal } from './transitions.js';
import type { HeadInput, LineInput } from '../repositories/types.js';

/** One line of the form as sent. */
export interface FormLine {
  item: string;
  quantity: number;
  remarks?: string;
}

/** The form's head fields as sent. */
export interface FormHead {
  title: string;
  location?: string;
  neededBy?: string | null;
  notes?: string;
}

/** A YYYY-MM-DD that names a real day, or null for none. */
export function neededBy(value: string | null | undefined): string | null | Refusal {
  if (!value) return null;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    return invalid(INDENT_MESSAGES.neededBy);
  return value;
}

/** The title as kept (trimmed), refused when nothing is left. */
export function formTitle(title: string): string | Refusal {
  const trimmed = title.trim();
  return trimmed ? trimmed : invalid(INDENT_MESSAGES.title);
}

/** The lines' item ids (lower case), refused when an item appears twice. */
export function formItemIds(items: readonly FormLine[]): string[] | Refusal {
  const ids = items.map((l) => l.item.toLowerCase());
  return new Set(ids).size === ids.length ? ids : invalid(INDENT_MESSAGES.duplicateItem);
}

/** The lines with the items' names and units as known (`known` by id), in the form's order. */
export function formLines(
  items: readonly FormLine[],
  ids: readonly string[],
  known: ReadonlyMap<string, { name: string; unit: string }>,
): LineInput[] | Refusal {
  const lines: LineInput[] = [];
  for (const [i, l] of items.entries()) {
    const item = known.get(ids[i]!);
    if (!item) return invalid(INDENT_MESSAGES.unknownItem);
    const quantity = toHundredths(l.quantity);
    if (quantity <= 0) return invalid(INDENT_MESSAGES.quantity(item.name));
    lines.push({
      itemId: ids[i]!,
      itemName: item.name,
      unit: item.unit,
      quantity,
      remark: (l.remarks ?? '').trim(),
    });
  }
  return lines;
}

/** The head as kept: the checked title, project and BOQ, the rest trimmed; a Needed By that is no day refused. */
export function formHead(
  body: FormHead,
  checked: { title: string; projectId: string; boqId: string },
): HeadInput | Refusal {
  const day = neededBy(body.neededBy);
  if (day instanceof Refusal) return day;
  return {
    title: checked.title,
    projectId: checked.projectId,
    boqId: checked.boqId,
    location: (body.location ?? '').trim(),
    neededBy: day,
    notes: (body.notes ?? '').trim(),
  };
}
