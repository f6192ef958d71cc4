/** The projects service as a message provider: team_set as the project form sends it. */
import { describe, it } from 'vitest';
import { harnessForFile, lastOutboxEvent, verifyMessagePacts } from '@erp/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { ReceiptRecorded, type Boq } from '@erp/contracts';
import { buildEnvelope } from '@erp/service-kit';
import { newBoq, newItems, newProject, startProjects } from './helpers.js';

const h = harnessForFile(startProjects);

describe('projects service as a message provider', () => {
  it('sends team changes auth can apply', async () => {
    await verifyMessagePacts({
      provider: 'projects-service-events',
      consumers: ['auth-service'],
      messages: {
        'a project team set event': async () => {
          const res = await h.call(
            'admin',
            'POST',
            '/project',
            newProject({ employees: [h.people.employee.memberId] }),
          );
          const id = res.json().project._id as string;
          return lastOutboxEvent(h.db, 'projects', 'erp.projects.team_set.v1', 'projectId', id);
        },
      },
      states: ['a project’s Employees were set'],
    });
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
    const outbox = (subject: string) => lastOutboxEvent(h.db, 'projects', subject);
    await verifyMessagePacts({
      provider: 'projects-service-events',
      consumers: ['indent-service'],
      messages: {
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
      states: [
        'a project was created with its location',
        'a BOQ was confirmed',
        'goods were received against a BOQ',
      ],
    });
  });
});
