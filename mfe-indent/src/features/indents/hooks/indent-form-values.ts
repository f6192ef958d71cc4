/**
 * The indent form's values and how they map to and from the API (SPEC §2 "Indent create", §3 "Indent
 * create payload", §5 "Indent form"). The order of the values' keys is the order of the checks: title,
 * project, BOQ, then the items (at least one, then each quantity), so the first problem toasted is the
 * spec's first.
 */
import {
  CreateIndentBody,
  INDENT_MESSAGES,
  INDENT_QTY_TOO_LARGE,
  MAX_INDENT_LINES,
  MAX_INDENT_QTY,
  TOO_MANY_INDENT_LINES,
  UpdateIndentBody,
  type Indent,
} from '@erp/contracts';
import { formContract, type FormProblem } from '@erp/ui/remote-form';

export interface IndentProjectValue {
  _id: string;
  name: string;
  projectCode: string;
}

export interface IndentBoqValue {
  _id: string;
  /** BOQ-0001 */
  boqId: string;
  name: string;
}

export interface IndentItemValue {
  _id: string;
  name: string;
  unit: string;
}

export interface IndentLineValues {
  /** Client-only key (React, the virtualised rows); never sent. */
  key: string;
  item: IndentItemValue;
  /** As typed: digits and at most two decimals (SPEC §5: step 0.01). */
  quantity: string;
  remark: string;
}

/** In the order of the form's fields: the first problem in this order is the one toasted. */
export interface IndentFormValues {
  title: string;
  project: IndentProjectValue | null;
  boq: IndentBoqValue | null;
  location: string;
  /** YYYY-MM-DD or ''. */
  neededBy: string;
  notes: string;
  items: IndentLineValues[];
}

/** 'draft' is Save Draft; 'compare' is Send for Comparison (SPEC §4). */
export type IndentSaveStatus = 'draft' | 'compare';

// Unique across reloads too: a restored draft's lines keep their keys next to lines added afterwards.
let nextKey = 1;
const newKey = () => `line-${Date.now().toString(36)}-${nextKey++}`;

export function emptyIndentValues(): IndentFormValues {
  return { title: '', project: null, boq: null, location: '', neededBy: '', notes: '', items: [] };
}

export function lineFromItem(item: IndentItemValue): IndentLineValues {
  return {
    key: newKey(),
    item: { _id: item._id, name: item.name, unit: item.unit },
    quantity: '',
    remark: '',
  };
}

const decimal = (n: number) => (Number.isFinite(n) ? String(n) : '');

export function indentToValues(indent: Indent): IndentFormValues {
  return {
    title: indent.title,
    project: {
      _id: indent.projectId._id,
      name: indent.projectId.name,
      projectCode: indent.projectId.projectCode,
    },
    boq: indent.boqId._id
      ? { _id: indent.boqId._id, boqId: indent.boqId.boqId, name: indent.boqId.name }
      : null,
    location: indent.location,
    neededBy: indent.neededBy ?? '',
    notes: indent.notes,
    items: indent.items.map((line) => ({
      key: line._id,
      item: { _id: line.itemId, name: line.itemName, unit: line.unit },
      quantity: decimal(line.quantity),
      remark: line.remark,
    })),
  };
}

/** A typed number, or NaN when it is not one (sent as null, which the schema refuses). */
export const parseQuantity = (raw: string): number => (raw.trim() === '' ? NaN : Number(raw));

/** Keeps digits and one decimal point with at most two decimals (SPEC §5: quantity step 0.01). */
export function sanitizeQuantity(raw: string): string {
  const cleaned = raw.replace(/,/g, '').replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/** What the API takes (SPEC §7 POST /indent: title, projectId, boqId, location, neededBy, notes, items, status). */
export function valuesToBody(values: IndentFormValues, status: IndentSaveStatus = 'draft'): CreateIndentBody {
  return {
    title: values.title.trim(),
    projectId: values.project?._id ?? '',
    boqId: values.boq?._id ?? '',
    location: values.location.trim(),
    neededBy: values.neededBy || null,
    notes: values.notes.trim(),
    items: values.items.map((line) => ({
      item: line.item._id,
      quantity: parseQuantity(line.quantity),
      remarks: line.remark.trim(),
    })),
    status,
  };
}

/**
 * What the schema cannot say in the spec's words: each line's quantity names its item ('Please enter a
 * valid quantity for "Cement OPC 53"'), an item twice, too many lines.
 */
export function indentRules(values: IndentFormValues): FormProblem[] {
  const problems: FormProblem[] = [];
  const seen = new Set<string>();
  values.items.forEach((line, i) => {
    const qty = parseQuantity(line.quantity);
    if (!(qty > 0))
      problems.push({ field: `items.${i}.quantity`, message: INDENT_MESSAGES.quantity(line.item.name) });
    else if (qty > MAX_INDENT_QTY)
      problems.push({ field: `items.${i}.quantity`, message: INDENT_QTY_TOO_LARGE });
    if (seen.has(line.item._id))
      problems.push({ field: `items.${i}.remark`, message: INDENT_MESSAGES.duplicateItem });
    seen.add(line.item._id);
  });
  if (values.items.length > MAX_INDENT_LINES)
    problems.push({ field: 'items', message: TOO_MANY_INDENT_LINES });
  return problems;
}

/** A body path as the form's field: project and BOQ are picked as objects; a line's item is its row. */
export function indentField(bodyPath: string): string {
  if (bodyPath === 'projectId') return 'project';
  if (bodyPath === 'boqId') return 'boq';
  if (bodyPath === 'status' || bodyPath === '') return 'title';
  const line = /^items\.(\d+)\.(\w+)/.exec(bodyPath);
  if (line) return `items.${line[1]}.${line[2] === 'remarks' ? 'remark' : 'quantity'}`;
  return bodyPath;
}

/** The indent form's check: the indent service's body schema (create, or update with a version) and the rules above. */
export const indentContract = {
  create: formContract({
    schema: CreateIndentBody,
    toBody: (v: IndentFormValues) => valuesToBody(v),
    fieldOf: indentField,
    rules: indentRules,
  }),
  update: formContract({
    schema: UpdateIndentBody,
    toBody: (v: IndentFormValues) => valuesToBody(v),
    fieldOf: indentField,
    rules: indentRules,
  }),
};

/** Moves a line up (-1) or down (+1); the same array when it cannot move. */
export function moveLine<T>(lines: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= lines.length || to < 0 || to >= lines.length) return lines as T[];
  const next = [...lines];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
