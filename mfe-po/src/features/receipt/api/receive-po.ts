import type { ReceiptBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';

/**
 * POST /poReceipt: records a goods receipt. 201 the first time, 200 when the same `receiptId` was
 * recorded already (sent again after a lost answer); 409 when a quantity is above what is pending now
 * or the PO was closed meanwhile. Answers { message, po }.
 */
export const receivePo = (body: ReceiptBody, signal?: AbortSignal) =>
  call(api, 'po.receive', { body, signal });
