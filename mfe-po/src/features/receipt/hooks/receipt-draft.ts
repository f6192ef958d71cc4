/**
 * The receipt being entered, kept on this device per PO until it is sent (a reload, a lost
 * connection or a failed send loses nothing): the text in localStorage (written synchronously, so
 * closing the page right after typing keeps it), the invoice photo's bytes in IndexedDB (too large
 * for localStorage). The draft also keeps the receipt's `receiptId`, so that sending it again after a
 * lost answer records it once (decision 0022), and the id of a photo already uploaded for it.
 *
 * Everything read back is checked: a draft from another release, another PO or a damaged entry is
 * dropped, never put into the form.
 */
import { newRequestKey } from '@erp/sdk';
import { RECEIPT_TEXT } from '@erp/contracts';
import {
  BAD_INPUT,
  emptyReceiptValues,
  lineOf,
  type ReceiptLineInfo,
  type ReceiptLineValues,
  type ReceiptValues,
} from './receipt-values';

export const DRAFT_FORMAT = 1;

/** What is known of the photo kept with the draft (its bytes are in IndexedDB). */
export interface DraftPhotoMeta {
  type: string;
  size: number;
  /** 'camera' or 'file'. */
  source: 'camera' | 'file';
  /** Uploaded already for this receipt (POST /po/{id}/photos answered): sent again, it would be a second copy. */
  uploadedId: string | null;
}

export interface ReceiptDraft {
  format: typeof DRAFT_FORMAT;
  poId: string;
  receiptId: string;
  step: 1 | 2;
  savedAt: number;
  values: ReceiptValues;
  photo: DraftPhotoMeta | null;
}

const KEY_PREFIX = 'erp-po-receipt-draft:';
export const draftStorageKey = (poId: string): string => `${KEY_PREFIX}${poId.toLowerCase()}`;

export function serializeDraft(draft: ReceiptDraft): string {
  return JSON.stringify(draft);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isString = (v: unknown): v is string => typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readLine(value: unknown): ReceiptLineValues | null {
  if (!isRecord(value) || !isString(value.received) || !isString(value.rejected) || !isString(value.remark))
    return null;
  return {
    received: value.received.slice(0, 32),
    rejected: value.rejected.slice(0, 32),
    remark: value.remark.slice(0, RECEIPT_TEXT.lineRemark),
  };
}

function readPhoto(value: unknown): DraftPhotoMeta | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isString(value.type) || typeof value.size !== 'number') return undefined;
  if (value.source !== 'camera' && value.source !== 'file') return undefined;
  const uploadedId = isString(value.uploadedId) && UUID.test(value.uploadedId) ? value.uploadedId : null;
  return { type: value.type, size: value.size, source: value.source, uploadedId };
}

/** A stored draft of this PO, or null when there is none or it is not one this release wrote. */
export function parseDraft(raw: string | null | undefined, poId: string): ReceiptDraft | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(data) || data.format !== DRAFT_FORMAT) return null;
  if (!isString(data.poId) || data.poId.toLowerCase() !== poId.toLowerCase()) return null;
  if (!isString(data.receiptId) || !UUID.test(data.receiptId)) return null;
  const values = data.values;
  if (!isRecord(values) || !isRecord(values.lines)) return null;
  const { notes, invoiceNumber, invoiceDate, invoiceAmount } = values;
  if (!isString(notes) || !isString(invoiceNumber) || !isString(invoiceDate) || !isString(invoiceAmount))
    return null;
  const lines: Record<string, ReceiptLineValues> = {};
  for (const [itemId, line] of Object.entries(values.lines)) {
    const read = readLine(line);
    if (read) lines[itemId] = read;
  }
  const photo = readPhoto(data.photo);
  if (photo === undefined) return null;
  return {
    format: DRAFT_FORMAT,
    poId: data.poId,
    receiptId: data.receiptId.toLowerCase(),
    step: data.step === 2 ? 2 : 1,
    savedAt: typeof data.savedAt === 'number' ? data.savedAt : 0,
    values: { lines, notes, invoiceNumber, invoiceDate, invoiceAmount },
    photo,
  };
}

export interface RestoredValues {
  values: ReceiptValues;
  /** Names of the lines the draft had quantities for that are no longer pending (left out, and said so). */
  dropped: string[];
}

const typedIn = (line: ReceiptLineValues) =>
  line.received.trim() !== '' || line.rejected.trim() !== '' || line.remark.trim() !== '';

/**
 * The draft's values over the PO as it is now: lines no longer pending are left out (and named, so
 * the screen can say so); the others keep exactly what was typed, even above the new pending
 * quantity, which the line then shows as its error (nothing is clamped silently). A number the
 * browser could not read is cleared (its input cannot show it again).
 */
export function restoreValues(
  draft: Pick<ReceiptDraft, 'values'>,
  lines: readonly ReceiptLineInfo[],
  names: ReadonlyMap<string, string>,
  today?: string,
): RestoredValues {
  const base = emptyReceiptValues(lines, today);
  const byItem: Record<string, ReceiptLineValues> = {};
  const clean = (v: string) => (v === BAD_INPUT ? '' : v);
  for (const line of lines) {
    const kept = lineOf(draft.values, line.itemId);
    byItem[line.itemId] = {
      received: clean(kept.received),
      rejected: clean(kept.rejected),
      remark: kept.remark,
    };
  }
  const receivable = new Set(lines.map((l) => l.itemId));
  const dropped = Object.entries(draft.values.lines)
    .filter(([itemId, line]) => !receivable.has(itemId) && typedIn(line))
    .map(([itemId]) => names.get(itemId) ?? 'An item no longer on this purchase order');
  return {
    values: {
      lines: byItem,
      notes: draft.values.notes,
      invoiceNumber: draft.values.invoiceNumber,
      invoiceDate: draft.values.invoiceDate || base.invoiceDate,
      invoiceAmount: draft.values.invoiceAmount,
    },
    dropped,
  };
}

/** Only what was typed goes into storage: untouched lines are left out (a 300-line PO's draft stays small). */
export function compactValues(values: ReceiptValues): ReceiptValues {
  const lines: Record<string, ReceiptLineValues> = {};
  for (const [itemId, line] of Object.entries(values.lines)) if (typedIn(line)) lines[itemId] = line;
  return { ...values, lines };
}

// --- Storage ---------------------------------------------------------------------------------------

/** Where the text goes (localStorage in the browser; a map in tests). */
export interface TextStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const browserStorage = (): TextStorage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

export interface DraftTextStore {
  read(poId: string): ReceiptDraft | null;
  /** False when the device refused to keep it (storage full or disabled). */
  write(draft: ReceiptDraft): boolean;
  remove(poId: string): void;
}

export function createDraftTextStore(
  storage: () => TextStorage | undefined = browserStorage,
): DraftTextStore {
  return {
    read(poId) {
      try {
        return parseDraft(storage()?.getItem(draftStorageKey(poId)), poId);
      } catch {
        return null;
      }
    },
    write(draft) {
      try {
        const s = storage();
        if (!s) return false;
        s.setItem(
          draftStorageKey(draft.poId),
          serializeDraft({ ...draft, values: compactValues(draft.values) }),
        );
        return true;
      } catch {
        return false;
      }
    },
    remove(poId) {
      try {
        storage()?.removeItem(draftStorageKey(poId));
      } catch {
        // Nothing kept, nothing to remove.
      }
    },
  };
}

export const draftText = createDraftTextStore();

/** A photo kept for a PO's draft: its bytes and type (an ArrayBuffer is stored everywhere a Blob may not be). */
interface StoredPhoto {
  poId: string;
  type: string;
  bytes: ArrayBuffer;
}

const DB_NAME = 'erp-po-receipts';
const PHOTOS = 'photos';

let opening: Promise<IDBDatabase | null> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(PHOTOS))
          request.result.createObjectStore(PHOTOS, { keyPath: 'poId' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  }).then((db) => {
    if (!db) opening = null;
    return db;
  });
  return opening;
}

function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | null,
): Promise<T | null> {
  return openDb().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const tx = db.transaction(PHOTOS, mode);
          const request = work(tx.objectStore(PHOTOS));
          let result: T | null = null;
          if (request) request.onsuccess = () => (result = request.result);
          tx.oncomplete = () => resolve(result);
          tx.onerror = () => resolve(null);
          tx.onabort = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

/** The photo's bytes kept with a PO's draft; false when this device cannot keep it. */
export async function keepPhoto(poId: string, blob: Blob): Promise<boolean> {
  const bytes = await blob.arrayBuffer();
  const done = await run('readwrite', (store) =>
    store.put({ poId: poId.toLowerCase(), type: blob.type, bytes } satisfies StoredPhoto),
  );
  return done !== null;
}

export async function keptPhoto(poId: string): Promise<Blob | null> {
  const stored = await run<StoredPhoto | undefined>(
    'readonly',
    (store) => store.get(poId.toLowerCase()) as IDBRequest<StoredPhoto | undefined>,
  );
  if (!stored || !(stored.bytes instanceof ArrayBuffer)) return null;
  return new Blob([stored.bytes], { type: stored.type });
}

export async function forgetPhoto(poId: string): Promise<void> {
  await run('readwrite', (store) => store.delete(poId.toLowerCase()));
}

/** Removes everything kept for a PO's receipt (after it was sent, or on Discard). */
export function forgetDraft(poId: string): void {
  draftText.remove(poId);
  void forgetPhoto(poId);
}

/** A new receipt key (the service's Uuid): the SDK's request key, made once per receipt. */
export const newReceiptId = newRequestKey;
