/**
 * One rule for the form and the service: a form's values are mapped to the request body (its
 * `toBody`, the same function that builds what is sent) and checked against the TypeBox schema the
 * service validates that body with, taking the schema's `errorMessage` as the service does
 * (packages/service-kit/src/errors.ts, validation.ts). What a schema cannot say (a required name,
 * duplicate vendors, rules the service applies in code) stays in the form's rule function, run in the
 * same check so there is one path to every message. Pure: no React, no DOM (the browser flows'
 * parity test runs it in Node against the running services).
 */
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { TSchema } from 'typebox';
// The schema engine's Errors alone: `Value` would bring every value function (clone, convert, parse...).
import { Errors } from 'typebox/schema';

/** One problem: the form field it is about (a react-hook-form path such as "vendors.0.price") and the words shown. */
export interface FormProblem {
  field: string;
  message: string;
}

export interface FormContractOptions<V, B> {
  /** The request body's schema from @erp/contracts: the one the service's route declares. */
  schema: TSchema;
  /** The form's values as the body sent to the service. Must not throw on anything a user can type. */
  toBody: (values: V) => B;
  /** Where a problem at a body path ("vendors.1.status") shows on the form; default: the same path. */
  fieldOf?: (bodyPath: string, values: V) => string;
  /** Rules the schema cannot say, in the spec's words (run first; the first message per field wins). */
  rules?: (values: V) => FormProblem[];
}

export interface FormContract<V> {
  /** Every problem, one per field, in the order of the fields on the form (the order of the values' keys). */
  problems: (values: V) => FormProblem[];
  /** The same check as react-hook-form's resolver. */
  resolver: Resolver<V & FieldValues>;
}

/**
 * ajv's multipleOf with the services' `multipleOfPrecision: 4` (service-kit/src/validation.ts):
 * 14.04 / 0.01 is 1403.9999… in floating point, which a plain check refuses (TypeBox's does).
 */
const MULTIPLE_OF_PRECISION = 1e-4;
function isMultipleOf(value: unknown, multipleOf: number): boolean {
  if (typeof value !== 'number') return false;
  const division = value / multipleOf;
  return Math.abs(Math.round(division) - division) <= MULTIPLE_OF_PRECISION;
}

interface SchemaNode {
  errorMessage?: unknown;
  multipleOf?: unknown;
  [key: string]: unknown;
}

/** The schema object at a JSON pointer ("#/properties/vendors/items/properties/price/allOf/0"). */
function schemaAt(root: TSchema, pointer: string): SchemaNode | undefined {
  let node: unknown = root;
  for (const raw of pointer.replace(/^#\/?/, '').split('/')) {
    if (raw === '') continue;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== null && typeof node === 'object' ? (node as SchemaNode) : undefined;
}

/** "/vendors/0/price" -> "vendors.0.price" */
const dotted = (instancePath: string) =>
  instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

interface SchemaError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: object;
  message: string;
}

/**
 * The body's problems as the service words them: per body path, the first error whose schema carries
 * an `errorMessage` (a union reports its branches first), else the generic words service-kit uses.
 */
export function schemaProblems(schema: TSchema, body: unknown): FormProblem[] {
  // What the service receives is JSON: NaN and Infinity arrive as null, undefined fields not at all.
  const wire: unknown = JSON.parse(JSON.stringify(body ?? null));
  const byPath = new Map<string, { message: string; custom: boolean }>();
  const [, errors] = Errors(schema, wire);
  for (const error of errors as SchemaError[]) {
    // An unknown field is reported twice (additionalProperties: false as a schema of its own); ajv says it once.
    if (error.keyword === 'boolean' && error.schemaPath.endsWith('/additionalProperties')) continue;
    const node = schemaAt(schema, error.schemaPath);
    if (error.keyword === 'multipleOf' && typeof node?.multipleOf === 'number') {
      const value = error.instancePath ? dottedGet(wire, dotted(error.instancePath)) : wire;
      if (isMultipleOf(value, node.multipleOf)) continue;
    }
    const path = dotted(error.instancePath);
    const custom = typeof node?.errorMessage === 'string' ? node.errorMessage : undefined;
    const known = byPath.get(path);
    if (known?.custom || (known && !custom)) continue;
    byPath.set(path, { message: custom ?? genericMessage(error, path), custom: custom !== undefined });
  }
  return [...byPath].map(([field, { message }]) => ({ field, message }));
}

/** service-kit's words for a failure whose schema has no errorMessage (validationMessage in errors.ts). */
function genericMessage(error: SchemaError, path: string): string {
  const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
  if (error.keyword === 'required') return `${params.requiredProperties?.[0] ?? 'field'} is required`;
  if (error.keyword === 'additionalProperties')
    return `Unknown field: ${params.additionalProperties?.[0] ?? ''}`;
  // TypeBox words its limits as ajv does but for the capitals ("must NOT have more than 200 characters").
  return path
    ? `${path} ${error.message.replace(/^must not have/, 'must NOT have')}`
    : 'Request body must be a JSON object';
}

function dottedGet(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Every leaf path of the values in key order: the order of the fields on the form. */
function fieldOrder(values: unknown): Map<string, number> {
  const order = new Map<string, number>();
  const walk = (node: unknown, path: string) => {
    if (path) order.set(path, order.size);
    if (node !== null && typeof node === 'object') {
      for (const [key, inner] of Object.entries(node)) walk(inner, path ? `${path}.${key}` : key);
    }
  };
  walk(values, '');
  return order;
}

/** A form's check: its rules, then the contract's schema over its body; see the top of this file. */
export function formContract<V, B>({
  schema,
  toBody,
  fieldOf,
  rules,
}: FormContractOptions<V, B>): FormContract<V> {
  const problems = (values: V): FormProblem[] => {
    const found = new Map<string, FormProblem>();
    const add = (p: FormProblem) => {
      if (!found.has(p.field)) found.set(p.field, p);
    };
    for (const p of rules?.(values) ?? []) add(p);
    for (const p of schemaProblems(schema, toBody(values)))
      add({ field: fieldOf ? fieldOf(p.field, values) : p.field, message: p.message });
    const order = fieldOrder(values);
    const rank = (field: string) =>
      order.get(field) ??
      order.get([...order.keys()].find((k) => k.startsWith(`${field}.`)) ?? '') ??
      Infinity;
    return [...found.values()].sort((a, b) => rank(a.field) - rank(b.field));
  };

  const resolver: Resolver<V & FieldValues> = async (values, _context, options) => {
    const list = problems(values);
    if (list.length === 0) return { values, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const p of list) flat[p.field] = { type: 'contract', message: p.message };
    return { values: {}, errors: toNestErrors(flat, options) };
  };

  return { problems, resolver };
}
