import {
  BOQ_MESSAGES,
  cleanBoqDescription,
  toHundredths,
  toPaise,
  type CreateBoqBody,
  type UpdateBoqBody,
} from '@erp/contracts';
import { badRequest } from '@erp/service-kit';

/** A line as stored: integer hundredths and paise. */
export interface LineInput {
  itemId: string;
  unit: string;
  plannedHundredths: number;
  ratePaise: number;
  remark: string;
}

/** What the BOQ form carries once trimmed and checked. */
export interface BoqInput {
  projectId: string;
  name: string;
  description: string;
  notes: string;
  lines: LineInput[];
}

const clean = (s: string) => s.trim().replace(/\s+/g, ' ');

/** Line numbers as the form and a spreadsheet count them (the first line is 1). */
const lineLabel = (i: number) => `line ${i + 1}`;

/**
 * The BOQ form as stored (SPEC §5 "BOQ"): trimmed, the Description cleaned as the desktop form
 * cleans it, quantities in hundredths and rates in paise. Refuses (400, BOQ_MESSAGES, the line
 * named) a line whose item appears twice. The schema has already refused empty names, units,
 * quantities and rates; whether the item master knows each item is `refuseUnknownItems`.
 */
export function boqInput(body: CreateBoqBody | UpdateBoqBody): BoqInput {
  const name = clean(body.name);
  if (!name) throw badRequest(BOQ_MESSAGES.name);
  const seen = new Map<string, number>();
  const lines = body.items.map((l, i) => {
    const itemId = l.item.toLowerCase();
    const unit = l.unit.trim();
    if (!unit) throw badRequest(`${BOQ_MESSAGES.unit} (${lineLabel(i)})`);
    const first = seen.get(itemId);
    if (first !== undefined)
      throw badRequest(`${BOQ_MESSAGES.duplicateItem} (${lineLabel(i)} repeats ${lineLabel(first)})`);
    seen.set(itemId, i);
    return {
      itemId,
      unit,
      plannedHundredths: toHundredths(l.plannedQty),
      ratePaise: toPaise(l.rate),
      remark: (l.remark ?? '').trim(),
    };
  });
  return {
    projectId: body.projectId.toLowerCase(),
    name,
    description: cleanBoqDescription(body.description ?? '').trim(),
    notes: (body.notes ?? '').trim(),
    lines,
  };
}

/** Refuses (400, the first such line named) a line whose item the item master (item snapshots) does not know. */
export function refuseUnknownItems(input: BoqInput, unknown: Set<string>): void {
  if (unknown.size === 0) return;
  const i = input.lines.findIndex((l) => unknown.has(l.itemId));
  throw badRequest(`${BOQ_MESSAGES.unknownItem} (${lineLabel(i)})`);
}
