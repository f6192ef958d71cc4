import type { ImportJob } from '@erp/contracts';
import { api, call } from '@erp/sdk';
import { useMutation } from '@tanstack/react-query';

/** The server's limits for an import file. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_ACCEPT = '.csv,.xlsx';

/** POST /items/import (multipart field `file`) answers 202 with the job to poll. */
export async function startImport(file: File): Promise<ImportJob> {
  const body = new FormData();
  body.append('file', file);
  return call(api, 'items.import', { body });
}

export const useStartImport = () => useMutation({ mutationFn: startImport });
