/**
 * The BOQ form's values and how they map to and from the API (SPEC §3 "BOQ", §5 "BOQ create/edit",
 * §6 "BOQ: Save as Draft and Confirm are disabled unless…").
 */
import {
  BOQ_MESSAGES,
  CreateBoqBody,
  fromPaise,
  lineAmount,
  MAX_BOQ_LINES,
  toHundredths,
  TOO_MANY_BOQ_LINES,
  tryToPaise,
  UpdateBoqBody,
  type Boq,
  type BoqImportLine,
} from '@erp/contracts';
import { formContract, type FormProblem } from '@erp/ui/remote-form';

/** An item of the item master as a line holds it (its unit is the line's default unit). */
export interface BoqItemOption {
  _id: string;
  name: string;
  unit: string;
}

/** A project as the picker shows it: code and name. */
export interface BoqProjectOption {
  _id: string;
  name: string;
  projectCode: string;
}

export interface BoqLineValues {
  /** Client-only key (React, the virtualised rows); never sent (SPEC §3: "the client-only row id is removed before saving"). */
  key: string;
  item: BoqItemOption | null;
  plannedQty: string;
  unit: string;
  rate: string;
  remark: string;
}

/** In the order of the form's fields (step 1, 2, 3): the first problem in this order is the one toasted. */
export interface BoqFormValues {
  project: BoqProjectOption | null;
  name: string;
  description: string;
  notes: string;
  items: BoqLineValues[];
}

export type BoqSaveStatus = 'draft' | 'confirmed';

// Unique across reloads too: a restored draft's lines keep their keys next to lines added afterwards.
let nextKey = 1;
const newKey = () => `line-${Date.now().toString(36)}-${nextKey++}`;

export function emptyBoqLine(): BoqLineValues {
  return { key: newKey(), item: null, plannedQty: '', unit: '', rate: '', remark: '' };
}

export function emptyBoqValues(project: BoqProjectOption | null = null): BoqFormValues {
  return { project, name: '', description: '', notes: '', items: [] };
}

const decimal = (n: number) => (Number.isFinite(n) ? String(n) : '');

export function boqToValues(boq: Boq): BoqFormValues {
  return {
    project: { _id: boq.projectId._id, name: boq.projectId.name, projectCode: boq.projectId.projectCode },
    name: boq.name,
    description: boq.description,
    notes: boq.notes,
    items: boq.items.map((line) => ({
      key: line._id,
      item: { _id: line.itemId || line.item._id, name: line.item.name || line.name, unit: line.unit },
      plannedQty: decimal(line.plannedQty),
      unit: line.unit,
      rate: decimal(line.rate),
      remark: line.remark,
    })),
  };
}

/** A line of an import preview as a line of the form. */
export function importLineToValues(line: BoqImportLine): BoqLineValues {
  return {
    key: newKey(),
    item: { _id: line.item._id, name: line.item.name, unit: line.unit },
    plannedQty: decimal(line.plannedQty),
    unit: line.unit,
    rate: decimal(line.rate),
    remark: line.remark,
  };
}

/** A typed number, or NaN when it is not one (sent as null, which the schema refuses with the field's words). */
export const parseDecimal = (raw: string): number => (raw.trim() === '' ? NaN : Number(raw));

/** Keeps digits and one decimal point with at most two decimals (SPEC §5: quantity step 0.01; rupees). */
export function sanitizeDecimal(raw: string): string {
  const cleaned = raw.replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/** What the API takes (SPEC §7: projectId, name, description, notes, status, items with item/plannedQty/unit/rate). */
export function valuesToBody(values: BoqFormValues, status: BoqSaveStatus = 'draft'): CreateBoqBody {
  return {
    projectId: values.project?._id ?? '',
    name: values.name.trim(),
    description: values.description.trim(),
    notes: values.notes.trim(),
    status,
    items: values.items.map((line) => ({
      item: line.item?._id ?? '',
      plannedQty: parseDecimal(line.plannedQty),
      unit: line.unit.trim(),
      rate: parseDecimal(line.rate),
      remark: line.remark.trim(),
    })),
  };
}

/** A line's amount (planned quantity x rate) in paise, or null while either is not a usable number. */
export function linePaise(line: Pick<BoqLineValues, 'plannedQty' | 'rate'>): number | null {
  const qty = parseDecimal(line.plannedQty);
  const rate = tryToPaise(parseDecimal(line.rate));
  if (!Number.isFinite(qty) || qty <= 0 || rate === null || rate <= 0) return null;
  try {
    return lineAmount(rate, toHundredths(qty));
  } catch {
    return null;
  }
}

/** The Summary card's total: the lines that have an amount, in rupees (never throws while rendering). */
export function boqTotal(lines: readonly Pick<BoqLineValues, 'plannedQty' | 'rate'>[]): number {
  let paise = 0;
  for (const line of lines) paise += linePaise(line) ?? 0;
  return Number.isSafeInteger(paise) ? fromPaise(paise) : paise / 100;
}

/** One reason the Save buttons are disabled, with the field that fixes it. */
export interface SaveBlocker {
  field: string;
  message: string;
}

const listLines = (lines: number[]) => {
  const shown = lines.slice(0, 5).join(', ');
  return lines.length > 5
    ? `lines ${shown} and ${lines.length - 5} more`
    : lines.length === 1
      ? `line ${shown}`
      : `lines ${shown}`;
};

/**
 * SPEC §6: Save as Draft and Confirm stay disabled unless a project is selected, the name is not blank,
 * there is at least one line, and every line has an item, a planned quantity above 0, a unit and a rate
 * above 0. Each unmet condition is one blocker in the contracts' words (the hint under the buttons),
 * lines named by their number (1-based).
 */
export function saveBlockers(values: BoqFormValues): SaveBlocker[] {
  const blockers: SaveBlocker[] = [];
  if (!values.project) blockers.push({ field: 'project', message: BOQ_MESSAGES.project });
  if (!values.name.trim()) blockers.push({ field: 'name', message: BOQ_MESSAGES.name });
  if (values.items.length === 0) {
    blockers.push({ field: 'items', message: BOQ_MESSAGES.items });
    return blockers;
  }
  const missing = {
    item: [] as number[],
    plannedQty: [] as number[],
    unit: [] as number[],
    rate: [] as number[],
  };
  values.items.forEach((line, i) => {
    if (!line.item) missing.item.push(i);
    if (!(parseDecimal(line.plannedQty) > 0)) missing.plannedQty.push(i);
    if (!line.unit.trim()) missing.unit.push(i);
    if (!(parseDecimal(line.rate) > 0)) missing.rate.push(i);
  });
  const words = {
    item: BOQ_MESSAGES.item,
    plannedQty: BOQ_MESSAGES.quantity,
    unit: BOQ_MESSAGES.unit,
    rate: BOQ_MESSAGES.rate,
  };
  for (const field of ['item', 'plannedQty', 'unit', 'rate'] as const) {
    const lines = missing[field];
    if (lines.length > 0)
      blockers.push({
        field: `items.${lines[0]}.${field}`,
        message: `${words[field]} (${listLines(lines.map((i) => i + 1))})`,
      });
  }
  return blockers;
}

/** The enable rule of the two buttons (SPEC §6). */
export const canSaveBoq = (values: BoqFormValues): boolean => saveBlockers(values).length === 0;

/** What the schema cannot say: an item twice on one BOQ (the service refuses it in code, in these words). */
export function boqRules(values: BoqFormValues): FormProblem[] {
  const problems: FormProblem[] = [];
  const seen = new Set<string>();
  values.items.forEach((line, i) => {
    if (!line.item) return;
    if (seen.has(line.item._id))
      problems.push({ field: `items.${i}.item`, message: BOQ_MESSAGES.duplicateItem });
    seen.add(line.item._id);
  });
  if (values.items.length > MAX_BOQ_LINES) problems.push({ field: 'items', message: TOO_MANY_BOQ_LINES });
  return problems;
}

/** A body path as the form's field: the project is picked as an object; lines keep their paths. */
const boqField = (bodyPath: string) =>
  bodyPath === 'projectId' ? 'project' : bodyPath === 'status' ? 'name' : bodyPath;

/** The BOQ form's check: the projects service's body schema (create, or update with a version) and its rules. */
export const boqContract = {
  create: formContract({
    schema: CreateBoqBody,
    toBody: (v: BoqFormValues) => valuesToBody(v),
    fieldOf: boqField,
    rules: boqRules,
  }),
  update: formContract({
    schema: UpdateBoqBody,
    toBody: (v: BoqFormValues) => valuesToBody(v),
    fieldOf: boqField,
    rules: boqRules,
  }),
};

/** SPEC §5: validation failures are destructive toasts; a line's problem names its line and item. */
export function boqProblemToast(
  problem: FormProblem,
  values: BoqFormValues,
): { title: string; description?: string } {
  const [, index] = /^items\.(\d+)\./.exec(problem.field) ?? [];
  if (index === undefined) return { title: 'Validation Error', description: problem.message };
  const line = values.items[Number(index)];
  const what = line?.item ? ` (${line.item.name})` : '';
  return { title: 'Validation Error', description: `Line ${Number(index) + 1}${what}: ${problem.message}` };
}

/** Blank lines (nothing picked or typed) an import replaces; nothing the user entered is dropped. */
export const isBlankLine = (line: BoqLineValues): boolean =>
  !line.item && line.plannedQty.trim() === '' && line.rate.trim() === '' && line.remark.trim() === '';

export interface AppendResult {
  lines: BoqLineValues[];
  added: number;
  /** Lines of the file whose item is already on the form (kept as the user has them). */
  skipped: number;
  /** Lines left out because the BOQ reached MAX_BOQ_LINES. */
  overLimit: number;
}

/**
 * The import's accepted lines appended to the form's lines: blank lines go, an item already on the form
 * is skipped (the form's line wins), and nothing beyond MAX_BOQ_LINES is added.
 */
export function appendImported(current: BoqLineValues[], imported: readonly BoqImportLine[]): AppendResult {
  const lines = current.filter((line) => !isBlankLine(line));
  const onForm = new Set(lines.flatMap((line) => (line.item ? [line.item._id] : [])));
  let added = 0;
  let skipped = 0;
  let overLimit = 0;
  for (const line of imported) {
    if (onForm.has(line.item._id)) {
      skipped++;
      continue;
    }
    if (lines.length >= MAX_BOQ_LINES) {
      overLimit++;
      continue;
    }
    onForm.add(line.item._id);
    lines.push(importLineToValues(line));
    added++;
  }
  return { lines, added, skipped, overLimit };
}
