/** The projects service as a message provider: team_set as the project form sends it. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MessageProviderPact } from '@pact-foundation/pact';
import { randomUUID } from 'node:crypto';
import { ReceiptRecorded, type Boq, type EventEnvelope } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { newBoq, newItems, newProject, startProjects, type ProjectsHarness } from './helpers.js';

const pactDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../pacts');
let h: ProjectsHarness;
beforeAll(async () => {
  h = await startProjects();
});
afterAll(async () => h?.close());

describe('projects service as a message provider', () => {
  it('sends team changes auth can apply', async () => {
    await new MessageProviderPact({
      provider: 'projects-service-events',
      pactUrls: [path.join(pactDir, 'auth-service-projects-service-events.json')],
      logLevel: 'warn',
      messageProviders: {
        'a project team set event': async () => {
          const res = await h.call(
            'admin',
            'POST',
            '/project',
            newProject({ employees: [h.people.employee.memberId] }),
          );
          const id = res.json().project._id as string;
          const r = await h.db.query<{ envelope: EventEnvelope }>(
            "SELECT envelope FROM projects.outbox WHERE subject = 'erp.projects.team_set.v1' AND envelope->'data'->>'projectId' = $1",
            [id],
          );
          return r.rows[0]!.envelope;
        },
      },
      stateHandlers: { 'a project’s Employees were set': async () => undefined },
    }).verify();
  });

  it('announces projects, BOQs and their consumption as the indent service reads them', async () => {
    const project = await h.create();
    const items = await newItems(h, 2);
    const created = await h.call(
      'admin',
      'POST',
      '/boq',
      newBoq(project._id, items, { status: 'confirmed' }),
    );
    const boq = created.json().boq as Boq;
    const outbox = async (subject: string) =>
      (
        await h.db.query<{ envelope: EventEnvelope }>(
          'SELECT envelope FROM projects.outbox WHERE subject = $1 ORDER BY seq DESC LIMIT 1',
          [subject],
        )
      ).rows[0]!.envelope;
    await new MessageProviderPact({
      provider: 'projects-service-events',
      pactUrls: [path.join(pactDir, 'indent-service-projects-service-events.json')],
      logLevel: 'warn',
      messageProviders: {
        // The project as created, its location with it.
        'a project upserted event': () => outbox('erp.projects.project_upserted.v1'),
        'a BOQ upserted event': () => outbox('erp.projects.boq_upserted.v1'),
        'a BOQ consumed event': async () => {
          // Goods received against the BOQ, as the PO service announces them; the consumption it counted.
          await h.bus.publish(
            buildEnvelope('po', ReceiptRecorded, {
              receiptId: randomUUID(),
              poId: randomUUID(),
              poNumber: 'PO-000001',
              projectId: project._id,
              boqId: boq._id,
              indentId: null,
              invoiceNumber: 'INV/26-27/0042',
              receivedAt: new Date().toISOString(),
              receivedBy: { _id: randomUUID(), name: 'Sandeep Patil' },
              lines: [{ itemId: items[0]!.itemId, quantity: 20.25, unit: items[0]!.unit }],
            }),
          );
          await h.settle();
          return outbox('erp.projects.boq_consumed.v1');
        },
      },
      stateHandlers: {
        'a project was created with its location': async () => undefined,
        'a BOQ was confirmed': async () => undefined,
        'goods were received against a BOQ': async () => undefined,
      },
    }).verify();
  });
});
