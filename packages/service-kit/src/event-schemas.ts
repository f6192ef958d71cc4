import * as contracts from '@erp/contracts';
import {
  ACCESS_SNAPSHOT_REQUESTS,
  AccessSnapshotRequestedData,
  EventEnvelope,
  ITEMS_SNAPSHOT_REQUESTS,
  ItemsSnapshotRequestedData,
  type EventDefinition,
} from '@erp/contracts';
import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { subjectMatches } from './bus/types.js';

/** The schema of the events on a subject, or on every subject a pattern (`erp.*.x.v1`) matches. */
export interface SubjectSchema {
  subject: string;
  schema: TSchema;
}

const validators = new WeakMap<TSchema, ReturnType<typeof Compile>>();

/** Why `value` does not match `schema` (the first error), or null when it does. */
export function schemaProblem(schema: TSchema, value: unknown): string | null {
  let v = validators.get(schema);
  if (!v) {
    v = Compile(schema);
    validators.set(schema, v);
  }
  if (v.Check(value)) return null;
  const first = [...v.Errors(value)][0];
  return `${first?.instancePath || '/'} ${first?.message ?? 'is not valid'}`.trim();
}

function isEventDefinition(v: unknown): v is EventDefinition {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Partial<EventDefinition>;
  return (
    typeof d.subject === 'string' &&
    d.subject.startsWith('erp.') &&
    typeof d.schema === 'object' &&
    d.schema !== null
  );
}

/**
 * Every event @erp/contracts defines, and the patterns of the events each service publishes under
 * its own subject: what a consumer subscribed by wildcard is checked against.
 */
export const CONTRACT_EVENT_SCHEMAS: readonly SubjectSchema[] = [
  ...(Object.values(contracts) as unknown[]).filter(isEventDefinition),
  { subject: ACCESS_SNAPSHOT_REQUESTS, schema: AccessSnapshotRequestedData },
  { subject: ITEMS_SNAPSHOT_REQUESTS, schema: ItemsSnapshotRequestedData },
];

/**
 * A check of consumed events: the envelope, then the data against the consumer's own event
 * definitions, its pattern schemas, and last the contracts. Returns why an event is not valid, or
 * null. An event on a subject no schema covers is not valid either.
 */
export function eventChecker(own: {
  events: readonly EventDefinition[];
  schemas?: readonly SubjectSchema[] | undefined;
}): (envelope: unknown) => string | null {
  const bySubject = new Map<string, TSchema | null>();
  const find = (subject: string): TSchema | null => {
    if (bySubject.has(subject)) return bySubject.get(subject)!;
    const found =
      own.events.find((e) => e.subject === subject) ??
      own.schemas?.find((s) => subjectMatches(s.subject, subject)) ??
      CONTRACT_EVENT_SCHEMAS.find((s) => s.subject === subject) ??
      CONTRACT_EVENT_SCHEMAS.find((s) => subjectMatches(s.subject, subject));
    const schema = found?.schema ?? null;
    if (bySubject.size < 1000) bySubject.set(subject, schema);
    return schema;
  };
  return (envelope) => {
    const bad = schemaProblem(EventEnvelope, envelope);
    if (bad) return `The envelope is not valid: ${bad}`;
    const e = envelope as contracts.EventEnvelope;
    const schema = find(e.subject);
    if (!schema) return `No contract schema for ${e.subject}`;
    const problem = schemaProblem(schema, e.data);
    return problem ? `Event ${e.subject} does not match its schema: ${problem}` : null;
  };
}
