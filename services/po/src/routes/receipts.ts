/**
 * Goods receipts (POST /poReceipt → erp.po.receipt_recorded.v1): the route, and recording a receipt
 * as one function of the route's transaction: the PO's row lock, the pending check, the receipt and
 * its lines, the new status and the events.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  can,
  canAccessProject,
  PO_MESSAGES,
  PoResponse,
  ReceiptBody,
  toPaise,
  type PoStatus,
} from '@erp/contracts';
import {
  badRequest,
  conflict,
  conflictOnUnique,
  notFound,
  requireAccess,
  type PendingEvent,
  type Queryable,
  type ServiceContext,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import { statusAfterReceipt } from '../domain/purchase-order.js';
import {
  acceptLines,
  askedLines,
  checkInvoiceDate,
  checkResend,
  todayInIndia,
  type AcceptedLine,
  type AskedLine,
  type RecordedReceipt,
} from '../domain/receipt.js';
import { poStatusChanged } from '../events/po-status-changed.js';
import { receiptRecorded } from '../events/receipt-recorded.js';
import type { PoRow, PurchaseOrdersRepository } from '../repositories/purchase-orders.js';
import { route, RECEIVE, type PoRouteDeps } from './po.js';

export interface ReceiptInput extends RecordedReceipt {
  receiptId: string;
  /** Lines with something received (at least one). */
  lines: AskedLine[];
  by: { id: string | null; name: string };
  /** When it was received (now for a member's receipt). */
  receivedAt: Date;
  requestId: string;
  /** The caller may record on this PO's project (another project's PO is answered as not found). */
  mayAccess(projectId: string): boolean;
  /** The caller may see Closed POs (PO List read); one who may not is answered 404 for one (absent: may). */
  maySeeClosed?: boolean;
}

/** The invoice photo named by the receipt must be one of the PO's, named by no other receipt. */
async function checkPhoto(
  tx: Queryable,
  pos: PurchaseOrdersRepository,
  poId: string,
  photoId: string | null,
) {
  if (!photoId) return;
  const photo = await pos.photoOwner(tx, poId, photoId);
  if (!photo) throw badRequest(PO_MESSAGES.photoMissing);
  if (photo.receiptId) throw conflict('This photo belongs to another receipt');
}

/** The receipt's events, the status's first (when it moved), and their audit row, in one statement. */
async function announceReceipt(
  tx: Queryable,
  ctx: Pick<ServiceContext, 'emitAll'>,
  po: PoRow,
  r: ReceiptInput,
  outcome: { status: PoStatus; lines: AcceptedLine[] },
): Promise<void> {
  const { status, lines } = outcome;
  const events: PendingEvent[] = [];
  // insertReceipt moved the version on by one.
  if (status !== po.status) events.push(poStatusChanged(po, status));
  const consumed = lines.filter((l) => l.accepted > 0);
  // Only what was accepted is received, and only that is BOQ consumption (projects service).
  if (consumed.length > 0) events.push(receiptRecorded(po, r, consumed));
  // The events and the audit row in one statement.
  await ctx.emitAll(tx, events, {
    meta: { requestId: r.requestId, actorId: r.by.id },
    audit: {
      actorId: r.by.id,
      action: 'receipt_recorded',
      entity: 'po',
      entityId: r.poId,
      requestId: r.requestId,
      details: { receiptId: r.receiptId, invoiceNumber: r.invoiceNumber, status, lines: lines.length },
    },
  });
}

/**
 * Records the receipt in `tx` unless a receipt with its id exists (a resend: nothing changes).
 * Returns whether it was created now. Throws the HTTP errors a caller shows as they are.
 */
export async function recordReceipt(
  tx: Queryable,
  ctx: Pick<ServiceContext, 'emitAll'>,
  pos: PurchaseOrdersRepository,
  r: ReceiptInput,
): Promise<{ created: boolean; status: PoStatus }> {
  const locked = await pos.lock(tx, r.poId);
  if (!locked || !r.mayAccess(locked.po.project_id)) throw notFound(PO_MESSAGES.notFound);
  // Sent again (the answer was lost on a poor connection): recorded once, answered again. The same
  // key with other content is another receipt under a used key: refused, never dropped (decision 0035).
  const before = await pos.recordedReceipt(tx, r.receiptId);
  if (before !== null) {
    checkResend(before, r);
    return { created: false, status: locked.po.status };
  }
  if (locked.po.status === 'Closed')
    throw r.maySeeClosed === false ? notFound(PO_MESSAGES.notFound) : conflict(PO_MESSAGES.closed);
  const lines = acceptLines(locked.lines, r.lines);
  await checkPhoto(tx, pos, r.poId, r.photoId);
  // The status the PO moves to, from its lines as locked with this receipt's accepted quantities added.
  const status = statusAfterReceipt(locked.lines, lines);
  await pos.insertReceipt(
    tx,
    {
      id: r.receiptId,
      poId: r.poId,
      invoiceNumber: r.invoiceNumber,
      invoiceDate: r.invoiceDate,
      invoiceAmountPaise: r.invoiceAmountPaise,
      remarks: r.remarks,
      by: r.by,
      photoId: r.photoId,
      lines,
      receivedAt: r.receivedAt,
    },
    status,
  );
  await announceReceipt(tx, ctx, locked.po, r, { status, lines });
  return { created: true, status };
}

/** POST /poReceipt: a member receiving goods on an Open or Partial PO of their project. */
export async function receiptRoutes(app: FastifyInstance, deps: PoRouteDeps): Promise<void> {
  const { ctx, pos } = deps;
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(
      '/poReceipt',
      route(RECEIVE, { body: ReceiptBody }, { 201: PoResponse, 200: PoResponse }),
      async (request, reply) => {
        const auth = requireAccess(request, RECEIVE.module, RECEIVE.sub, RECEIVE.level);
        const body = request.body;
        const poId = body.poId.toLowerCase();
        const invoiceNumber = body.invoice.invoiceNumber.trim();
        if (!invoiceNumber) throw badRequest(PO_MESSAGES.invoiceNumber);
        checkInvoiceDate(body.invoice.invoiceDate, todayInIndia());
        const receiptId = (body.receiptId ?? randomUUID()).toLowerCase();
        const lines = askedLines(body.receivedItems);
        // Two receipts with one key on two POs at once both pass the look-up; the key's primary key refuses the second.
        const result = await conflictOnUnique(
          PO_MESSAGES.receiptOtherPo,
          () =>
            ctx.tx((tx) =>
              recordReceipt(tx, ctx, pos, {
                receiptId,
                poId,
                invoiceNumber,
                invoiceDate: body.invoice.invoiceDate,
                invoiceAmountPaise: toPaise(body.invoice.invoiceAmount),
                remarks: (body.remarks ?? '').trim(),
                photoId: body.photoId ? body.photoId.toLowerCase() : null,
                lines,
                by: { id: auth.memberId, name: auth.name },
                receivedAt: new Date(),
                requestId: request.id,
                mayAccess: (projectId) => canAccessProject(auth, projectId),
                maySeeClosed: can(auth, 'po', 'list', 'read'),
              }),
            ),
          'receipts_pkey',
        );
        reply.status(result.created ? 201 : 200);
        return { message: PO_MESSAGES.receiptCreated, po: (await pos.byId(ctx.db, poId))! };
      },
    );
}
