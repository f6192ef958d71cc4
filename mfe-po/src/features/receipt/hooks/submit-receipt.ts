/**
 * Sending a receipt (decision 0022): the photo first, if there is one and it was not uploaded
 * already for this receipt, then the receipt naming it. Kept apart from React so that the order, the
 * reuse of an uploaded photo and the retry after an expired one are tested as they are.
 */
import { PO_MESSAGES, type PhotoResponse, type PoResponse, type ReceiptBody } from '@erp/contracts';
import { ApiError } from '@erp/sdk';
import { photoFileName } from './photo-check';
import { buildReceiptBody, type ReceiptLineInfo, type ReceiptValues } from './receipt-values';

export interface SendDeps {
  upload: (poId: string, photo: Blob, fileName: string) => Promise<PhotoResponse>;
  receive: (body: ReceiptBody) => Promise<PoResponse>;
}

export interface PhotoToSend {
  blob: Blob;
  /** Uploaded already for this receipt (an earlier try that failed after the upload). */
  uploadedId: string | null;
}

export interface SendInput {
  poId: string;
  receiptId: string;
  values: ReceiptValues;
  lines: readonly ReceiptLineInfo[];
  photo: PhotoToSend | null;
  /** Told the uploaded photo's id as soon as it is known (kept with the draft for the next try). */
  onUploaded?: (photoId: string | null) => void;
}

/** The receipt and its photo, sent; throws the API's error (ApiError, status 0 when the server could not be reached). */
export async function sendReceipt(
  { poId, receiptId, values, lines, photo, onUploaded }: SendInput,
  deps: SendDeps,
): Promise<PoResponse> {
  const upload = async (blob: Blob) => {
    const { _id } = await deps.upload(
      poId,
      blob,
      photoFileName(values.invoiceNumber, blob.type || 'image/jpeg'),
    );
    onUploaded?.(_id);
    return _id;
  };
  let photoId = photo ? (photo.uploadedId ?? (await upload(photo.blob))) : null;
  const send = () => deps.receive(buildReceiptBody({ poId, receiptId, values, lines, photoId }));
  try {
    return await send();
  } catch (error) {
    // A photo uploaded on an earlier try and not named by a receipt within a day is removed by the
    // service: upload it again once, rather than ask the user to take it again.
    const expired =
      error instanceof ApiError && error.status === 400 && error.message === PO_MESSAGES.photoMissing;
    if (!photo || !photo.uploadedId || !expired) throw error;
    onUploaded?.(null);
    photoId = await upload(photo.blob);
    return send();
  }
}

/** What the wizard says when the receipt could not be sent (banner and toast): it stays on this device. */
export const OFFLINE_WORDS = {
  offline: 'You are offline: the receipt is kept on this device; send it when you are back online.',
  sendFailed:
    'The receipt could not be sent: the server could not be reached. It is kept on this device; press Confirm Receipt to send it again when the connection is back.',
  toast: 'Not sent: you appear to be offline',
  toastDetail: 'The receipt is kept on this device. Press Confirm Receipt again when you are back online.',
} as const;

/** The server could not be reached (no connection, or it dropped): the receipt stays on the device to send again. */
export const isNetworkError = (error: unknown): boolean => error instanceof ApiError && error.status === 0;
