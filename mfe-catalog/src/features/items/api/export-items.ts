import { api, call, saveFile } from '@erp/sdk';
import { useMutation } from '@tanstack/react-query';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportItemsInput {
  format: ExportFormat;
  /** The list's current search, so the file holds what the user sees. */
  keyword: string;
}

/** GET /items/export: the server builds the file; the browser only saves it, under the server's name. */
export async function exportItems({ format, keyword }: ExportItemsInput): Promise<void> {
  const file = await call(api, 'items.export', {
    query: { format, keyword: keyword.trim() },
    fallbackName: `items-${new Date().toISOString().slice(0, 10)}.${format}`,
  });
  saveFile(file);
}

export const useExportItems = () => useMutation({ mutationFn: exportItems });
