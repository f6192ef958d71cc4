import { useMutation } from '@tanstack/react-query';
import { rawRequest } from './raw-request';

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportItemsInput {
  format: ExportFormat;
  /** The list's current search, so the file holds what the user sees. */
  keyword: string;
}

function fileNameFrom(response: Response, format: ExportFormat): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (match?.[1]) return decodeURIComponent(match[1]);
  return `items-${new Date().toISOString().slice(0, 10)}.${format}`;
}

/** GET /items/export: the server builds the file; the browser only saves the blob. */
export async function exportItems({ format, keyword }: ExportItemsInput): Promise<void> {
  const query = new URLSearchParams({ format });
  if (keyword.trim()) query.set('keyword', keyword.trim());
  const response = await rawRequest('GET', `/items/export?${query.toString()}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useExportItems = () => useMutation({ mutationFn: exportItems });
