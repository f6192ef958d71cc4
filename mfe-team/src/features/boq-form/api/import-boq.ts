import type { BoqImportPreview, CreateItemBody } from '@erp/contracts';
import { api, call } from '@erp/sdk';

/** The server's limits for an import file. */
export const BOQ_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const BOQ_IMPORT_ACCEPT = '.xlsx,.csv';

/** POST /boq/import (multipart field `file`): a preview of the file's lines; nothing is stored. */
export function previewBoqImport(file: File, signal?: AbortSignal): Promise<BoqImportPreview> {
  const body = new FormData();
  body.append('file', file);
  return call(api, 'boq.import', { body, signal });
}

/** An unknown item of the file, created in the item master with the unit the file gives. */
export const createItem = (body: CreateItemBody) => call(api, 'items.create', { body });
