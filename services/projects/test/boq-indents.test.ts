import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IndentUpserted,
  type Boq,
  type BoqSummary,
  type EventEnvelope,
  type IndentUpsertedData,
  type Project,
} from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { indentCountMoves } from '../src/domain/boq-consumption.js';
import { confirmedBoq, newItems, type ProjectsHarness, startProjects, type TestItem } from './helpers.js';

describe('how an indent moves the BOQ counts', () => {
  it('moves nothing while it stays on one BOQ number, and one down and one up when it moves', () => {
    expect([...indentCountMoves('BOQ-0001', 'BOQ-0001')]).toEqual([]);
    expect([...indentCountMoves(null, 'BOQ-0001')]).toEqual([['BOQ-0001', 1]]);
    expect([...indentCountMoves('BOQ-0001', 'BOQ-0002')]).toEqual([
      ['BOQ-0001', -1],
      ['BOQ-0002', 1],
    ]);
  });
});

let h: ProjectsHarness;
let project: Project;
let items: TestItem[];

beforeAll(async () => {
  h = await startProjects();
  project = await h.create();
  items = await newItems(h, 2);
});
afterAll(async () => h?.close());

/** An indent as the indent service announces it. */
function indent(
  boqId: string,
  version: number,
  over: Partial<IndentUpsertedData> = {},
): EventEnvelope<IndentUpsertedData> {
  return buildEnvelope('indent', IndentUpserted, {
    indentId: randomUUID(),
    indentNumber: 'IND-000042',
    projectId: project._id,
    boqId,
    status: 'draft',
    version,
    ...over,
  }) as EventEnvelope<IndentUpsertedData>;
}

async function deliver(...envelopes: EventEnvelope[]): Promise<void> {
  for (const e of envelopes) await h.bus.publish(e);
  await h.settle();
}

/** The BOQ's indentCount on the list and on its page. */
async function counted(boq: Boq): Promise<[number, number]> {
  const listed = (await h.call('admin', 'GET', `/boq/all?keyword=${boq.boqId}&limit=100`)).json()
    .result as BoqSummary[];
  const page = (await h.call('admin', 'GET', `/boq/${boq._id}`)).json() as Boq;
  return [listed.find((b) => b._id === boq._id)!.indentCount, page.indentCount];
}

describe('the BOQ list’s Indents, from the indent service’s events', () => {
  it('counts each indent raised against the BOQ, drafts included, on the list and the page', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    const first = indent(boq._id, 1);
    await deliver(
      first,
      indent(boq._id, 1, { status: 'compare' }),
      indent(boq._id, 3, { status: 'approved' }),
    );
    expect(await counted(boq)).toEqual([3, 3]);
    // The same indent moving on through its stages is still one indent.
    await deliver(indent(boq._id, 2, { indentId: first.data.indentId, status: 'compare' }));
    expect(await counted(boq)).toEqual([3, 3]);
  });

  it('changes nothing when an event is delivered again or an older one arrives late', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    const other = await confirmedBoq(h, project._id, items);
    const id = randomUUID();
    const moved = indent(other._id, 3, { indentId: id });
    await deliver(moved);
    // Older versions of the same indent, still on the first BOQ, arrive after: ignored.
    await deliver(indent(boq._id, 1, { indentId: id }), indent(boq._id, 2, { indentId: id }), moved);
    expect(await counted(boq)).toEqual([0, 0]);
    expect(await counted(other)).toEqual([1, 1]);
    // A redelivered envelope (the inbox) and a second envelope of the same version (the row's version).
    await deliver(moved, indent(other._id, 3, { indentId: id }));
    expect(await counted(other)).toEqual([1, 1]);
  });

  it('moves a draft edited onto another BOQ from the first BOQ’s count to the other’s', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    const other = await confirmedBoq(h, project._id, items);
    const id = randomUUID();
    await deliver(indent(boq._id, 1, { indentId: id }));
    expect(await counted(boq)).toEqual([1, 1]);
    await deliver(indent(other._id, 2, { indentId: id }));
    expect(await counted(boq)).toEqual([0, 0]);
    expect(await counted(other)).toEqual([1, 1]);
  });

  it('keeps the count of the BOQ number through a revision, and counts indents of either revision', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    await deliver(indent(boq._id, 1), indent(boq._id, 1));
    const revised = await h.call('admin', 'POST', `/boq/${boq._id}/revise`);
    expect(revised.statusCode, revised.body).toBe(201);
    const draft = revised.json().boq as Boq;
    expect(await counted(draft)).toEqual([2, 2]);
    await deliver(indent(boq._id, 1));
    expect(await counted(draft)).toEqual([3, 3]);
    expect(await counted(boq)).toEqual([3, 3]);
  });

  it('counts an indent of a BOQ it does not know for no BOQ', async () => {
    const boq = await confirmedBoq(h, project._id, items);
    await deliver(indent(randomUUID(), 1), indent('not-a-uuid', 1));
    expect(await counted(boq)).toEqual([0, 0]);
  });
});
