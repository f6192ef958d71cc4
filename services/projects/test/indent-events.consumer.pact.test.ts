/**
 * Message contract of the indent service's erp.indent.upserted.v1 as the projects service consumes
 * it (the BOQ list's Indents, decision 0034); verified by the indent service in
 * services/indent/test/events.provider.pact.test.ts. The message goes through the kit's schema check
 * and inbox into the real consumer; the test asserts what the BOQ list then shows.
 */
import { describe, expect, it } from 'vitest';
import { MatchersV3 } from '@pact-foundation/pact';
import { harnessForFile, receiveEvent } from '@erp/service-kit/testing';
import type { Boq, BoqSummary, EventEnvelope } from '@erp/contracts';
import { newBoq, newItems, startProjects } from './helpers.js';

const { uuid, integer, regex } = MatchersV3;

const h = harnessForFile(startProjects);

describe('projects consuming erp.indent.upserted.v1', () => {
  it('counts the indent on the BOQ it was raised against', async () => {
    const project = await h.create();
    const created = await h.call(
      'admin',
      'POST',
      '/boq',
      newBoq(project._id, await newItems(h, 1), { status: 'confirmed' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const boq = created.json().boq as Boq;
    await receiveEvent(
      {
        consumer: 'projects-service',
        provider: 'indent-service-events',
        state: 'an indent was raised against a confirmed BOQ',
        description: 'an indent upserted event',
        subject: 'erp.indent.upserted.v1',
        id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
        occurredAt: '2026-11-28T10:00:00.000Z',
        data: {
          indentId: uuid('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'),
          indentNumber: regex(/^IND-\d{6}$/, 'IND-000042'),
          projectId: uuid('2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e'),
          boqId: uuid('3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f'),
          status: regex(/^(draft|compare|approval|approved)$/, 'compare'),
          version: integer(1),
        },
      },
      async (envelope: EventEnvelope<{ boqId: string }>) => {
        // The example's BOQ is this run's; the one in the pact file is the example value.
        await h.bus.publish({
          ...envelope,
          data: { ...envelope.data, projectId: project._id, boqId: boq._id },
        });
        await h.settle();
        const listed = (await h.call('admin', 'GET', `/boq/all?keyword=${boq.boqId}&limit=100`)).json()
          .result as BoqSummary[];
        expect(listed.find((b) => b._id === boq._id)!.indentCount).toBe(1);
      },
    );
  });
});
