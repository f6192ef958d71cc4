import { describe, expect, it, vi } from 'vitest';
import { PO_MESSAGES, type PoResponse, type ReceiptBody } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { isNetworkError, sendReceipt, type SendDeps } from './submit-receipt';
import { emptyReceiptValues, type ReceiptLineInfo } from './receipt-values';

const PO_ID = '11111111-1111-4111-8111-111111111111';
const RECEIPT_ID = '22222222-2222-4222-8222-222222222222';
const TMT = '00000000-0000-4000-8000-000000000002';
const lines: ReceiptLineInfo[] = [{ itemId: TMT, name: 'TMT bar 12 mm', unit: 'kg', pending: 225 }];
const values = {
  ...emptyReceiptValues(lines, '2026-11-25'),
  invoiceNumber: 'INV/42',
  invoiceAmount: '100',
  lines: { [TMT]: { received: '2', rejected: '', remark: '' } },
};
const answer = { message: PO_MESSAGES.receiptCreated, po: {} } as PoResponse;
const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });

function deps(receive: (body: ReceiptBody) => Promise<PoResponse> = async () => answer) {
  const calls: string[] = [];
  let n = 0;
  const d: SendDeps = {
    upload: vi.fn(async (_po: string, _blob: Blob, name: string) => {
      calls.push(`upload ${name}`);
      n += 1;
      return { _id: `44444444-4444-4444-8444-44444444444${n}`, contentType: 'image/jpeg', size: 4 };
    }),
    receive: vi.fn(async (body: ReceiptBody) => {
      calls.push(`receive ${body.photoId ?? 'no photo'}`);
      return receive(body);
    }),
  };
  return { d, calls };
}

describe('sending a receipt', () => {
  it('uploads the photo first (named after the invoice), then the receipt naming it', async () => {
    const { d, calls } = deps();
    const uploaded: Array<string | null> = [];
    const result = await sendReceipt(
      {
        poId: PO_ID,
        receiptId: RECEIPT_ID,
        values,
        lines,
        photo: { blob: photo, uploadedId: null },
        onUploaded: (id) => uploaded.push(id),
      },
      d,
    );
    expect(result).toBe(answer);
    expect(calls).toEqual(['upload invoice-INV-42.jpg', 'receive 44444444-4444-4444-8444-444444444441']);
    expect(uploaded).toEqual(['44444444-4444-4444-8444-444444444441']);
    expect(vi.mocked(d.receive).mock.calls[0]![0]).toMatchObject({
      poId: PO_ID,
      receiptId: RECEIPT_ID,
      receivedItems: [{ item: TMT, receivedQuantity: 2 }],
    });
  });

  it('sends no photo when there is none', async () => {
    const { d, calls } = deps();
    await sendReceipt({ poId: PO_ID, receiptId: RECEIPT_ID, values, lines, photo: null }, d);
    expect(calls).toEqual(['receive no photo']);
  });

  it('does not upload again a photo an earlier try uploaded', async () => {
    const { d, calls } = deps();
    await sendReceipt(
      {
        poId: PO_ID,
        receiptId: RECEIPT_ID,
        values,
        lines,
        photo: { blob: photo, uploadedId: '55555555-5555-4555-8555-555555555555' },
      },
      d,
    );
    expect(calls).toEqual(['receive 55555555-5555-4555-8555-555555555555']);
  });

  it('uploads again once when the earlier upload has expired on the server', async () => {
    let first = true;
    const { d, calls } = deps(async () => {
      if (first) {
        first = false;
        throw new ApiError(400, PO_MESSAGES.photoMissing);
      }
      return answer;
    });
    const uploaded: Array<string | null> = [];
    await sendReceipt(
      {
        poId: PO_ID,
        receiptId: RECEIPT_ID,
        values,
        lines,
        photo: { blob: photo, uploadedId: '55555555-5555-4555-8555-555555555555' },
        onUploaded: (id) => uploaded.push(id),
      },
      d,
    );
    expect(calls).toEqual([
      'receive 55555555-5555-4555-8555-555555555555',
      'upload invoice-INV-42.jpg',
      'receive 44444444-4444-4444-8444-444444444441',
    ]);
    expect(uploaded).toEqual([null, '44444444-4444-4444-8444-444444444441']);
  });

  it('passes other errors on: a 409 above pending, a lost connection', async () => {
    const conflict = new ApiError(409, PO_MESSAGES.abovePending('TMT bar 12 mm', '1 kg'));
    await expect(
      sendReceipt(
        { poId: PO_ID, receiptId: RECEIPT_ID, values, lines, photo: null },
        deps(() => Promise.reject(conflict)).d,
      ),
    ).rejects.toBe(conflict);
    const offline = new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    const { d } = deps();
    vi.mocked(d.upload).mockRejectedValueOnce(offline);
    await expect(
      sendReceipt(
        { poId: PO_ID, receiptId: RECEIPT_ID, values, lines, photo: { blob: photo, uploadedId: null } },
        d,
      ),
    ).rejects.toBe(offline);
    expect(d.receive).not.toHaveBeenCalled();
    expect(isNetworkError(offline)).toBe(true);
    expect(isNetworkError(conflict)).toBe(false);
  });
});
